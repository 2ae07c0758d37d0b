// What of a fight's state no later rule reads, set to fixed values so that exact odds merge
// states that play on identically (Ruleset.forget, docs/odds.md): the round number. Rules read it
// only as "the first round" (the first round's initiative table and surprise, rolled before the
// round's first resumable point) and as "this round or the one before" (a ranged hit that opens a
// sneak attack: Sneak Attack), so every state from the first round's initiative on is set to
// round 2, the rounds of ranged hits moved with it, and a hit too old to count forgotten. States
// then recur from round to round (the chain counts the rounds itself).
import type { CartyrionState } from "../state.js";

/** The round every state past the first round's initiative is set to. */
const ROUND = 2;

export function forgetSpent(state: CartyrionState): void {
  if (state.round < 1) return;
  const shift = ROUND - state.round;
  // A ranged hit counts in its round and the next: in this round from the round before, at a
  // round's end from this round on.
  const counts = state.progress === null ? ROUND : ROUND - 1;
  state.round = ROUND;
  for (const c of state.combatants) {
    const hit = c.rangedHitRound + shift;
    if (hit >= counts) c.rangedHitRound = hit;
    else {
      c.rangedHitRound = -1;
      c.rangedHitBy = "";
    }
  }
}
