// A combatant's weapons, copied only when a rule changes one: the copies of a state share them
// (setup.ts `copySharingSteady`), so every change to a weapon (where it is, where it lies,
// how many are left, a crossbow loaded) goes through `ownWeapons` first.
import { ownSteady } from "./own-steady.js";
import type { CombatantState, WeaponState } from "./state.js";

export function copyWeapon(w: WeaponState): WeaponState {
  return {
    id: w.id,
    name: w.name,
    melee: w.melee,
    ranged: w.ranged,
    grip: w.grip,
    natural: w.natural,
    where: w.where,
    groundPos: w.groundPos,
    count: w.count,
    loaded: w.loaded,
    skilled: w.skilled,
  };
}

/**
 * `c`'s weapons made its own (fresh copies in a fresh array, set on its own steady part) and
 * returned: change a weapon only through what this returns, and read `c.steady.weapons` afresh
 * after it, for weapons taken from `c` before are the shared ones.
 */
export function ownWeapons(c: CombatantState): WeaponState[] {
  const steady = ownSteady(c);
  const own = steady.weapons.map(copyWeapon);
  steady.weapons = own;
  return own;
}
