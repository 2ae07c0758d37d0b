// The field: combatants on a line measured in feet (Fray's simple distance model for the
// chapter's Move and positions). Distance, who is a foe, who is engaged with whom, and moving
// toward or away from someone.
import { anyFoeFighting, atOnLine, distance, find, nearestFoe } from "../../../engine/line.js";
import { DEFAULTS } from "../data/defaults.js";
import type { CartyrionState, CombatantState, WeaponState } from "../state.js";

// The engine's helpers for combatants on a line, for this ruleset's procedures.
export { anyFoeFighting, distance, find, nearestFoe };

/** "at 30 ft", or "45 ft behind the start line" left of the party's start. */
export const atFeet = (pos: number): string => atOnLine(pos, "ft");

export function isFoe(a: CombatantState, b: CombatantState): boolean {
  return a.side !== b.side;
}

export function fighting(c: CombatantState): boolean {
  return c.status === "fighting";
}

/** A weapon that can be swung or shot now or drawn as part of the action. */
export function usable(w: WeaponState): boolean {
  const carried = w.carried;
  if (carried !== "hand" && carried !== "ready") return false; // broken, in the pack, dropped
  if (w.reload && !w.loaded && w.kind === "ranged") return false;
  return w.count > 0;
}

/** The farthest a combatant threatens in melee: 5 ft, or its longest usable reach weapon. */
export function meleeReach(c: CombatantState): number {
  let reach: number = DEFAULTS.meleeDistance;
  for (const w of c.weapons)
    if (w.kind !== "ranged" && usable(w) && w.reach > reach) reach = w.reach;
  return reach;
}

/** Have `a` and `b` traded attacks this round or the last (either way round)? */
export function fightingEachOther(a: CombatantState, b: CombatantState): boolean {
  return (
    a.attackedNow.includes(b.id) ||
    a.attackedPrev.includes(b.id) ||
    b.attackedNow.includes(a.id) ||
    b.attackedPrev.includes(a.id)
  );
}

/**
 * Sneak Attacks: is `target` "engaged in melee combat with another creature" than `except`? A foe
 * of the target within its melee reach, with whom the target has traded attacks this round or
 * the last.
 */
export function engagedWithOther(
  state: CartyrionState,
  target: CombatantState,
  except: CombatantState,
): boolean {
  // Whether they traded attacks first: their short lists are cheaper than both reaches.
  for (const c of state.combatants) {
    if (c === except || c.status !== "fighting" || c.side === target.side) continue;
    if (
      fightingEachOther(c, target) &&
      distance(c, target) <= Math.max(meleeReach(c), meleeReach(target))
    )
      return true;
  }
  return false;
}

/**
 * Moves `me` toward `target` until it is `stopAt` feet away, spending at most `budget` feet.
 * Returns the feet spent.
 */
export function moveToward(
  me: CombatantState,
  target: CombatantState,
  stopAt: number,
  budget: number,
): number {
  const d = distance(me, target);
  const want = Math.max(0, d - stopAt);
  const step = Math.min(want, Math.max(0, budget));
  if (step > 0) me.pos += target.pos >= me.pos ? step : -step;
  return step;
}

/** Which way is "away from the fight" for `me`: away from its nearest foe, or its own side's edge. */
export function awayDirection(state: CartyrionState, me: CombatantState): number {
  const foe = nearestFoe(state, me);
  if (foe === undefined || foe.pos === me.pos) return me.party ? -1 : 1;
  return me.pos > foe.pos ? 1 : -1;
}

/** Moves `me` away from the fight by up to `budget` feet. Returns the feet spent. */
export function moveAway(state: CartyrionState, me: CombatantState, budget: number): number {
  const step = Math.max(0, budget);
  me.pos += awayDirection(state, me) * step;
  return step;
}

/** Moves `me` away from `target` until at least `keep` feet apart, spending at most `budget`. */
export function backOff(
  me: CombatantState,
  target: CombatantState,
  keep: number,
  budget: number,
): number {
  const d = distance(me, target);
  const step = Math.min(Math.max(0, keep - d), Math.max(0, budget));
  if (step > 0) {
    const dir = me.pos === target.pos ? (me.party ? -1 : 1) : me.pos > target.pos ? 1 : -1;
    me.pos += dir * step;
  }
  return step;
}
