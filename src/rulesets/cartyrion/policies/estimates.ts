// Expected damage and "progress" toward taking a foe out, for the default policies. Exact
// expectations of the exploding dice (damage-dice.ts), cheap enough to call for every option of
// every turn in simulation.
import { approachNeeded } from "../procedures/actions.js";
import { d20Success } from "./d20.js";
import { chanceAtLeast, expectedAfter } from "../procedures/damage-dice.js";
import { distance, meleeReach, usable } from "../procedures/field.js";
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

/** The chance that one attack takes `t` out (parries ignored). */
export function chanceToTakeOut(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
  w: WeaponState,
  mode: Mode,
): number {
  const sw = state.switches;
  const direct = mode === "sneak" || w.kind === "ranged";
  const need = damageToTakeOut(state, t, direct);
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

/** Can `foe` reach `me` with an attack on its next turn (moving its Move, or charging)? */
export function threatens(foe: CombatantState, me: CombatantState): boolean {
  const d = distance(foe, me);
  const budget = foe.heldBy === "" ? foe.move : 0;
  for (const w of foe.weapons) {
    if (!usable(w)) continue;
    if (approachNeeded(foe, me, w, w.kind === "ranged" ? budget : 2 * budget) >= 0) return true;
  }
  return d <= meleeReach(foe);
}

/**
 * The damage `me` can expect next round: the blows of the foes already in melee with it, or the
 * best blow of the most dangerous foe that can reach it, whichever is more. Foes that are
 * withdrawing are not counted.
 */
/** How many foes the last `threatTo` found able to reach its combatant. */
export let threateners = 0;

export function threatTo(state: CartyrionState, me: CombatantState): number {
  let worst = 0;
  let engaged = 0;
  threateners = 0;
  for (const f of state.combatants) {
    // A foe that is withdrawing will not swing at `me` next round: it is leaving the fight.
    if (f.side === me.side || f.status !== "fighting" || f.surprised || f.withdrawing) continue;
    if (!threatens(f, me)) continue;
    threateners += 1;
    let best = 0;
    for (const w of f.weapons) {
      if (!usable(w)) continue;
      const e = expectedDamage(state, f, me, w, "normal");
      if (e > best) best = e;
    }
    if (best > worst) worst = best;
    if (distance(f, me) <= meleeReach(f)) engaged += best;
  }
  return Math.max(worst, engaged);
}

/** Mean of one exploding d`sides`: (sides + 1) / 2 * sides / (sides - 1). */
function explodingMeanOf(sides: number): number {
  return sides <= 1 ? 1 : ((sides + 1) / 2) * (sides / (sides - 1));
}

/** explodingMeanOf for the dice weapons have (d2 to d20), computed once. */
const EXPLODING_MEAN = Float64Array.from({ length: 21 }, (_, sides) => explodingMeanOf(sides));

function explodingMean(sides: number): number {
  return sides >= 0 && sides < EXPLODING_MEAN.length
    ? EXPLODING_MEAN[sides]!
    : explodingMeanOf(sides);
}

/**
 * A cheap upper bound of `threatTo` (every foe not withdrawing, no mitigation): when even this is below what keeps
 * `me` standing, the exact threat need not be computed.
 */
export function roughThreatTo(state: CartyrionState, me: CombatantState): number {
  let total = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side === me.side || f.status !== "fighting" || f.withdrawing) continue;
    let best = 0;
    const ws = f.weapons;
    for (let j = 0; j < ws.length; j += 1) {
      const w = ws[j]!;
      if (!usable(w)) continue;
      const e = f.dice * (explodingMean(w.die) + w.magic) + Math.max(0, f.str, f.dex, f.awa);
      if (e > best) best = e;
    }
    total += best;
  }
  return total;
}
