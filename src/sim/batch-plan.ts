// How the runs of a simulation are cut into batches. The cut depends only on the number of runs
// (and on --until-ci), never on the number of workers, so that batches, and the order in which
// their sums are merged, are the same however many threads play them.

/** Runs per batch when stopping at a target interval width: the stop is checked after each. */
export const UNTIL_CI_BATCH = 5_000;

/** Runs per batch for a simulation of `runs` fights: a few hundred batches at most. */
export function batchSize(runs: number): number {
  return Math.min(25_000, Math.max(1_000, Math.ceil(runs / 200)));
}

export interface Batch {
  readonly index: number;
  readonly from: number;
  readonly to: number;
}

export function batchCount(runs: number, size: number): number {
  return Math.ceil(runs / size);
}

export function batchAt(index: number, runs: number, size: number): Batch {
  const from = index * size;
  return { index, from, to: Math.min(runs, from + size) };
}
