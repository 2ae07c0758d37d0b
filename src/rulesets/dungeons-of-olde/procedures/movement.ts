// Movement on the line of spaces (Movement and Actions, core rules): a turn's free steps are taken
// once a turn, before the round's other movement; then steps at 1 AP a space, at most 3 a round,
// within the round's action-point limit (switch roundApLimit) together with the round's action. A
// prone combatant cannot step until it rises; a lame one has no free steps and steps one space a
// round (Fray's defaults).
import { nearestFoe } from "../../../engine/line.js";
import { AP } from "../data/rules.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { distance, inMeleeReach, rangeAdjustment, wielded, type AttackKind } from "./derived.js";

export { nearestFoe };

/** Spaces `me` can still move this round: free steps, and steps paid for in AP. */
export interface Budget {
  readonly free: number;
  readonly steps: number;
}

/** No movement at all. */
export const NONE: Budget = { free: 0, steps: 0 };

/** Free steps `me` can take now (none while prone or lame). */
export function freeFor(me: CombatantState): number {
  return me.prone || me.steady.lame ? 0 : me.freeSteps;
}

/** AP steps left this round once an action of `actionCost` is paid for ("only" actions allow none). */
export function stepsFor(
  state: DooState,
  me: CombatantState,
  actionCost: number,
  only = false,
): number {
  if (me.prone || only) return 0;
  const limit = state.switches.roundApLimit === 0 ? Infinity : state.switches.roundApLimit;
  const steps = Math.min(me.steady.lame ? 1 : AP.stepMax, me.ap - actionCost, limit - actionCost);
  return steps > 0 ? steps : 0;
}

/** What is left for steps once an action of `actionCost` is paid for ("only" actions allow none). */
export function budgetFor(
  state: DooState,
  me: CombatantState,
  actionCost: number,
  only = false,
): Budget {
  const free = freeFor(me);
  const steps = stepsFor(state, me, actionCost, only);
  return free === 0 && steps === 0 ? NONE : { free, steps };
}

/** The direction `me` falls back in when it shares a space with a foe: toward its own side. */
function homeDirection(me: CombatantState): number {
  return me.steady.sheet.party ? -1 : 1;
}

/** The space `d` away from `target` on `me`'s side of it. */
export function spotAt(me: CombatantState, target: CombatantState, d: number): number {
  if (d === 0) return target.pos;
  const dir = me.pos > target.pos ? 1 : me.pos < target.pos ? -1 : homeDirection(me);
  return target.pos + dir * d;
}

/**
 * Moves `me` to `pos`, spending free steps first, then AP. Returns the spaces moved. Turns and
 * Phases: the free steps are taken once a turn ("one free step of 1-2 spaces a turn", RULES-NOTES.md
 * 004), so a move that takes any of them leaves none for a later round.
 */
export function moveTo(me: CombatantState, pos: number): number {
  const spaces = Math.abs(pos - me.pos);
  const free = spaces < me.freeSteps ? spaces : me.freeSteps;
  if (free > 0) me.freeSteps = 0;
  me.ap -= spaces - free;
  me.pos = pos;
  return spaces;
}

/** AP a move of `spaces` costs given the free steps left. */
export function stepCost(me: CombatantState, spaces: number): number {
  return spaces > me.freeSteps ? spaces - me.freeSteps : 0;
}

/**
 * Where `me` should stand to attack `target` with `w` this round, within `budget`: the spot that
 * costs fewest AP, then (melee) out of the target's own reach or (ranged) with the smallest range
 * penalty, then the fewest spaces. null when no spot in reach or range can be got to.
 */
export function attackSpot(
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  free: number,
  steps: number,
): number | null {
  const d0 = distance(me, target);
  const reach = free + steps;
  let lo: number;
  let hi: number;
  if (kind === "melee") {
    if (w.melee === null) return null;
    lo = w.melee.reachMin;
    hi = w.melee.reachMax;
  } else {
    if (w.ranged === null) return null;
    lo = 1;
    hi = w.ranged.baseRange * w.ranged.limit;
  }
  if (d0 - reach > lo) lo = d0 - reach;
  if (d0 + reach < hi) hi = d0 + reach;
  const foeWeapon = wielded(target);
  let best: number | null = null;
  let bestKey = Infinity;
  for (let d = lo; d <= hi; d += 1) {
    const pos = spotAt(me, target, d);
    const spaces = Math.abs(pos - me.pos);
    if (spaces > reach) continue;
    const ap = spaces > free ? spaces - free : 0;
    const exposed =
      target.status === "fighting" && foeWeapon.melee !== null && inMeleeReach(foeWeapon, d)
        ? 1
        : 0;
    let penalty = 0;
    if (kind === "ranged") {
      const adj = rangeAdjustment(w, d, target);
      if (adj === null) continue;
      penalty = -adj;
    }
    // AP first, then the range penalty, then staying out of the target's reach, then fewest spaces.
    const key = ((ap * 64 + penalty) * 2 + exposed) * 64 + spaces;
    if (key < bestKey) {
      bestKey = key;
      best = pos;
    }
  }
  return best;
}

/** The distances weapon `w` fights at: its reach, or for a shooter 2 to its Base Range. */
function band(w: WeaponState): readonly [number, number] {
  if (w.melee !== null) return [w.melee.reachMin, w.melee.reachMax];
  if (w.ranged !== null) return [Math.min(2, w.ranged.baseRange), w.ranged.baseRange];
  return [0, 1];
}

/**
 * Where `me` goes to take position against `target` with weapon `w` (the one in hand unless the
 * round's action readies another), within `budget`: the nearest distance it fights at, out of the
 * target's own reach when there is one, moving as far toward it as the budget allows.
 */
export function positionSpot(
  me: CombatantState,
  target: CombatantState,
  budget: Budget | number,
  w: WeaponState = wielded(me),
): number {
  const [lo, hi] = band(w);
  const d0 = distance(me, target);
  const foe = wielded(target);
  let want = -1;
  let wantKey = Infinity;
  for (let d = lo; d <= hi; d += 1) {
    const exposed =
      target.status === "fighting" && foe.melee !== null && inMeleeReach(foe, d) ? 1 : 0;
    const key = (exposed * 1024 + Math.abs(d - d0)) * 2 + (d < d0 ? 1 : 0);
    if (key < wantKey) {
      wantKey = key;
      want = d;
    }
  }
  const reach = typeof budget === "number" ? budget : budget.free + budget.steps;
  const d = want > d0 ? Math.min(want, d0 + reach) : Math.max(want, d0 - reach);
  return spotAt(me, target, d);
}

/** Is `me` within reach of `foe`'s weapon in hand where it stands? */
export function exposedTo(me: CombatantState, foe: CombatantState): boolean {
  const w = wielded(foe);
  return foe.status === "fighting" && w.melee !== null && inMeleeReach(w, distance(me, foe));
}

/**
 * Where `me` steps back to out of the reach of `foe`'s weapon in hand, within `budget`: the
 * nearest space past its reach, on `me`'s side of it. null when `me` is not in that reach, or the
 * budget does not get it out.
 */
export function awaySpot(me: CombatantState, foe: CombatantState, budget: Budget): number | null {
  if (!exposedTo(me, foe)) return null;
  const out = wielded(foe).melee!.reachMax + 1;
  return out - distance(me, foe) <= budget.free + budget.steps ? spotAt(me, foe, out) : null;
}

/** Where a withdrawal takes `me`: away from its nearest foe as far as the budget goes. */
export function withdrawSpot(state: DooState, me: CombatantState, budget: Budget): number {
  const foe = nearestFoe(state, me);
  const dir =
    foe === undefined || foe.pos === me.pos ? homeDirection(me) : me.pos > foe.pos ? 1 : -1;
  return me.pos + dir * (budget.free + budget.steps);
}
