// What of a fight's state no later rule reads, set to fixed values so that exact odds merge
// states that play on identically (Ruleset.forget, docs/odds.md): the markers of who went out,
// was stunned or was hit at which count (read only at that very count: those acting together on
// a count, spells disrupted on their count), the count itself once no action is left on it (the
// countdown sets it again), the count of an action done (the countdown skips it; the policies
// read counts only when choosing stances, before any action), the round it counts from of a
// duration already rolled, and, once a round is over, what the next round's start resets before
// anything reads it (the initiative slots, what each did, a plan that ended).
//
// And the round number. Rules read it only against the rounds the state records (a condition
// lasts "through round N": Mighty Blows, Unarmed Combat, Fumbles; prone until a round; a
// duration die counting from its round), as "the first round" (surprise is determined then,
// before the round's first resumable point) and as "a surprise segment" (Surprise: the first
// `segments` rounds). So once the surprise segments are over, every state is set to round 1
// with the rounds it records moved with it (a condition keeps the rounds it has left), a
// condition over by the round that reads next is forgotten, and the surprise forgotten. States
// then recur from round to round (the chain counts the rounds itself).
import { HELD_PHASE, OUTSIDE, type Fighter, type SwState } from "../state.js";
import { startAfresh } from "./round.js";
import { ownSteady } from "../own-steady.js";

/** The round every state past the surprise segments (and the first round's start) is set to. */
const ROUND = 1;

/** Is an action still to come at the count under way (the held ones, in the held phase)? */
function countGoesOn(state: SwState): boolean {
  const count = state.count;
  if (!state.midRound || count === OUTSIDE) return false;
  // A blow's damage still to roll (the count's markers are read as it lands).
  if (state.blow !== null) return true;
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

/**
 * Inside a round, the counts still to come ranked 1, 2, ... in their order: once the initiative is
 * rolled and the stances chosen, the countdown reads counts only by their order and equality (who
 * acts first, who together, a spell hit before or at its count: Order of Battle, Spell Casting),
 * and the policies only whether the count is the held phase. The die that rolled them is not
 * read again, so rounds that differ only in the numbers rolled merge.
 */
function rankCounts(state: SwState): void {
  if (!state.midRound) return;
  const counts: number[] = [];
  const add = (count: number) => {
    if (count > 0 && !counts.includes(count)) counts.push(count);
  };
  add(state.count);
  for (const f of state.combatants) {
    for (const s of f.slots) if (!s.done) add(s.count);
    add(f.steady.castCount);
  }
  counts.sort((a, b) => a - b);
  const rank = (count: number) => (count > 0 ? counts.indexOf(count) + 1 : count);
  for (const f of state.combatants) {
    for (const s of f.slots) if (!s.done) s.count = rank(s.count);
    const castCount = rank(f.steady.castCount);
    if (castCount !== f.steady.castCount) ownSteady(f).castCount = castCount;
    // The markers of this very count (the rest are forgotten above).
    f.outCount = rank(f.outCount);
    f.stunCount = rank(f.stunCount);
    f.hitCount = rank(f.hitCount);
  }
  state.count = rank(state.count);
}

/**
 * Sets the state to round ROUND, the rounds its combatants record moved with it, once no rule
 * can read the surprise again (the round that reads next is past the segments and past the
 * first round's start). A condition that lasts through a round before the one that reads next
 * is over (read as not there at all: a new one replaces it whole, a duration rolled later
 * extends it from its own round on), so it is forgotten.
 */
function forgetRoundNumber(state: SwState): void {
  const next = state.midRound ? state.round : state.round + 1;
  if (state.round < 1 || next <= state.segments) return;
  const shift = ROUND - state.round;
  const through = (round: number) => (round < next ? -1 : round + shift);
  const at = (round: number) => (round < 0 ? round : round + shift);
  state.round = ROUND;
  state.segments = 0;
  for (const f of state.combatants) {
    const s = f.steady;
    const knockoutThrough = through(s.knockoutThrough);
    const blindThrough = through(s.blindThrough);
    const pinnedThrough = through(s.pinnedThrough);
    const proneRound = through(s.proneRound);
    const knockoutFrom = at(s.knockoutFrom);
    const blindFrom = at(s.blindFrom);
    // The steady part copied only where one of its fields changes (most states: none).
    if (
      s.surprisedFor !== 0 ||
      s.castInSurprise ||
      knockoutThrough !== s.knockoutThrough ||
      blindThrough !== s.blindThrough ||
      pinnedThrough !== s.pinnedThrough ||
      proneRound !== s.proneRound ||
      knockoutFrom !== s.knockoutFrom ||
      blindFrom !== s.blindFrom
    ) {
      const own = ownSteady(f);
      own.surprisedFor = 0;
      own.castInSurprise = false;
      own.knockoutThrough = knockoutThrough;
      own.blindThrough = blindThrough;
      own.pinnedThrough = pinnedThrough;
      own.proneRound = proneRound;
      own.knockoutFrom = knockoutFrom;
      own.blindFrom = blindFrom;
    }
    f.stunnedThrough = through(f.stunnedThrough);
    f.stunFrom = at(f.stunFrom);
    f.outRound = at(f.outRound);
    f.stunRound = at(f.stunRound);
    f.hitRound = at(f.hitRound);
  }
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
    if (f.steady.knockoutDie === 0 && f.steady.knockoutFrom !== -1) ownSteady(f).knockoutFrom = -1;
    if (f.steady.blindDie === 0 && f.steady.blindFrom !== -1) ownSteady(f).blindFrom = -1;
    if (!state.midRound) forgetRound(f);
  }
  rankCounts(state);
  forgetRoundNumber(state);
}
