// A decision judged by look-ahead, the same way for the search tactic (search.ts) and the audit
// (audit.ts): every option is played out on the same dice (rollouts.ts) and the best found; when
// it is not the tactic's own answer, the two are played out again on fresh dice and their paired
// difference measured there. The best of many options on the same dice is flattered by their
// luck (the winner's curse: with 48 playouts and four or ten options, the luckiest option tops
// the list more often than the best one), and the fresh playouts are not.
import type { EncounterDefinition } from "../encounter-file.js";
import type { LookPoint } from "./lookahead-fight.js";
import { mean, pairedDifference, playOptions, type RolloutOptions } from "./rollouts.js";

export interface Judgement {
  /** The tactic's answer among the options (-1 when it is not one of them). */
  readonly tactic: number;
  /** The best option of the first playouts. */
  readonly best: number;
  /**
   * When the best is not the tactic's answer: both played out again on fresh dice, their values'
   * means and the paired difference best - tactic with its 95% half-width.
   */
  readonly again: {
    readonly best: number;
    readonly tactic: number;
    readonly mean: number;
    readonly half: number;
  } | null;
}

/**
 * Judges the decision at `point`: `seed` gives the first playouts' dice and then the fresh
 * ones' (called once or twice).
 */
export function judge(
  def: EncounterDefinition,
  point: LookPoint,
  options: Omit<RolloutOptions, "seed">,
  seed: () => number,
): Judgement {
  const tactic = JSON.stringify(point.tactic);
  const chosen = point.choices.findIndex((c) => JSON.stringify(c.value) === tactic);
  const { values } = playOptions(def, point, { ...options, seed: seed() });
  let best = chosen < 0 ? 0 : chosen;
  values.forEach((v, i) => {
    if (mean(v) > mean(values[best]!) + 1e-12) best = i;
  });
  if (chosen < 0 || best === chosen) return { tactic: chosen, best, again: null };
  const [b, t] = playOptions(
    def,
    { ...point, choices: [point.choices[best]!, point.choices[chosen]!] },
    { ...options, seed: seed() },
  ).values;
  const d = pairedDifference(b!, t!);
  return { tactic: chosen, best, again: { best: mean(b!), tactic: mean(t!), ...d } };
}
