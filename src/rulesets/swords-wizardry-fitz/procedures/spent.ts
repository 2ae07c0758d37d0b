// What of a fight's state no later rule reads, set to fixed values so that exact odds merge
// states that play on identically (Ruleset.forget, docs/odds.md): the markers of who went out,
// was stunned or was hit at which count (read only at that very count: those acting together on
// a count, spells disrupted on their count), the count itself once no action is left on it (the
// countdown sets it again), the count of an action done (the countdown skips it; the policies
// read counts only when choosing stances, before any action), the round it counts from of a
// duration already rolled, and, once a round is over, what the next round's start resets before
// anything reads it (the initiative slots, what each did, a plan that ended).
import { HELD_PHASE, OUTSIDE, type Fighter, type SwState } from "../state.js";
import { startAfresh } from "./round.js";

/** Is an action still to come at the count under way (the held ones, in the held phase)? */
function countGoesOn(state: SwState): boolean {
  const count = state.count;
  if (!state.midRound || count === OUTSIDE) return false;
  for (const f of state.combatants)
    for (const s of f.slots)
      if (!s.done && (count === HELD_PHASE ? s.held : !s.held && s.count === count)) return true;
  return false;
}

/** A round over: what the next round's start sets anew, and whom each fought (read only then). */
function forgetRound(f: Fighter): void {
  startAfresh(f);
  f.meleeTargetPrev = "";
}

export function forgetSpent(state: SwState): void {
  const goesOn = countGoesOn(state);
  const now = (round: number, count: number): boolean =>
    goesOn && round === state.round && count === state.count;
  if (state.midRound && !goesOn) state.count = OUTSIDE;
  for (const f of state.combatants) {
    if (!now(f.outRound, f.outCount)) {
      f.outRound = -1;
      f.outCount = -1;
    }
    if (!now(f.stunRound, f.stunCount)) {
      f.stunRound = -1;
      f.stunCount = -1;
    }
    if (!now(f.hitRound, f.hitCount)) {
      f.hitRound = -1;
      f.hitCount = -1;
    }
    for (const s of f.slots) if (s.done) s.count = 0;
    if (f.stunDie === 0) f.stunFrom = -1;
    if (f.knockoutDie === 0) f.knockoutFrom = -1;
    if (f.blindDie === 0) f.blindFrom = -1;
    if (!state.midRound) forgetRound(f);
  }
}
