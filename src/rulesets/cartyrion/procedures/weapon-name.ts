// How a weapon is named in choices, explanations and views: "shortsword +2" (its magic bonus after
// its name, a word apart, as a GM says it; the chapter's Damage Dice writes "Longsword+1"), and
// how an attack is made with it: "with the shortsword +2", or "unarmed" for the
// unarmed attack every combatant has (data/weapons.ts).
import type { WeaponState } from "../state.js";

export function weaponName(w: Pick<WeaponState, "name" | "magic">): string {
  return w.magic > 0 ? `${w.name} +${w.magic}` : w.name;
}

export function withWeapon(w: Pick<WeaponState, "id" | "name" | "magic">): string {
  return w.id === "unarmed" ? "unarmed" : `with the ${weaponName(w)}`;
}
