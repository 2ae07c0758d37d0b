// The ruleset's data tables as `fray rules cartyrion` shows them, every row with its provenance.
import { recordTable, valuesTable } from "../../engine/data-table.js";
import type { DataTable } from "../../engine/ruleset.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import { DEFAULT_ROWS } from "./data/defaults.js";
import { INITIATIVE_TABLES } from "./data/initiative-tables.js";
import { chapter } from "../../engine/provenance.js";
import { WEAPONS } from "./data/weapons.js";
import { damageDiceMultiplier } from "./procedures/damage-dice.js";

const weapons = recordTable(
  "weapons",
  "Weapons (damage die, kind, finesse, reach or range)",
  WEAPONS,
  (w) => ({
    die: `d${w.die}`,
    kind: w.kind,
    finesse: w.finesse,
    reach: w.reach,
    range: w.range,
    reload: w.reload,
    thrown: w.thrown,
    natural: w.natural,
  }),
);

const armour = recordTable("armour", "Armour (armour points)", ARMOUR, (a) => ({
  points: a.points,
}));

const shields = recordTable(
  "shields",
  "Shields (armour points, durability when parrying)",
  SHIELDS,
  (s) => ({ points: s.points, durability: s.durability }),
);

const damageDice: DataTable = {
  id: "damage-dice",
  title: "Damage Dice Multiplier by level: ceil(level / 2)",
  rows: Array.from({ length: 10 }, (_, i) => {
    const level = 2 * i + 1;
    return {
      key: `levels ${level}-${level + 1}`,
      values: { dice: damageDiceMultiplier(level) },
      provenance: chapter(
        i === 0
          ? "Damage Dice: one die at Level 1"
          : i === 1
            ? "Damage Dice: 2 dice at Level 3 (Cedryk, Level 3, rolls 2)"
            : i === 4
              ? "Damage Dice: another die at every odd level (Tombril, Level 9, rolls 5)"
              : i === 5
                ? "Damage Dice: another die at every odd level (the Hill Giant, Level 12, rolls 6)"
                : "Damage Dice: another die at every odd level",
      ),
    };
  }),
};

const initiative: DataTable = {
  id: "initiative",
  title: "The initiative die (d6): who acts first, who is surprised",
  rows: (
    Object.entries(INITIATIVE_TABLES) as [string, (typeof INITIATIVE_TABLES)["standard"]][]
  ).flatMap(([table, faces]) =>
    faces.map((r, i) => ({
      key: `${table} ${i + 1}`,
      values: { first: r.first, surprised: r.surprised },
      provenance: chapter(table === "standard" ? "Determining Turn Order: Initiative" : "Surprise"),
    })),
  ),
};

const defaults = valuesTable(
  "defaults",
  "Numbers a sheet or the chapter may leave out",
  DEFAULT_ROWS,
);

export const TABLES: readonly DataTable[] = [
  weapons,
  armour,
  shields,
  damageDice,
  initiative,
  defaults,
];
