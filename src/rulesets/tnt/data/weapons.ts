// Default weapon table. The chapter names every field a weapon needs (damage die, damage type,
// reach and speed bonuses, defence value, armour piercing, the "small weapon" icon) but says
// "I don't have any stats for armor or weapons documented yet", so every row is a default of
// ours (RULES-NOTES.md, 000): reach favours long weapons, speed short ones, in the spirit of
// Codex Martialis, whose own tables are not copied.
import type { Provenance } from "../../../engine/ruleset.js";

export const DAMAGE_TYPES = ["blunt", "pierce", "slash", "chop"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

export interface WeaponRecord {
  readonly name: string;
  /** Sides of the weapon's own damage die (Damage). */
  readonly damageDie: number;
  readonly damageType: DamageType;
  /** To-hit bonus at onset range (Onset range). */
  readonly reach: number;
  /** To-hit bonus at melee range (Onset range). */
  readonly speed: number;
  /** Defence value, used in active defence (Active defense). */
  readonly defence: number;
  /** Cancels that much of the armour's DR (Armor and damage reduction). */
  readonly armourPiercing: number;
  /** A small weapon can take its wielder into grapple range (Combat ranges). */
  readonly small: boolean;
}

const WHY = "the chapter has no weapon table; a default of Fray's (RULES-NOTES.md, 000)";
const DEFAULT: Provenance = { source: "default", ref: WHY };

function w(
  name: string,
  damageDie: number,
  damageType: DamageType,
  reach: number,
  speed: number,
  defence: number,
  armourPiercing: number,
  small = false,
): WeaponRecord {
  return { name, damageDie, damageType, reach, speed, defence, armourPiercing, small };
}

export const WEAPONS: Readonly<Record<string, WeaponRecord>> = {
  unarmed: w("Unarmed", 3, "blunt", 0, 2, 0, 0, true),
  dagger: w("Dagger", 4, "pierce", 0, 3, 1, 1, true),
  shortsword: w("Short sword", 6, "pierce", 1, 2, 2, 0),
  "arming-sword": w("Arming sword", 6, "slash", 2, 2, 2, 0),
  longsword: w("Longsword", 8, "slash", 3, 1, 3, 0),
  rapier: w("Rapier", 6, "pierce", 4, 2, 2, 1),
  axe: w("Axe", 8, "chop", 2, 1, 1, 1),
  mace: w("Mace", 6, "blunt", 1, 1, 1, 2),
  club: w("Club", 6, "blunt", 1, 1, 1, 0),
  warhammer: w("Warhammer", 6, "blunt", 2, 0, 1, 3),
  spear: w("Spear", 8, "pierce", 4, 0, 2, 1),
  quarterstaff: w("Quarterstaff", 6, "blunt", 3, 1, 3, 0),
  greatsword: w("Greatsword", 10, "slash", 4, 0, 3, 0),
  poleaxe: w("Poleaxe", 10, "chop", 4, -1, 2, 2),
};

export const WEAPON_PROVENANCE: Provenance = DEFAULT;
