// A whole fight under the policy driver, on one working copy of the state with no log and no
// snapshots: the inner loop of simulation. It plays from the encounter's start (`runFight`), or
// from a position of a fight in progress (`runFightFrom`, position.ts): the current round again
// from its start with the answers already given in it, then on under the policies.
import type { Rng } from "../core/random.js";
import type { RuleContext } from "./choice.js";
import { copierOf } from "./clone.js";
import { PolicyContext } from "./drivers/policy.js";
import { DEFAULT_MAX_ROUNDS, gmApplier } from "./encounter.js";
import type { EncounterDefinition } from "./encounter-file.js";
import { ReplayContext, type Position } from "./position.js";
import type { Outcome, Ruleset } from "./ruleset.js";
import { runSearchFight } from "./search/search.js";
import { searchNotHere } from "./tactics.js";

export interface FightResult<S extends object = object> {
  readonly outcome: Outcome;
  /** Rounds played, counted from the start of round `startRound`. */
  readonly rounds: number;
  /** The round the fight was played from (1 = the first). */
  readonly startRound: number;
  readonly state: S;
}

export function runFight(
  def: EncounterDefinition,
  rng: Rng,
  maxRounds: number = DEFAULT_MAX_ROUNDS,
): FightResult {
  if (def.playbook.searching) return runSearchFight(def, rng, maxRounds);
  const rules = def.ruleset;
  const ctx = new PolicyContext(rng, def.playbook);
  return playRounds(rules, rules.setup(def.setup), ctx, ctx, 1, maxRounds);
}

/**
 * The fight from `position` (which the same definition gave), under the policy driver: the
 * current round from its start with its recorded answers, then every later choice by the policies.
 * Rounds are counted from the start of the position's round, so that round is round 1 of the
 * result and `maxRounds` counts it.
 */
export function runFightFrom(
  def: EncounterDefinition,
  position: Position,
  rng: Rng,
  maxRounds: number = DEFAULT_MAX_ROUNDS,
): FightResult {
  if (def.playbook.searching) throw searchNotHere("a simulation from a fight in progress");
  const ctx = new PolicyContext(rng, def.playbook);
  const state = copierOf(def.ruleset)(position.roundStart);
  const first = new ReplayContext(position.given, ctx, gmApplier(def, state));
  return playRounds(def.ruleset, state, first, ctx, position.round, maxRounds);
}

/** Plays rounds until the fight ends or `maxRounds` are played: the first with `first`. */
function playRounds(
  rules: Ruleset,
  state: object,
  first: RuleContext,
  ctx: RuleContext,
  startRound: number,
  maxRounds: number,
): FightResult {
  let rounds = 0;
  let next = first;
  for (;;) {
    const outcome = rules.outcome(state);
    if (outcome !== null) return { outcome, rounds, startRound, state };
    if (rounds >= maxRounds) {
      return {
        outcome: { winner: null, reason: `no side won within ${maxRounds} rounds` },
        rounds,
        startRound,
        state,
      };
    }
    rules.round(state, next);
    next = ctx;
    rounds += 1;
  }
}
