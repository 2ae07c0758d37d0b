// The search tactic (the profile "search"): a combatant that chooses by looking ahead with the
// rules themselves, for any ruleset and without ruleset code. At each of its decisions that list
// two or more options, every option is played out (rollouts.ts) and the best on average is taken;
// the tactic's own answer is kept unless another does better. It judges the hand-written tactics
// (audit.ts) and plays `fray sim --tactics search`; it is hundreds of times slower than they are.
import type { Rng } from "../../core/random.js";
import type { EncounterDefinition } from "../encounter-file.js";
import type { Json } from "../json.js";
import { playLookahead, type Chooser, type LookaheadFight } from "./lookahead-fight.js";
import { mean, playOptions } from "./rollouts.js";

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

/** Answers the searching combatants' decisions by look-ahead. */
export function searchChooser(
  def: EncounterDefinition,
  rng: Rng,
  options: SearchOptions = SEARCH_DEFAULTS,
): Chooser {
  return {
    wants: (actor, question, o) => def.playbook.searches(actor, question, o),
    choose(point) {
      const { values } = playOptions(def, point, {
        ...options,
        seed: lookSeed(rng),
        tactics: def.playbook,
      });
      const tactic = JSON.stringify(point.tactic);
      let best = point.choices.findIndex((c) => JSON.stringify(c.value) === tactic);
      let bestMean = best < 0 ? Number.NEGATIVE_INFINITY : mean(values[best]!);
      values.forEach((v, i) => {
        const m = mean(v);
        if (m > bestMean + 1e-12) {
          best = i;
          bestMean = m;
        }
      });
      return point.choices[best]!.value as Json;
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
