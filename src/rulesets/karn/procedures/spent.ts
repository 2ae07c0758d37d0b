// What of a karn fight's state no later rule reads, set to fixed values so that exact odds merge
// states that play on identically (Ruleset.forget, docs/odds.md):
//
// - What each combatant earned for an exchange's result: HP dealt and the best strike result of
//   the melee (read only by the exchange, exchange.ts), outside an exchange.
// - Combat Skill Points earned by natural 20s: no rule reads them back (the views show them).
// - The penalty to physical skills of a combatant that has no skill to roll.
// - Stamina past what a rule reads (stamina.ts): SP at or under 0 as 0, and the SP of a combatant
//   whose SP no later rule reads as 0.
import type { KarnState } from "../state.js";
import { staminaUnread } from "./stamina.js";

export function forgetSpent(state: KarnState): void {
  const exchange = state.exchange !== null;
  for (const f of state.fighters) {
    if (!exchange) {
      f.dealt = 0;
      f.best = -1;
    }
    f.csp = 0;
    if (f.skillPenalty !== 0 && Object.keys(f.skills).length === 0) f.skillPenalty = 0;
    if (f.sp < 0 || (f.sp !== 0 && staminaUnread(state, f))) f.sp = 0;
  }
}
