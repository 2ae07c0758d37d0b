// The dice core's public surface: notation in, exact odds or a traced roll out.
import { Dist } from "../dist.js";
import { FrayError } from "../errors.js";
import { Rng } from "../random.js";
import { compileDice } from "./dice.js";
import { formatRollText } from "./format.js";
import { quickOdds } from "./quick-odds.js";
import type { DieResult, Roll } from "./trace.js";

export type * from "./ast.js";
export type { DieResult, DieSource, Roll } from "./trace.js";
export { Dice, compileDice } from "./dice.js";
export { NotationError } from "./errors.js";
export { formatDie } from "./format.js";
export * as limits from "./limits.js";

/** A roll from a seed: everything needed to show it and to repeat it. */
export interface SeededRoll {
  readonly expression: string;
  readonly seed: number;
  readonly total: number;
  readonly dice: readonly DieResult[];
}

/**
 * `[6!, 4, 2d] = 12`. With the expression, each dice term in its text is replaced by its dice:
 * `formatRoll(r, "4d6kh3+2")` gives `[6, 4, 3, 1d]+2 = 15`.
 */
export function formatRoll(roll: Roll, expression?: string): string {
  if (expression === undefined) return formatRollText(roll);
  return compileDice(expression).format(roll);
}

/** Rolls `expression` with a generator seeded by `seed`: the same seed gives the same roll everywhere. */
export function roll(expression: string, options: { readonly seed: number }): SeededRoll {
  const { seed } = options;
  if (!Number.isSafeInteger(seed)) {
    throw new FrayError(`the seed must be an integer, got ${seed}`, "seed");
  }
  const result = compileDice(expression).roll(Rng.fromSeed(seed));
  return { expression, seed, total: result.total, dice: result.dice };
}

/** The exact distribution of `expression`'s total. */
export function odds(expression: string): Dist {
  // Sums of plain dice and keep-one pools take a short path that compiles fast (quick-odds.ts).
  return quickOdds(expression) ?? compileDice(expression).dist();
}
