// The ruleset's data tables as `fray rules dungeons-of-olde` shows them, every row with its
// provenance: the chapter's weapon, shield and armour tables, the critical outcomes by margin,
// the CR ladder, the action-point costs and the numbers Fray chooses.
import { recordTable, valuesTable } from "../../engine/data-table.js";
import type { DataTable } from "../../engine/ruleset.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import { chapter } from "../../engine/provenance.js";
import {
  AP,
  COST_ROWS,
  CR_LADDER,
  CR_PROVENANCE,
  DEFAULT_ROWS,
  OUTCOME_PROVENANCE,
  OUTCOME_ROWS,
} from "./data/rules.js";
import { MELEE, RANGED, RANGED_SKILL_PROVENANCE } from "./data/weapons.js";

const die = (rank: number) => (rank === 0 ? "Brawn die / 2" : `d${rank}`);

const melee = recordTable(
  "melee-weapons",
  "Melee weapons (skill, check stat, reach, Brawn Minimum one hand / two hands, damage)",
  MELEE,
  (w) => ({
    name: w.name,
    skill: w.skill === "" ? "none" : w.skill,
    stat: w.stat,
    reach: w.reachMin === w.reachMax ? `${w.reachMin}` : `${w.reachMin}-${w.reachMax}`,
    brawn:
      w.brawn2h > 0
        ? `${w.brawn1h}/${w.brawn2h}`
        : w.brawn1h === 0
          ? "-"
          : `${w.brawn1h} (one hand only)`,
    damage: w.improvised ? "Brawn die / 2, +1 per full 5 Brawn" : die(w.damage),
  }),
);

const ranged = recordTable(
  "ranged-weapons",
  "Ranged weapons (base range, range limit, hands, Brawn Minimum, damage; Finesse dice)",
  RANGED,
  (w) => ({
    name: w.name,
    baseRange: w.baseRange,
    rangeLimit: `x${w.limit}`,
    hands: w.hands,
    brawn: w.brawnReset > 0 ? `${w.brawn}/${w.brawnReset}` : w.brawn,
    damage: die(w.damage),
    thrown: w.thrown,
  }),
);

const rangedSkills: DataTable = {
  id: "ranged-skills",
  title: "Skill of each ranged weapon",
  rows: Object.entries(RANGED).map(([key, w]) => ({
    key,
    values: { skill: w.skill },
    provenance: RANGED_SKILL_PROVENANCE,
  })),
};

const shields = recordTable(
  "shields",
  "Shields (Defense bonus, Brawn Minimum, spellcasting adjustment)",
  SHIELDS,
  (s) => ({ name: s.name, defence: s.bonus, brawn: s.brawn, spellcasting: s.spellcasting }),
);

const armour = recordTable(
  "armour",
  "Armour (category, damage reduction, Brawn Minimum)",
  ARMOUR,
  (a) => ({ name: a.name, category: a.category, dr: a.dr, brawn: a.brawn }),
);

const outcomes: DataTable = {
  id: "critical-outcomes",
  title: "Critical outcomes by margin (attack total - CR), character points, who chooses",
  rows: OUTCOME_ROWS.map((r) => ({
    key: r.tier,
    values: {
      margin: r.margin,
      cp: r.cp,
      chooser: r.chooser === "" ? "-" : r.chooser,
      options: r.options.join("; ") || "-",
    },
    provenance: OUTCOME_PROVENANCE,
  })),
};

const ladder: DataTable = {
  id: "cr-ladder",
  title: "Challenge ratings",
  rows: CR_LADDER.map((r) => ({ key: r.name, values: { cr: r.cr }, provenance: CR_PROVENANCE })),
};

const costs: DataTable = {
  id: "action-costs",
  title: 'Action-point costs ("only": nothing else that round)',
  rows: COST_ROWS.map((r) => ({
    key: r.key,
    values: { what: r.what, ap: r.ap, only: r.only },
    provenance: r.provenance,
  })),
};

const defaults = valuesTable("defaults", "Numbers and effects the sources leave out", [
  ...DEFAULT_ROWS,
  {
    key: "unarmed damage",
    value: "Brawn die halved, rounded up",
    provenance: chapter(
      "Unarmed Combat: Brawn 9, a 7 on the die: 4 bare-fisted, 5 with a beer stein",
    ),
  },
  {
    key: "Shield Block",
    value: `+${AP.blockBonus} Defense against melee until the reset phase`,
    provenance: COST_ROWS.find((r) => r.key === "block")!.provenance,
  },
]);

export const TABLES: readonly DataTable[] = [
  melee,
  ranged,
  rangedSkills,
  shields,
  armour,
  outcomes,
  ladder,
  costs,
  defaults,
];
