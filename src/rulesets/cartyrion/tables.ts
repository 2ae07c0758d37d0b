// The ruleset's data tables as `fray rules cartyrion` shows them, every row with its provenance.
import type { DataTable } from "../../engine/ruleset.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import { DEFAULT_ROWS } from "./data/defaults.js";
import { INITIATIVE_TABLES } from "./data/initiative-tables.js";
import { chapter } from "../../engine/provenance.js";
import { WEAPONS } from "./data/weapons.js";
import { damageDiceMultiplier } from "./procedures/damage-dice.js";

const weapons: DataTable = {
  id: "weapons",
  title: "Weapons (damage die, kind, finesse, reach or range)",
  rows: Object.entries(WEAPONS).map(([key, w]) => ({
    key,
    values: {
      die: `d${w.die}`,
      kind: w.kind,
      finesse: w.finesse,
      reach: w.reach,
      range: w.range,
      reload: w.reload,
      thrown: w.thrown,
      natural: w.natural,
    },
    provenance: w.provenance,
  })),
};

const armour: DataTable = {
  id: "armour",
  title: "Armour (armour points)",
  rows: Object.entries(ARMOUR).map(([key, a]) => ({
    key,
    values: { points: a.points },
    provenance: a.provenance,
  })),
};

const shields: DataTable = {
  id: "shields",
  title: "Shields (armour points, durability when parrying)",
  rows: Object.entries(SHIELDS).map(([key, s]) => ({
    key,
    values: { points: s.points, durability: s.durability },
    provenance: s.provenance,
  })),
};

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

const defaults: DataTable = {
  id: "defaults",
  title: "Numbers a sheet or the chapter may leave out",
  rows: DEFAULT_ROWS.map((r) => ({
    key: r.key,
    values: { value: r.value },
    provenance: r.provenance,
  })),
};

export const TABLES: readonly DataTable[] = [
  weapons,
  armour,
  shields,
  damageDice,
  initiative,
  defaults,
];
