// Confidence intervals for a proportion: the Wilson score interval, which keeps its coverage near
// the stated level for small samples and for probabilities near 0 or 1, where the textbook
// "p ± z·sqrt(p(1-p)/n)" interval collapses to a point.

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Proportion {
  /** The observed proportion (successes / trials); 0 when there are no trials. */
  readonly p: number;
  readonly low: number;
  readonly high: number;
}

/** The Wilson score interval of `successes` out of `trials` at the given z (95% by default). */
export function wilson(successes: number, trials: number, z: number = Z95): Proportion {
  if (trials <= 0) return { p: 0, low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denom = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // At 0 and n successes the bounds are exactly 0 and 1; keep rounding from moving them.
  const low = successes === 0 ? 0 : Math.max(0, centre - half);
  const high = successes === trials ? 1 : Math.min(1, centre + half);
  return { p, low, high };
}

/** Half the width of an interval: "± this much". */
export function halfWidth(interval: Proportion): number {
  return (interval.high - interval.low) / 2;
}
