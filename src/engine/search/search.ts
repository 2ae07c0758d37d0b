// The search tactic (the profile "search"): a combatant that chooses by looking ahead with the
// rules themselves, for any ruleset and without ruleset code. At each of its decisions that list
// two or more options, every option is played out (rollouts.ts) and the best on average found;
// it is taken only when it beats the tactic's own answer again on fresh dice by more than the
// interval of their difference (judge.ts), else the tactic's answer is kept. It judges the hand-written tactics
// (audit.ts) and plays `fray sim --tactics search`; it is hundreds of times slower than they are.
import type { Rng } from "../../core/random.js";
import type { EncounterDefinition } from "../encounter-file.js";
import type { Json } from "../json.js";
import { playLookahead, type Chooser, type LookaheadFight } from "./lookahead-fight.js";
import { judge, type Judgement } from "./judge.js";

export interface SearchOptions {
  /** Rollouts per option of each decision. */
  readonly rollouts: number;
  /** Rounds a rollout plays after the decision's round. */
  readonly horizon: number;
  /**
   * The worth of a lost fight the actor got away from alive, against 1 for a won fight: a
   * seasoned player would rather walk away than fall (the chapter's Tombril retreats).
   */
  readonly escape: number;
}

export const SEARCH_DEFAULTS: SearchOptions = { rollouts: 48, horizon: 30, escape: 0.25 };

/** A seed for a look's rollouts, drawn from the fight's generator. */
export function lookSeed(rng: Rng): number {
  return Math.floor(rng.float() * 0x7fffffff);
}

/**
 * The option the search takes: the best of the first playouts only when it beats the tactic's
 * answer on fresh dice by more than the 95% interval of their difference, else the tactic's
 * answer. A one-step look-ahead over the tactics is then never worse than they are but by that
 * chance (policy improvement), where the best of the first playouts alone was often only the
 * luckiest of the options (the winner's curse).
 */
export function searchPick(j: Judgement): number {
  if (j.tactic < 0) return j.best;
  return j.again !== null && j.again.mean - j.again.half > 0 ? j.best : j.tactic;
}

/** Answers the searching combatants' decisions by look-ahead. */
export function searchChooser(
  def: EncounterDefinition,
  rng: Rng,
  options: SearchOptions = SEARCH_DEFAULTS,
): Chooser {
  return {
    wants: (actor, question, o) => def.playbook.searches(actor, question, o),
    choose(point) {
      const j = judge(def, point, { ...options, tactics: def.playbook }, () => lookSeed(rng));
      return point.choices[searchPick(j)]!.value as Json;
    },
  };
}

/** A fight from its start with the searching combatants choosing by look-ahead. */
export function runSearchFight(
  def: EncounterDefinition,
  rng: Rng,
  maxRounds: number,
  options: SearchOptions = SEARCH_DEFAULTS,
): LookaheadFight {
  return playLookahead(def, rng, maxRounds, searchChooser(def, rng, options));
}
