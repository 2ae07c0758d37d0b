// What of a fight's state no later rule reads, set to fixed values so that exact odds merge
// states that play on identically (Ruleset.forget, docs/odds.md): the round number (no rule reads
// it: initiative is rolled once, when the fight starts), and, once a round is over, what the next
// round's pools replenishing resets before anything reads it (the dice left, the turn taken, dice
// set aside in anger or spent on other efforts). States then recur from round to round (the
// chain counts the rounds itself).
import type { TntState } from "../state.js";
import { refill } from "./combat-dice.js";

export function forgetSpent(state: TntState): void {
  if (state.round > 1) state.round = 1;
  if (state.turnsTaken === null) for (const f of state.fighters) refill(f);
}
