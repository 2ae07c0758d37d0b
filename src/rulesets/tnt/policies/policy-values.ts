// What the policies weigh: expected damage dealt and taken as shares of the hit points at
// stake, for one attack, a whole turn, or the rounds to come at a given range.
import { bestDamage } from "./expectations.js";
import { attackableFoes, canAttackAt } from "../procedures/scores.js";
import { inFight, rangeOf, setRange, type Fighter, type Range, type TntState } from "../state.js";

/** Dice of active defence an attacker expects of its target: one if it has one left. */
export function likelyDefenceDice(target: Fighter): number {
  return target.pool >= 1 ? 1 : 0;
}

/** Engaged foes that have yet to act this round and could attack `f`. */
export function threatsTo(state: TntState, f: Fighter, except?: Fighter): Fighter[] {
  const out: Fighter[] = [];
  for (const g of state.fighters) {
    if (g === except || g.side === f.side || !inFight(g) || g.acted || g.pool < 1) continue;
    if (canAttackAt(g, rangeOf(state, f, g), state.switches)) out.push(g);
  }
  return out;
}

/** Share of `target`'s hit points that `dice` dice of attack are expected to take. */
export function attackValue(state: TntState, f: Fighter, target: Fighter, dice: number): number {
  if (dice < 1) return 0;
  const dmg = bestDamage(
    f,
    target,
    rangeOf(state, f, target),
    dice,
    likelyDefenceDice(target),
    state.switches,
  );
  return Math.min(dmg, target.hp) / Math.max(1, target.hp);
}

/** The best attack value of `dice` dice over `targets`. */
export function bestAttackValue(
  state: TntState,
  f: Fighter,
  dice: number,
  targets: readonly Fighter[],
): number {
  if (dice < 1) return 0;
  let best = 0;
  for (const g of targets) best = Math.max(best, attackValue(state, f, g, dice));
  return best;
}

/**
 * The best attack value of `dice` dice in `f`'s coming turn: at the ranges as they stand, or,
 * against a foe in a grapple `f`'s weapon cannot fight in, after the step out to melee that the
 * move policy takes first (a die; tnt, Changing the range).
 */
export function comingAttackValue(state: TntState, f: Fighter, dice: number): number {
  let best = bestAttackValue(state, f, dice, attackableFoes(state, f));
  if (dice < 2 || canAttackAt(f, "grapple", state.switches)) return best;
  for (const foe of state.fighters) {
    if (foe.side === f.side || !inFight(foe) || rangeOf(state, f, foe) !== "grapple") continue;
    setRange(state, f, foe, "melee");
    best = Math.max(best, attackValue(state, f, foe, dice - 1));
    setRange(state, f, foe, "grapple");
  }
  return best;
}

/** Share of `f`'s hit points the threats are expected to take when `f` keeps `reserve` dice. */
export function threatValue(
  state: TntState,
  f: Fighter,
  threats: readonly Fighter[],
  reserve: number,
): number {
  if (threats.length === 0) return 0;
  let dmg = 0;
  let left = reserve;
  for (let i = 0; i < threats.length; i += 1) {
    const g = threats[i]!;
    const share = Math.ceil(left / (threats.length - i));
    left -= share;
    dmg += bestDamage(g, f, rangeOf(state, f, g), g.pool, share, state.switches);
  }
  return Math.min(dmg, f.hp) / Math.max(1, f.hp);
}

/** The best value of a turn of `f` (one attack and a reserve) with its pool as it stands. */
export function turnValue(state: TntState, f: Fighter): number {
  const threats = threatsTo(state, f);
  const targets = attackableFoes(state, f);
  let best = -Infinity;
  for (let keep = 0; keep <= f.pool; keep += 1) {
    best = Math.max(
      best,
      bestAttackValue(state, f, f.pool - keep, targets) - threatValue(state, f, threats, keep),
    );
  }
  return best;
}

/** turnValue with the pair (f, foe) at `range` and `spend` dice fewer in f's pool. */
export function valueAt(
  state: TntState,
  f: Fighter,
  foe: Fighter,
  range: Range,
  spend: number,
): number {
  const was = rangeOf(state, f, foe);
  setRange(state, f, foe, range);
  f.pool -= spend;
  const value = turnValue(state, f);
  f.pool += spend;
  setRange(state, f, foe, was);
  return value;
}

/**
 * What a range is worth to `f` against `foe` in the rounds to come: a full round's attack each
 * way at that range (each side expecting one die of active defence), as shares of hit points.
 */
export function lastingValue(state: TntState, f: Fighter, foe: Fighter, range: Range): number {
  const sw = state.switches;
  const mine = f.combatDice - f.lostDice - 1;
  const theirs = foe.combatDice - foe.lostDice - 1;
  const dealt = mine >= 1 && canAttackAt(f, range, sw) ? bestDamage(f, foe, range, mine, 1, sw) : 0;
  const taken =
    theirs >= 1 && canAttackAt(foe, range, sw) ? bestDamage(foe, f, range, theirs, 1, sw) : 0;
  return dealt / Math.max(1, foe.hp) - taken / Math.max(1, f.hp);
}

/** The range, onset or melee, that suits `f` against `foe` in the rounds to come. */
export function preferredRange(state: TntState, f: Fighter, foe: Fighter): "onset" | "melee" {
  return lastingValue(state, f, foe, "melee") > lastingValue(state, f, foe, "onset") + 1e-9
    ? "melee"
    : "onset";
}
