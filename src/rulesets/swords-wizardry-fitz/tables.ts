// The ruleset's data tables as `fray rules swords-wizardry-fitz` shows them, every row with its
// provenance.
import { recordTable, valuesTable } from "../../engine/data-table.js";
import type { DataTable } from "../../engine/ruleset.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import {
  DEXTERITY,
  DEXTERITY_PROVENANCE,
  FIGHTER_BCB,
  FIGHTER_BCB_PROVENANCE,
  INITIATIVE_DICE,
  MIGHTY_BLOWS,
  SAVE_PROVENANCE,
  SPELL_ARMOUR_QUALITY,
  STRENGTH,
  STRENGTH_PROVENANCE,
  SURPRISE_LADDER,
  SURPRISE_LADDER_PROVENANCE,
  defaultSave,
} from "./data/charts.js";
import { DEFAULT_ROWS } from "./data/defaults.js";
import { byDefault, chapter } from "../../engine/provenance.js";
import { WEAPONS } from "./data/weapons.js";

const weapons = recordTable(
  "weapons",
  "Weapons (damage, kind, reach or first range increment in feet)",
  WEAPONS,
  (w) => ({
    damage: w.damage,
    kind: w.kind,
    reach: w.reach,
    long: w.long,
    range: w.range,
    bow: w.bow,
    reload: w.reload,
    thrown: w.thrown,
    offHand: w.light,
  }),
);

const armour: DataTable = {
  id: "armour",
  title: "Armour and shields (bonus to AC 10, ascending)",
  rows: [
    ...Object.entries(ARMOUR).map(([key, a]) => ({
      key,
      values: { bonus: a.bonus, metal: a.metal },
      provenance: a.provenance,
    })),
    ...Object.entries(SHIELDS)
      .filter(([key]) => key !== "none")
      .map(([key, s]) => ({
        key: `${key} (shield)`,
        values: { bonus: s.bonus },
        provenance: s.provenance,
      })),
  ],
};

const bcb: DataTable = {
  id: "fighter-bcb",
  title: "Base Combat Bonus of a fighter by level (monsters: hit dice, at most +15)",
  rows: [
    ...FIGHTER_BCB.map((b, i) => ({
      key: `level ${i + 1}`,
      values: { bcb: b },
      provenance:
        i === 6
          ? chapter("Base Combat Bonuses: a 7th level fighter has a BCB of +4")
          : FIGHTER_BCB_PROVENANCE,
    })),
    {
      key: "monsters",
      values: { bcb: "hit dice, at most +15; extra hit points ignored" },
      provenance: chapter("Base Combat Bonuses"),
    },
  ],
};

/** "STR 13-15" for a row of a table by minimum score, highest first ("18+", "4 or less"). */
function scoreRange(what: string, rows: readonly { readonly min: number }[], i: number): string {
  const row = rows[i]!;
  if (i === 0) return `${what} ${row.min}+`;
  const top = rows[i - 1]!.min - 1;
  if (i === rows.length - 1) return `${what} ${top} or less`;
  return top === row.min ? `${what} ${row.min}` : `${what} ${row.min}-${top}`;
}

const initiative: DataTable = {
  id: "initiative-dice",
  title: "COMBAT INITIATIVE: the initiative die by DEX",
  rows: INITIATIVE_DICE.map((r, i) => ({
    key: scoreRange("DEX", INITIATIVE_DICE, i),
    values: { die: `d${r.die}` },
    provenance: chapter("3. Determine Initiative: COMBAT INITIATIVE"),
  })),
};

const surprise: DataTable = {
  id: "surprise-dice",
  title:
    "The surprise die ladder (surprised on 1-2, alert creatures on 1; a helm drops one or two steps)",
  rows: SURPRISE_LADDER.map((d) => ({
    key: `d${d}`,
    values: { die: d },
    provenance: SURPRISE_LADDER_PROVENANCE[d]!,
  })),
};

const mighty: DataTable = {
  id: "mighty-blows",
  title: "Effects of Mighty Blows (d20, less the victim's save)",
  rows: MIGHTY_BLOWS.map((r) => ({
    key: r.to > 100 ? `${r.from}+` : r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`,
    values: {
      effect: r.name,
      con: r.con < 0 ? "all" : -r.con,
      stunDie: r.stunDie === 0 ? null : `d${r.stunDie}`,
    },
    provenance: chapter("Critical Hits and Fumbles: Effects of Mighty Blows"),
  })),
};

const abilities: DataTable = {
  id: "abilities",
  title: "Strength (to hit, damage) and Dexterity (missiles, AC) modifiers",
  rows: [
    ...STRENGTH.map((r, i) => ({
      key: scoreRange("STR", STRENGTH, i),
      values: { hit: r.hit, damage: r.damage },
      provenance: STRENGTH_PROVENANCE,
    })),
    ...DEXTERITY.map((r, i) => ({
      key: scoreRange("DEX", DEXTERITY, i),
      values: { missile: r.missile, ac: r.ac },
      provenance: DEXTERITY_PROVENANCE,
    })),
  ],
};

const spellArmour: DataTable = {
  id: "spell-armour",
  title: "Spells: the magical armour quality a fighter-mage needs",
  rows: SPELL_ARMOUR_QUALITY.map((r) => ({
    key: `spell level ${r.from}-${r.to}`,
    values: { quality: `+${r.quality}` },
    provenance: chapter("Spells: Spell Level / Required Armour Quality"),
  })),
};

const saves: DataTable = {
  id: "saves",
  title: "Saving throw when a file gives none",
  rows: [
    ...[1, 3, 6, 9, 12].map((l) => ({
      key: `character level ${l}`,
      values: { save: defaultSave("character", l, 0) },
      provenance:
        l === 6
          ? byDefault("Blogo, a 6th-level magic-user, saves on 10 (Critical Hits and Fumbles)")
          : SAVE_PROVENANCE,
    })),
    ...[1, 3, 6, 10].map((hd) => ({
      key: `monster of ${hd} HD`,
      values: { save: defaultSave("monster", 0, hd) },
      provenance: SAVE_PROVENANCE,
    })),
  ],
};

const defaults = valuesTable(
  "defaults",
  "Numbers the chapter relies on or leaves out",
  DEFAULT_ROWS,
);

export const TABLES: readonly DataTable[] = [
  weapons,
  armour,
  bcb,
  initiative,
  surprise,
  mighty,
  abilities,
  spellArmour,
  saves,
  defaults,
];
