// A whole fight under the policy driver, on one working copy of the state with no log and no
// snapshots: the inner loop of simulation.
import type { Rng } from "../core/random.js";
import { PolicyContext } from "./drivers/policy.js";
import { DEFAULT_MAX_ROUNDS } from "./encounter.js";
import type { EncounterDefinition } from "./encounter-file.js";
import type { Outcome } from "./ruleset.js";

export interface FightResult<S extends object = object> {
  readonly outcome: Outcome;
  readonly rounds: number;
  readonly state: S;
}

export function runFight(
  def: EncounterDefinition,
  rng: Rng,
  maxRounds: number = DEFAULT_MAX_ROUNDS,
): FightResult {
  const rules = def.ruleset;
  const state = rules.setup(def.setup);
  const ctx = new PolicyContext(rng);
  let rounds = 0;
  for (;;) {
    const outcome = rules.outcome(state);
    if (outcome !== null) return { outcome, rounds, state };
    if (rounds >= maxRounds) {
      return {
        outcome: { winner: null, reason: `no side won within ${maxRounds} rounds` },
        rounds,
        state,
      };
    }
    rules.round(state, ctx);
    rounds += 1;
  }
}
