// Expected damage and "progress" toward taking a foe out, for the default policies. Exact
// expectations of the exploding dice (damage-dice.ts), cheap enough to call for every option of
// every turn in simulation.
import { d20Success } from "./d20.js";
import { chanceAtLeast, expectedAfter } from "../procedures/damage-dice.js";
import { armourPoints } from "../procedures/mitigation.js";
import type { CartyrionState, CombatantState, WeaponState } from "../state.js";

export type Mode = "normal" | "power" | "sneak";

/** Stamina plus free injury slots: what is left before the combatant is out. */
export function staying(c: CombatantState): number {
  return c.stamina + (c.slots - c.injuries);
}

/** The attacker's ability bonus with `w`: bonusValue(me, bonusName(me, w, sneak)) in one step. */
export function attackBonus(me: CombatantState, w: WeaponState, sneak: boolean): number {
  if (w.kind === "ranged") return me.awa;
  if (!w.finesse) return me.str;
  return sneak || me.dex >= me.str ? me.dex : me.str;
}

/** The target's DEX bonus against an ordinary blow: none when helpless or aimed at. */
export function dexAgainst(me: CombatantState, t: CombatantState): number {
  return t.surprised || t.heldBy !== "" || (me.aimAt === t.id && me.aimEffect === "dex")
    ? 0
    : t.dex;
}

/** Expected damage through of one attack, before parrying. */
export function expectedDamage(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  w: WeaponState,
  mode: Mode,
): number {
  if (mode === "sneak") return expectedSneak(state, me, t, w);
  const sw = state.switches;
  const n = mode === "power" ? 2 * me.dice : me.dice;
  const flat = n * w.magic + attackBonus(me, w, false);
  return expectedAfter(n, w.die, flat - dexAgainst(me, t) - armourPoints(t, sw));
}

/** A sneak attack's: the target's DEX never counts; armour by the AWA check (finesse, ranged). */
function expectedSneak(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  w: WeaponState,
): number {
  const sw = state.switches;
  const n = me.dice;
  const flat = n * w.magic + attackBonus(me, w, true);
  const ap = armourPoints(t, sw);
  if (!(w.finesse || w.kind === "ranged")) return expectedAfter(n, w.die, flat - ap);
  const pass = d20Success(me.awa, 10 + ap);
  return pass * expectedAfter(n, w.die, flat) + (1 - pass) * expectedAfter(n, w.die, flat - ap);
}

/** Damage that takes `t` out in one blow (Infinity when one blow cannot, as with one slot per blow). */
export function damageToTakeOut(state: CartyrionState, t: CombatantState, direct: boolean): number {
  const slotsLeft = t.slots - t.injuries;
  if (state.switches.injurySlots === "blow")
    return slotsLeft > 1 ? Infinity : direct ? 1 : t.stamina + 1;
  return direct ? slotsLeft : t.stamina + slotsLeft;
}

/**
 * The chance that one attack takes `t` out (parries ignored), once `already` (ordinary damage,
 * off its Stamina Points first) and `alreadyDirect` (Direct Damage, into its injury slots) are
 * dealt to it. Resolving Combat: ordinary damage beyond the SP fills slots, so a blow of Direct
 * Damage (a sneak attack, a shot) counts only that overflow of the ordinary damage, while an
 * ordinary blow counts both.
 */
export function chanceToTakeOut(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  w: WeaponState,
  mode: Mode,
  already = 0,
  alreadyDirect = 0,
): number {
  const sw = state.switches;
  const direct = mode === "sneak" || w.kind === "ranged";
  const dealt = direct ? alreadyDirect + Math.max(0, already - t.stamina) : already + alreadyDirect;
  const need = damageToTakeOut(state, t, direct) - Math.floor(dealt);
  if (need === Infinity) return 0;
  const n = mode === "power" ? 2 * me.dice : me.dice;
  const flat = n * w.magic + attackBonus(me, w, mode === "sneak");
  const ap = armourPoints(t, sw);
  if (mode === "sneak") {
    if (!(w.finesse || w.kind === "ranged")) return chanceAtLeast(n, w.die, flat - ap, need);
    const pass = d20Success(me.awa, 10 + ap);
    return (
      pass * chanceAtLeast(n, w.die, flat, need) +
      (1 - pass) * chanceAtLeast(n, w.die, flat - ap, need)
    );
  }
  return chanceAtLeast(n, w.die, flat - dexAgainst(me, t) - ap, need);
}

/** What a parry leaves of an expected blow (a rough guide, not the exact rule). */
export function afterParry(t: CombatantState, e: number): number {
  if (t.parry === "weapon" || t.parry === "both") return e * 0.1;
  // A blow on a shield still wears it down: never quite worthless.
  if (t.parry === "shield" && t.shield !== null) return Math.max(0.1 * e, e - t.shield.left / 2);
  return e;
}

/** Expected share of what keeps the target standing that one blow removes (1 = likely out). */
export function progress(
  state: CartyrionState,
  t: CombatantState,
  e: number,
  direct: boolean,
): number {
  // The common case (stamina damage, one slot per point) first, small enough to inline.
  if (direct || state.switches.injurySlots === "blow") return progressOther(state, t, e, direct);
  return e / Math.max(1, t.stamina + Math.max(1, t.slots - t.injuries));
}

function progressOther(
  state: CartyrionState,
  t: CombatantState,
  e: number,
  direct: boolean,
): number {
  const slotsLeft = Math.max(1, t.slots - t.injuries);
  if (direct)
    return state.switches.injurySlots === "blow" ? Math.min(1, e) / slotsLeft : e / slotsLeft;
  return e > t.stamina
    ? (1 + t.stamina / Math.max(1, e)) / (slotsLeft + 1)
    : e / (t.stamina + slotsLeft);
}
