// The line the fight stands on, and who can do what on it: distances in feet, foes and friends,
// who is "in combat" (Melee Attacks: within ten feet), who can act at the current count (those
// acting on the same count act simultaneously: a combatant taken out or stunned at this count
// still acts at it), and who is helpless.
import { anyFoeFighting, distance, find, nearestFoe } from "../../../engine/line.js";
import { DEFAULTS } from "../data/defaults.js";
import type { Fighter, SwState, WeaponState } from "../state.js";

// The engine's helpers for combatants on a line, for this ruleset's procedures.
export { anyFoeFighting, distance, find, nearestFoe };

export function isStunned(state: SwState, f: Fighter): boolean {
  return f.stunnedThrough >= state.round;
}

/** Surprised in the current surprise segment (Surprise: the number rolled is how long). */
export function surprisedNow(state: SwState, f: Fighter): boolean {
  return state.round <= state.segments && f.steady.surprisedFor >= state.round;
}

export function isPinned(state: SwState, f: Fighter): boolean {
  return f.steady.pinnedThrough >= state.round;
}

/** Completely helpless or unaware ("Assassination" attacks). */
export function isHelpless(state: SwState, f: Fighter): boolean {
  return f.status === "knocked-out" || surprisedNow(state, f) || isPinned(state, f);
}

/** Still in the fight and able to act at the count being played. */
export function canAct(state: SwState, f: Fighter): boolean {
  if (f.status !== "fighting") {
    return f.outRound === state.round && f.outCount === state.count && state.count >= 0;
  }
  if (surprisedNow(state, f) || isPinned(state, f)) return false;
  if (isStunned(state, f)) {
    return f.stunRound === state.round && f.stunCount === state.count && state.count >= 0;
  }
  return true;
}

/** Able to act this round at all (the plans and initiative before the countdown). */
export function readyForRound(state: SwState, f: Fighter): boolean {
  return (
    f.status === "fighting" &&
    !surprisedNow(state, f) &&
    !isPinned(state, f) &&
    !isStunned(state, f)
  );
}

/** A foe that can still be attacked: fighting, or knocked out and helpless. */
export function attackable(f: Fighter): boolean {
  return (f.status === "fighting" || f.status === "knocked-out") && !f.steady.undetected;
}

/** Within ten feet of a fighting foe (Melee Attacks: "in combat"). */
export function inCombat(state: SwState, me: Fighter): boolean {
  for (const c of state.combatants) {
    if (c.side !== me.side && c.status === "fighting" && distance(c, me) <= DEFAULTS.inCombat)
      return true;
  }
  return false;
}

/** Usable now: not dropped, loaded, with missiles left to throw. */
export function usable(w: WeaponState): boolean {
  return !w.dropped && w.count > 0 && (w.reload === "" || w.loaded);
}

/** Can weapon `w` strike a foe `d` feet away without moving? (Long weapons not in the adjacent hex.) */
export function inReach(w: WeaponState, d: number): boolean {
  if (w.kind !== "melee") return false;
  if (w.long && d <= 5) return false;
  return d <= w.reach;
}

/** Missile range: up to three increments. */
export function inRange(w: WeaponState, d: number): boolean {
  return w.kind === "missile" && d > 0 && d <= w.range * 3;
}

/** The longest melee reach among `me`'s usable weapons. */
export function meleeReach(me: Fighter): number {
  let r = 0;
  for (const w of me.steady.weapons)
    if (w.kind === "melee" && usable(w) && w.reach > r) r = w.reach;
  return r;
}

/**
 * Everyone faces its foes (the nearest one), or with `away` turns its back on them (an unaware
 * sentry: the GM's setting, options.facing).
 */
export function faceFoes(state: SwState, away: readonly string[] = []): void {
  for (const f of state.combatants) {
    const back = awayFromFoes(state, f);
    f.facing = away.includes(f.id) ? back : -back;
  }
}

/** Turns `f` to face `t` (when they stand apart). */
export function turnTo(f: Fighter, t: Fighter): void {
  if (t.pos !== f.pos) f.facing = t.pos > f.pos ? 1 : -1;
}

/** The direction away from `me`'s foes on the line: +1 or -1. */
export function awayFromFoes(state: SwState, me: Fighter): number {
  const foe = nearestFoe(state, me);
  if (foe === undefined || foe.pos === me.pos) {
    // Same spot: away from the foes' side of the field.
    let sum = 0;
    for (const c of state.combatants) if (c.side !== me.side) sum += c.pos - me.pos;
    return sum > 0 ? -1 : 1;
  }
  return me.pos > foe.pos ? 1 : -1;
}
/** How far `f` can go and still strike this round (half its speed, Order of Battle). */
export function halfMove(f: Fighter): number {
  return Math.max(0, f.sheet.speed / 2 - f.moved);
}
