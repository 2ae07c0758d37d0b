// When the advisor samples a round (advice.ts), how many samples settle the ranking of the
// options: the options are sampled in batches on the same seeded streams (sample i of every option
// plays with `Rng.stream(seed, i)`), and after each batch every pair of options is compared on
// the keys the ranking reads (the chance of having won by the round's end, the chance of having
// lost, then the health lost by the foes minus that lost by the actor's side), by the paired
// differences of their samples. Sampling stops at the first batch after which the order of every
// pair is sure, or at the most samples asked for.
//
// A pair's order is sure when the first key on which the two are not shown the same decides it
// and is shown different (the interval of its paired difference excludes 0); a chance is shown
// the same when that interval lies within +-SAME_MARGIN, and the health key, the last, must be
// shown different (two options shown the same on every key are never settled: they take the
// most samples). Each look uses a 99.9% interval (Z_LOOK), so that over the at most ten looks of the
// default 20,000 samples (in batches of 2,000) a pair is wrongly settled with a chance of at most
// about 1% (Bonferroni). The ranking (advice.ts, `rank`) then passes over the chances shown the
// same: a difference smaller than SAME_MARGIN does not order the options however many samples are
// taken.

/** Samples per option between two looks. */
export const SAMPLE_BATCH = 2_000;

/** Two chances (win, lose) closer than this are the same for the ranking of sampled options. */
export const SAME_MARGIN = 0.02;

/** The normal quantile of each look's two-sided 99.9% interval. */
const Z_LOOK = 3.2905267314919255;

/** The ranking's keys, in its order: win, lose (chances), then the health balance. */
export const KEYS = 3;

/** Running sums of the paired differences of the keys, per pair of options. */
export class PairedKeys {
  /** Samples added per option, key by key, for the batch in progress. */
  private readonly batch: Float64Array[];
  /** Per pair (a < b) and key: the sum of the differences a - b and of their squares. */
  private readonly sums: Float64Array;
  private readonly squares: Float64Array;
  private n = 0;

  constructor(
    private readonly options: number,
    private readonly batchSize: number,
  ) {
    this.batch = Array.from({ length: options }, () => new Float64Array(batchSize * KEYS));
    const pairs = (options * (options - 1)) / 2;
    this.sums = new Float64Array(pairs * KEYS);
    this.squares = new Float64Array(pairs * KEYS);
  }

  /** Sample `i` of the batch (0-based within it) of option `o`: its win, lose and balance. */
  set(o: number, i: number, win: number, lose: number, balance: number): void {
    const row = this.batch[o]!;
    row[i * KEYS] = win;
    row[i * KEYS + 1] = lose;
    row[i * KEYS + 2] = balance;
  }

  /** Adds the first `count` samples of the batch of every option to the pairs' sums. */
  close(count: number): void {
    let pair = 0;
    for (let a = 0; a < this.options; a += 1) {
      const ra = this.batch[a]!;
      for (let b = a + 1; b < this.options; b += 1, pair += 1) {
        const rb = this.batch[b]!;
        for (let k = 0; k < KEYS; k += 1) {
          let s = 0;
          let q = 0;
          for (let i = 0; i < count; i += 1) {
            const d = ra[i * KEYS + k]! - rb[i * KEYS + k]!;
            s += d;
            q += d * d;
          }
          this.sums[pair * KEYS + k]! += s;
          this.squares[pair * KEYS + k]! += q;
        }
      }
    }
    this.n += count;
  }

  /** The mean of the differences a - b on key `k` and the half-width of its look's interval. */
  private difference(a: number, b: number, k: number): { mean: number; half: number } {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    // Pairs are numbered a < b in order: those of every smaller a, then b's place after lo.
    const pair = lo * this.options - (lo * (lo + 1)) / 2 + (hi - lo - 1);
    const n = this.n;
    const m = this.sums[pair * KEYS + k]! / n;
    const variance =
      n > 1 ? Math.max(0, (this.squares[pair * KEYS + k]! - n * m * m) / (n - 1)) : 0;
    return { mean: a < b ? m : -m, half: Z_LOOK * Math.sqrt(variance / n) };
  }

  /** Whether options a and b are shown the same on chance key `k` (0 win, 1 lose). */
  same(a: number, b: number, k: number): boolean {
    const d = this.difference(a, b, k);
    return Math.abs(d.mean) + d.half < SAME_MARGIN;
  }

  /** Whether the order of options a and b is sure (see the module's comment). */
  private sure(a: number, b: number): boolean {
    let k = 0;
    while (k < KEYS - 1 && this.same(a, b, k)) k += 1;
    const d = this.difference(a, b, k);
    return Math.abs(d.mean) > d.half;
  }

  /** Whether the order of every pair of options is sure. */
  settled(): boolean {
    for (let a = 0; a < this.options; a += 1)
      for (let b = a + 1; b < this.options; b += 1) if (!this.sure(a, b)) return false;
    return true;
  }
}
