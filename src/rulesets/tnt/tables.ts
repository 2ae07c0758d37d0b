// The default data tables with provenance, as `fray rules tnt` and the docs show them.
import type { JsonObject } from "../../engine/json.js";
import { chapter } from "../../engine/provenance.js";
import type { DataTable } from "../../engine/ruleset.js";
import { ARMOURS, ARMOUR_PROVENANCE, SHIELDS, SHIELD_PROVENANCE } from "./data/armour.js";
import { DEFAULT_CRIT_DICE } from "./data/crit-dice.js";
import { DAMAGE_TYPES, WEAPONS, WEAPON_PROVENANCE } from "./data/weapons.js";
import { PASSIVE_BASE } from "./procedures/scores.js";
import { DEFAULT_COMBAT_DICE, DEFAULT_HIT_POINTS } from "./schema.js";

const weapons: DataTable = {
  id: "weapons",
  title: "Weapons (damage die, damage type, reach, speed, defence, armour piercing, small)",
  rows: Object.entries(WEAPONS).map(([key, w]) => ({
    key,
    values: w as unknown as JsonObject,
    provenance: WEAPON_PROVENANCE,
  })),
};

const armour: DataTable = {
  id: "armour",
  title: "Armour (damage reduction)",
  rows: Object.entries(ARMOURS).map(([key, a]) => ({
    key,
    values: a as unknown as JsonObject,
    provenance:
      key === "none" ? chapter("Armor and damage reduction: no armour, no DR") : ARMOUR_PROVENANCE,
  })),
};

const shields: DataTable = {
  id: "shields",
  title: "Shields (defence score; any shield adds a d20 to active defence)",
  rows: Object.entries(SHIELDS).map(([key, s]) => ({
    key,
    values: (s ?? { name: "No shield", defence: 0 }) as unknown as JsonObject,
    provenance:
      key === "none" ? chapter("Passive defense: no shield, no shield score") : SHIELD_PROVENANCE,
  })),
};

const critDice: DataTable = {
  id: "crit-dice",
  title: "Critical damage die by damage type (sides; the critDice switch)",
  rows: DAMAGE_TYPES.map((type) => ({
    key: type,
    values: { sides: DEFAULT_CRIT_DICE[type] },
    provenance: {
      source: "default",
      ref: "Weapon damage-type damage dice lost its dice; RULES-NOTES.md 000 ranks them as Codex Martialis does (slash, chop, then pierce and blunt)",
    },
  })),
};

const constants: DataTable = {
  id: "constants",
  title: "Numbers of the rules",
  rows: [
    {
      key: "passive-defence-base",
      values: { value: PASSIVE_BASE },
      provenance: chapter("Passive defense: base score 8"),
    },
    {
      key: "combat-dice-range",
      values: { min: 1, max: 4 },
      provenance: chapter("Combat dice: a pool of 1-4 d20"),
    },
    {
      key: "shield-active-defence-dice",
      values: { value: 1 },
      provenance: chapter("Active defense: one extra d20 with a shield"),
    },
    {
      key: "master-stroke-threshold",
      values: { above: 20 },
      provenance: chapter("The master stroke: net attack score greater than 20"),
    },
    {
      key: "combat-dice-from-prowess",
      values: { formula: "prowess + 1, at most 4" },
      provenance: { source: "cited", ref: "Codex Martialis (RULES-NOTES.md 000)" },
    },
    {
      key: "default-combat-dice",
      values: { value: DEFAULT_COMBAT_DICE },
      provenance: {
        source: "default",
        ref: "a combatant with neither combatDice nor prowess: a seasoned fighter",
      },
    },
    {
      key: "default-hit-points",
      values: { value: DEFAULT_HIT_POINTS, takenOutAt: 0 },
      provenance: {
        source: "default",
        ref: "the chapter defines no hit points: 20 HP, taken out at 0 or below, lasts four or five solid hits of the default weapons",
      },
    },
  ],
};

export const TABLES: readonly DataTable[] = [weapons, armour, shields, critDice, constants];
