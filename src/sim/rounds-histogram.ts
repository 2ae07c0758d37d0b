// Rounds to the end of a fight as a fixed histogram: one counter per possible number of rounds
// (0 to the round limit), so memory does not grow with the number of runs and quantiles are
// exact (rounds are whole numbers).

/** counts[r] = how many fights ended after r rounds. */
export type RoundsHistogram = number[];

export function emptyRounds(maxRounds: number): RoundsHistogram {
  return new Array<number>(maxRounds + 1).fill(0);
}

export function totalRuns(h: RoundsHistogram): number {
  let n = 0;
  for (const c of h) n += c;
  return n;
}

export function meanRounds(h: RoundsHistogram): number {
  let n = 0;
  let sum = 0;
  h.forEach((c, r) => {
    n += c;
    sum += c * r;
  });
  return n === 0 ? 0 : sum / n;
}

/**
 * The q-quantile (0 < q <= 1): the smallest r such that at least q of the fights ended within r
 * rounds (the lower median for q = 0.5). 0 for an empty histogram.
 */
export function roundsQuantile(h: RoundsHistogram, q: number): number {
  const n = totalRuns(h);
  if (n === 0) return 0;
  const need = q * n;
  let seen = 0;
  for (let r = 0; r < h.length; r += 1) {
    seen += h[r]!;
    if (seen >= need && seen > 0) return r;
  }
  return h.length - 1;
}
