// What a roll reports: the total and every die rolled, so a UI can show `[6!, 4, 2d] = 12`.

/** Where dice come from: a seeded Rng, or dice typed in at the table. */
export interface DieSource {
  /** An integer from 1 to `sides`. A Fudge die is asked for as die(3) and read as -1, 0, +1. */
  die(sides: number): number;
}

export interface DieResult {
  /** Which dice term of the expression rolled it (0-based, in source order). */
  readonly term: number;
  /** Sides of the die; 3 for a Fudge die. */
  readonly sides: number;
  readonly fudge: boolean;
  /** What the die counts for: its face, one less for a penetrating explosion, the sum when compounded. */
  readonly value: number;
  /** Counts towards the total. */
  readonly kept: boolean;
  /** Removed by keep/drop. */
  readonly dropped: boolean;
  /** Exploded: another die followed it (or, compounding, was added to it). */
  readonly exploded: boolean;
  /** Replaced by a reroll; counts for nothing. */
  readonly rerolled: boolean;
  /** Counted as a success (when the term counts successes). */
  readonly success: boolean;
  /** Counted as a failure (when the term counts failures). */
  readonly failure: boolean;
}

/** One sampled result of an expression. */
export interface Roll {
  readonly total: number;
  readonly dice: readonly DieResult[];
}
