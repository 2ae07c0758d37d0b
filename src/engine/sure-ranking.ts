// When the advisor samples a round (advice.ts), how many samples settle the ranking of the
// options: the options are sampled in batches on the same seeded streams (sample i of every option
// plays with `Rng.stream(seed, i)`), and after each batch every pair of options is compared on
// the keys the ranking reads (the chance of having won by the round's end, the chance of having
// lost, then the health lost by the foes minus that lost by the actor's side), by the paired
// differences of their samples. Sampling stops at the first batch after which every pair is
// settled, or at the most samples asked for.
//
// Every key has a band within which two options are shown the same: a chance +-SAME_MARGIN, the
// health balance +-HEALTH_SAME of the health the round costs (the foes' and the side's, as the
// two options lose it on average). A pair is settled when its order is sure: the first key on
// which the two are not shown the same decides it and is shown different (the interval of its
// paired difference excludes 0); or when it is alike: shown the same on every key, so that
// either option does as well and the ranking shows them tied (karn's three orcs: facing Ugluk or
// Grub differs by 0.02 HP in a balance of 12; before, such a pair was never settled and took the
// most samples). Each look uses a 99.9% interval (Z_LOOK), so that over the at most ten looks of
// the default 20,000 samples (in batches of 2,000) a pair is wrongly settled with a chance of at
// most about 1% (Bonferroni). The ranking (advice.ts, `rank`) then passes over the chances shown
// the same: a difference smaller than SAME_MARGIN does not order the options however many samples
// are taken.

/** Samples per option between two looks. */
export const SAMPLE_BATCH = 2_000;

/** Two chances (win, lose) closer than this are the same for the ranking of sampled options. */
export const SAME_MARGIN = 0.02;

/**
 * Two health balances closer than this fraction of the health the round costs are the same. To
 * show a pair alike takes about (Z_LOOK * spread / band)^2 samples, where the spread of the
 * balance's paired differences is about that cost or less (karn's three orcs: 10 HP a sample
 * against 15 HP, tnt's group fight 7 against 23): at 2%, as the chances, 27,000 times the square
 * of their ratio (karn's 12,000); at 3%, 12,000 times it (karn's 5,300, tnt's 1,100). Wider
 * would tie options a GM tells apart (tnt's group fight at 5%: four moves 1.3 HP apart tied).
 */
export const HEALTH_SAME = 0.03;

/** The normal quantile of each look's two-sided 99.9% interval. */
const Z_LOOK = 3.2905267314919255;

/** The ranking's keys, in its order: win, lose (chances), then the health balance. */
export const KEYS = 3;

/** How a pair of options stands after the samples so far. */
export type PairState = "unsure" | "ordered" | "alike";

/** Running sums of the paired differences of the keys, per pair of options. */
export class PairedKeys {
  /** Samples added per option, key by key, for the batch in progress. */
  private readonly batch: Float64Array[];
  /** Per pair (a < b) and key: the sum of the differences a - b and of their squares. */
  private readonly sums: Float64Array;
  private readonly squares: Float64Array;
  /** Per option: the sum of the health its samples cost, the foes' and the side's. */
  private readonly cost: Float64Array;
  private n = 0;

  constructor(
    private readonly options: number,
    private readonly batchSize: number,
  ) {
    this.batch = Array.from({ length: options }, () => new Float64Array(batchSize * KEYS));
    const pairs = (options * (options - 1)) / 2;
    this.sums = new Float64Array(pairs * KEYS);
    this.squares = new Float64Array(pairs * KEYS);
    this.cost = new Float64Array(options);
  }

  /**
   * Sample `i` of the batch (0-based within it) of option `o`: its win and lose (0 or 1), and the
   * health lost by the foes (dealt) and by the actor's side (taken).
   */
  set(o: number, i: number, win: number, lose: number, dealt: number, taken: number): void {
    const row = this.batch[o]!;
    row[i * KEYS] = win;
    row[i * KEYS + 1] = lose;
    row[i * KEYS + 2] = dealt - taken;
    this.cost[o]! += Math.abs(dealt) + Math.abs(taken);
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

  /**
   * How options a and b stand (see the module's comment): alike when shown the same on every key,
   * else ordered when the first key not shown the same is shown different. A balance band of 0
   * (neither option costs any health) holds a pair whose every sample had the same balance.
   */
  pair(a: number, b: number): PairState {
    let k = 0;
    while (k < KEYS - 1 && this.same(a, b, k)) k += 1;
    const d = this.difference(a, b, k);
    if (k === KEYS - 1) {
      const band = (HEALTH_SAME * (this.cost[a]! + this.cost[b]!)) / (2 * this.n);
      if (Math.abs(d.mean) + d.half <= band) return "alike";
    }
    return Math.abs(d.mean) > d.half ? "ordered" : "unsure";
  }

  /** Whether every pair of options is settled, ordered or alike. */
  settled(): boolean {
    for (let a = 0; a < this.options; a += 1)
      for (let b = a + 1; b < this.options; b += 1) if (this.pair(a, b) === "unsure") return false;
    return true;
  }
}
