// Calculate attack and defense scores: the attack formula at onset and melee range, passive
// and active defence, and the damage reduction an attack meets (Armor and damage reduction).
import {
  inFight,
  rangeOf,
  type Fighter,
  type FighterWeapon,
  type Range,
  type TntState,
} from "../state.js";
import type { TntSwitches } from "../switches.js";

/** Base of passive defence (Passive defense). */
export const PASSIVE_BASE = 8;

/**
 * Onset range: the reach bonus applies at onset, the speed bonus at melee. Grapple range has
 * no formula in the chapter; the `grappleAttacks` switch reads it as the melee formula.
 */
export function rangeBonus(weapon: FighterWeapon, range: Range): number {
  return range === "onset" ? weapon.reach : weapon.speed;
}

/** Attack formula: kept die + attack skill + reach (onset) or speed (melee) - bypass penalty. */
export function attackModifier(
  f: Fighter,
  range: Range,
  bypass: boolean,
  switches: TntSwitches,
): number {
  return f.attackSkill + rangeBonus(f.weapon, range) - (bypass ? switches.bypassPenalty : 0);
}

/** Can `f` attack at `range` at all? (Disengaged: no; grapple: by the `grappleAttacks` switch.) */
export function canAttackAt(f: Fighter, range: Range, switches: TntSwitches): boolean {
  if (range === "disengaged") return false;
  if (range === "grapple" && switches.grappleAttacks === "small-weapons-only")
    return f.weapon.small;
  return true;
}

/** Foes `f` can attack now (Offense), in the fight and at a range its weapon works at. */
export function attackableFoes(state: TntState, f: Fighter): Fighter[] {
  const out: Fighter[] = [];
  for (const g of state.fighters) {
    if (g.side !== f.side && inFight(g) && canAttackAt(f, rangeOf(state, f, g), state.switches))
      out.push(g);
  }
  return out;
}

/** Passive defense: 8 + defence skill + the shield's defence score (weapons do not count). */
export function passiveDefence(f: Fighter): number {
  return PASSIVE_BASE + f.defenceSkill + (f.shield === null ? 0 : f.shield.defence);
}

/** Active defense: added to the kept die: defence skill + the better of weapon or shield. */
export function activeDefenceBonus(f: Fighter): number {
  const weapon = f.weapon.defence;
  const best = f.shield === null ? weapon : Math.max(weapon, f.shield.defence);
  return f.defenceSkill + best;
}

/** Active defense: the pool dice rolled plus the extra d20 a shield gives. */
export function activeDefenceDice(f: Fighter, poolDice: number): number {
  return poolDice + (f.shield === null ? 0 : 1);
}

/** Armor and damage reduction: DR less armour piercing, or nothing for an armour-bypass attack. */
export function damageReduction(attacker: Fighter, target: Fighter, bypass: boolean): number {
  return bypass ? 0 : Math.max(0, target.armour.dr - attacker.weapon.armourPiercing);
}
