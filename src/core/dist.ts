// Dist: an exact, immutable probability distribution over integer outcomes.
// Exact odds, the exact driver and simulation all read from it; `sample(u)` is the
// allocation-free inverse-CDF path that simulation uses to draw from one.
import { smallInt } from "./small-int.js";

export type DistEntry = readonly [outcome: number, probability: number];

/** P(A > B), P(A = B) and P(A < B) for independent A and B. */
export interface Versus {
  readonly win: number;
  readonly tie: number;
  readonly lose: number;
}

function checkOutcome(x: number, what: string): void {
  if (!Number.isSafeInteger(x)) {
    throw new RangeError(`${what} must be a safe integer, got ${x}`);
  }
}

function checkProbability(p: number): void {
  if (!Number.isFinite(p) || p < 0) {
    throw new RangeError(`a probability must be a finite number >= 0, got ${p}`);
  }
}

/** First index in ascending `xs` whose value is >= t (xs.length when none). */
function lowerBound(xs: readonly number[], t: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((xs[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function joinTruncated(a: number, b: number): number {
  return a + b - a * b;
}

export class Dist {
  private cdf: Float64Array | undefined;
  private sf: Float64Array | undefined;
  /** guide[j]: where `sample` starts looking for a u in [j/K, (j+1)/K), K = guide.length. */
  private guide: Int32Array | undefined;
  /** The outcomes as 32-bit integers when they all are (what `sample` reads). */
  private xs32: Int32Array | undefined;
  private cachedMean: number | undefined;
  private cachedSd: number | undefined;
  private cachedEntries: readonly DistEntry[] | undefined;
  private cachedProbabilities: readonly number[] | undefined;

  private constructor(
    private readonly xs: readonly number[],
    private readonly ps: Float64Array,
    /** Probability mass cut off by explosion truncation (not placed on any outcome). */
    readonly truncated: number,
  ) {}

  /**
   * Trusted: `xs` strictly ascending safe integers, `ps` positive, of the same length. The
   * outcomes are kept as small integers (small-int.ts), as rolls hand them to rulesets' states.
   */
  private static fromSorted(xs: number[], ps: Float64Array, truncated: number): Dist {
    if (xs.length === 0) throw new RangeError("a distribution needs at least one outcome");
    return new Dist(Object.freeze(xs.map(smallInt)), ps, truncated);
  }

  /** Sorted outcomes and probabilities from a map, dropping zero probabilities. */
  private static fromMap(map: Map<number, number>, truncated: number): Dist {
    const xs = [...map.keys()].filter((x) => (map.get(x) as number) > 0).sort((a, b) => a - b);
    const ps = new Float64Array(xs.length);
    for (let i = 0; i < xs.length; i++) ps[i] = map.get(xs[i] as number) as number;
    return Dist.fromSorted(xs, ps, truncated);
  }

  /** The outcome `n` with certainty. */
  static constant(n: number): Dist {
    checkOutcome(n, "an outcome");
    return new Dist(Object.freeze([smallInt(n)]), Float64Array.of(1), 0);
  }

  /** Every integer from `lo` to `hi`, equally likely. */
  static uniform(lo: number, hi: number): Dist {
    checkOutcome(lo, "lo");
    checkOutcome(hi, "hi");
    if (hi < lo) throw new RangeError(`uniform(${lo}, ${hi}): hi is below lo`);
    const n = hi - lo + 1;
    const xs = new Array<number>(n);
    for (let i = 0; i < n; i++) xs[i] = smallInt(lo + i);
    return new Dist(Object.freeze(xs), new Float64Array(n).fill(1 / n), 0);
  }

  /** A fair die with faces 1 to `sides`. */
  static die(sides: number): Dist {
    if (!Number.isSafeInteger(sides) || sides < 1) {
      throw new RangeError(`a die needs a whole number of sides >= 1, got ${sides}`);
    }
    return Dist.uniform(1, sides);
  }

  /**
   * A distribution from `[outcome, probability]` pairs; repeated outcomes add up, zero
   * probabilities are dropped. The probabilities should sum to 1 - `truncated`.
   */
  static fromEntries(entries: Iterable<readonly [number, number]>, truncated = 0): Dist {
    const map = new Map<number, number>();
    for (const [x, p] of entries) {
      checkOutcome(x, "an outcome");
      checkProbability(p);
      map.set(x, (map.get(x) ?? 0) + p);
    }
    checkProbability(truncated);
    return Dist.fromMap(map, truncated);
  }

  /** A distribution from dense probabilities: `probs[i]` is P(X = lo + i). */
  static fromDense(lo: number, probs: ArrayLike<number>, truncated = 0): Dist {
    checkOutcome(lo, "lo");
    let count = 0;
    for (let i = 0; i < probs.length; i++) if ((probs[i] as number) > 0) count++;
    const xs = new Array<number>(count);
    const ps = new Float64Array(count);
    let k = 0;
    for (let i = 0; i < probs.length; i++) {
      const p = probs[i] as number;
      if (p > 0) {
        xs[k] = lo + i;
        ps[k] = p;
        k++;
      }
    }
    checkOutcome(lo + probs.length - 1, "an outcome");
    return Dist.fromSorted(xs, ps, truncated);
  }

  get min(): number {
    return this.xs[0] as number;
  }

  get max(): number {
    return this.xs[this.xs.length - 1] as number;
  }

  /** Every outcome with a probability above zero, ascending. */
  outcomes(): readonly number[] {
    return this.xs;
  }

  /** The probabilities of `outcomes()`, in the same order. */
  probabilities(): readonly number[] {
    this.cachedProbabilities ??= Object.freeze(Array.from(this.ps));
    return this.cachedProbabilities;
  }

  /** `[outcome, probability]` pairs, ascending by outcome. */
  entries(): readonly DistEntry[] {
    this.cachedEntries ??= Object.freeze(
      this.xs.map((x, i) => Object.freeze([x, this.ps[i] as number] as const)),
    );
    return this.cachedEntries;
  }

  /** P(X = outcome). */
  p(outcome: number): number {
    const i = lowerBound(this.xs, outcome);
    return this.xs[i] === outcome ? (this.ps[i] as number) : 0;
  }

  mean(): number {
    if (this.cachedMean === undefined) {
      let m = 0;
      for (let i = 0; i < this.xs.length; i++) m += (this.xs[i] as number) * (this.ps[i] as number);
      this.cachedMean = m;
    }
    return this.cachedMean;
  }

  /** Standard deviation. */
  sd(): number {
    if (this.cachedSd === undefined) {
      const m = this.mean();
      let v = 0;
      for (let i = 0; i < this.xs.length; i++) {
        const d = (this.xs[i] as number) - m;
        v += d * d * (this.ps[i] as number);
      }
      this.cachedSd = Math.sqrt(v);
    }
    return this.cachedSd;
  }

  private cumulative(): Float64Array {
    if (this.cdf === undefined) {
      const n = this.ps.length;
      const cdf = new Float64Array(n);
      let acc = 0;
      for (let i = 0; i < n; i++) {
        acc += this.ps[i] as number;
        cdf[i] = acc;
      }
      this.cdf = cdf;
    }
    return this.cdf;
  }

  private survival(): Float64Array {
    if (this.sf === undefined) {
      const n = this.ps.length;
      const sf = new Float64Array(n);
      let acc = 0;
      for (let i = n - 1; i >= 0; i--) {
        acc += this.ps[i] as number;
        sf[i] = acc;
      }
      this.sf = sf;
    }
    return this.sf;
  }

  /** P(X >= t). */
  atLeast(t: number): number {
    const i = lowerBound(this.xs, Math.ceil(t));
    return i < this.xs.length ? (this.survival()[i] as number) : 0;
  }

  /** P(X <= t). */
  atMost(t: number): number {
    const i = lowerBound(this.xs, Math.floor(t) + 1) - 1;
    return i >= 0 ? (this.cumulative()[i] as number) : 0;
  }

  /**
   * The smallest outcome x with P(X <= x) >= q, for q in [0, 1]: `percentile(0.5)` is the median.
   * Mass lost to truncation sits above `max`, so a q beyond the mass present gives `max`.
   */
  percentile(q: number): number {
    if (!(q >= 0 && q <= 1)) throw new RangeError(`percentile(q) needs q in [0, 1], got ${q}`);
    const cdf = this.cumulative();
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] as number) >= q) hi = mid;
      else lo = mid + 1;
    }
    return this.xs[lo] as number;
  }

  /**
   * Inverse CDF: the outcome for a uniform `u` in [0, 1). Allocation-free after the first call.
   * A `u` beyond the mass present (only when truncated) gives `max`.
   */
  sample(u: number): number {
    const cdf = this.cdf ?? this.cumulative();
    const last = cdf.length - 1;
    if (u >= 0 && u < 1) {
      // Start at the guide's index for u's bucket, then step to the first cdf[i] > u: a step or
      // two instead of a binary search (the same answer: cdf is non-decreasing).
      const guide = this.guide ?? this.buildGuide(cdf);
      const j = Math.floor(u * guide.length); // below guide.length, but for rounding
      let i = guide[j < guide.length ? j : guide.length - 1] as number;
      while (i > 0 && (cdf[i - 1] as number) > u) i--;
      while (i < last && (cdf[i] as number) <= u) i++;
      const xs32 = this.xs32;
      return xs32 !== undefined ? (xs32[i] as number) : (this.xs[i] as number);
    }
    let lo = 0;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] as number) > u) hi = mid;
      else lo = mid + 1;
    }
    return this.xs[lo] as number;
  }

  /**
   * One bucket per outcome: guide[j] is the first index whose cdf exceeds j / K. Also keeps the
   * outcomes in an Int32Array when they fit, a plain typed read for every distribution alike.
   */
  private buildGuide(cdf: Float64Array): Int32Array {
    if (this.xs.every((x) => (x | 0) === x && !Object.is(x, -0)))
      this.xs32 = Int32Array.from(this.xs);
    const k = cdf.length;
    const guide = new Int32Array(k);
    let i = 0;
    for (let j = 0; j < k; j++) {
      const t = j / k;
      while (i < k - 1 && (cdf[i] as number) <= t) i++;
      guide[j] = i;
    }
    this.guide = guide;
    return guide;
  }

  /** The sum of this and an independent `other` (convolution). */
  add(other: Dist): Dist {
    const lo = this.min + other.min;
    const span = this.max + other.max - lo + 1;
    const pairs = this.xs.length * other.xs.length;
    const truncated = joinTruncated(this.truncated, other.truncated);
    if (span <= 4 * pairs + 64) {
      const out = new Float64Array(span);
      for (let i = 0; i < this.xs.length; i++) {
        const pa = this.ps[i] as number;
        const base = (this.xs[i] as number) - lo;
        for (let j = 0; j < other.xs.length; j++) {
          const k = base + (other.xs[j] as number);
          out[k] = (out[k] as number) + pa * (other.ps[j] as number);
        }
      }
      return Dist.fromDense(lo, out, truncated);
    }
    return this.combine(other, (a, b) => a + b);
  }

  /** The distribution of fn(X); outcomes that map to the same value add up. */
  map(fn: (outcome: number) => number): Dist {
    const map = new Map<number, number>();
    for (let i = 0; i < this.xs.length; i++) {
      const y = fn(this.xs[i] as number);
      checkOutcome(y, "map(fn) result");
      map.set(y, (map.get(y) ?? 0) + (this.ps[i] as number));
    }
    return Dist.fromMap(map, this.truncated);
  }

  /** The distribution of fn(A, B) for this A and an independent B. */
  combine(other: Dist, fn: (a: number, b: number) => number): Dist {
    const map = new Map<number, number>();
    for (let i = 0; i < this.xs.length; i++) {
      const a = this.xs[i] as number;
      const pa = this.ps[i] as number;
      for (let j = 0; j < other.xs.length; j++) {
        const y = fn(a, other.xs[j] as number);
        checkOutcome(y, "combine(fn) result");
        map.set(y, (map.get(y) ?? 0) + pa * (other.ps[j] as number));
      }
    }
    return Dist.fromMap(map, joinTruncated(this.truncated, other.truncated));
  }

  /**
   * P(A > B), P(A = B), P(A < B) for this A and an independent B, in one merge of the two
   * ascending supports: win sums P(A = a) P(B < a) and lose sums P(B = b) P(A < b), each from a
   * running sum that only grows (no subtraction from 1, so small chances keep their precision).
   * No cumulative arrays: this is often the first thing a process asks of a Dist, and a single
   * loop compiles faster than building and caching two arrays would.
   */
  compare(other: Dist): Versus {
    const ax = this.xs;
    const ap = this.ps;
    const bx = other.xs;
    const bp = other.ps;
    let win = 0;
    let tie = 0;
    let lose = 0;
    let belowA = 0; // P(A < the current outcome)
    let belowB = 0;
    let i = 0;
    let j = 0;
    while (i < ax.length || j < bx.length) {
      const a = i < ax.length ? (ax[i] as number) : Infinity;
      const b = j < bx.length ? (bx[j] as number) : Infinity;
      if (a < b) {
        win += (ap[i] as number) * belowB;
        belowA += ap[i] as number;
        i++;
      } else if (b < a) {
        lose += (bp[j] as number) * belowA;
        belowB += bp[j] as number;
        j++;
      } else {
        const pa = ap[i] as number;
        const pb = bp[j] as number;
        win += pa * belowB;
        lose += pb * belowA;
        tie += pa * pb;
        belowA += pa;
        belowB += pb;
        i++;
        j++;
      }
    }
    return { win, tie, lose };
  }
}
