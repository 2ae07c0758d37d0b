// Dice: a compiled expression with both interpreters, sampling and exact, and a bounded cache
// so that the same text is parsed once.
import type { DiceNode, DiceTerm } from "./ast.js";
import { checkBounds } from "./bounds.js";
import { NotationError } from "./errors.js";
import { exactDist } from "./exact.js";
import { formatRollText } from "./format.js";
import { CACHE_SIZE } from "./limits.js";
import { parseDice } from "./parser.js";
import { sample } from "./sampler.js";
import type { DieSource, Roll } from "./trace.js";
import type { Dist } from "../dist.js";

export class Dice {
  private cachedDist: Dist | undefined;
  private distError: NotationError | undefined;

  /** @internal Use compileDice. */
  constructor(
    readonly text: string,
    readonly ast: DiceNode,
    /** The dice terms, in source order. */
    readonly terms: readonly DiceTerm[],
    /** The least and greatest total the expression can give. */
    readonly range: { readonly lo: number; readonly hi: number },
  ) {}

  /** The exact distribution of the total (memoized); NotationError when it cannot be computed. */
  dist(): Dist {
    if (this.cachedDist !== undefined) return this.cachedDist;
    if (this.distError !== undefined) throw this.distError;
    try {
      this.cachedDist = exactDist(this.text, this.ast);
      return this.cachedDist;
    } catch (error) {
      if (error instanceof NotationError) this.distError = error;
      throw error;
    }
  }

  /** One roll, every die taken from `source`. */
  roll(source: DieSource): Roll {
    return sample(this.text, this.ast, source);
  }

  /** The expression with each dice term replaced by its dice: `[6, 4, 3, 1d]+2 = 15`. */
  format(roll: Roll): string {
    return formatRollText(
      roll,
      this.text,
      this.terms.map((t) => t.span),
    );
  }
}

const cache = new Map<string, Dice>();

/** Parses and checks dice notation, memoized by text; throws NotationError saying where and why. */
export function compileDice(text: string): Dice {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  if (typeof text !== "string") throw new TypeError("compileDice needs a string");
  const { ast, terms } = parseDice(text);
  const range = checkBounds(text, ast);
  const dice = new Dice(text, ast, terms, range);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(text, dice);
  return dice;
}
