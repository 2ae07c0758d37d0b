// Dense probability arrays, the working form of the exact interpreter: p[i] = P(X = lo + i).
// Converted to a Dist once the whole expression is done.
import type { Span } from "./ast.js";
import type { Budget } from "./budget.js";
import { CALL_STEP_COST, MAX_EXACT_RANGE } from "./limits.js";
import { Dist } from "../dist.js";

export interface Pmf {
  readonly lo: number;
  readonly p: Float64Array;
  /** Mass lost to explosion truncation; the entries of `p` sum to 1 - truncated. */
  readonly truncated: number;
}

export function point(n: number): Pmf {
  return { lo: n, p: Float64Array.of(1), truncated: 0 };
}

export function highest(a: Pmf): number {
  return a.lo + a.p.length - 1;
}

export function mass(a: Pmf): number {
  let m = 0;
  for (let i = 0; i < a.p.length; i++) m += a.p[i] as number;
  return m;
}

export function joinTruncated(a: number, b: number): number {
  return a + b - a * b;
}

function nonZero(p: Float64Array): number {
  let n = 0;
  for (let i = 0; i < p.length; i++) if ((p[i] as number) > 0) n++;
  return n;
}

/** Drops zero entries at both ends. */
export function trim(lo: number, p: Float64Array, truncated: number): Pmf {
  let first = 0;
  while (first < p.length && p[first] === 0) first++;
  if (first === p.length) return { lo: 0, p: new Float64Array(1), truncated };
  let last = p.length - 1;
  while (p[last] === 0) last--;
  if (first === 0 && last === p.length - 1) return { lo, p, truncated };
  return { lo: lo + first, p: p.slice(first, last + 1), truncated };
}

/**
 * The probabilities of the sum of independent a and b, unchecked: the arithmetic of `convolve`,
 * shared with quick-odds.ts so that both paths give the same numbers bit for bit.
 */
export function convolveDense(ap: Float64Array, bp: Float64Array): Float64Array {
  const out = new Float64Array(ap.length + bp.length - 1);
  const bn = bp.length;
  for (let i = 0; i < ap.length; i++) {
    const pa = ap[i] as number;
    if (pa === 0) continue;
    for (let j = 0; j < bn; j++) out[i + j] = (out[i + j] as number) + pa * (bp[j] as number);
  }
  return out;
}

/** The distribution of the sum of independent a and b. */
export function convolve(a: Pmf, b: Pmf, budget: Budget, span: Span): Pmf {
  budget.range(a.lo + b.lo, highest(a) + highest(b), span);
  budget.charge(nonZero(a.p) * b.p.length + a.p.length + b.p.length, span);
  const p = convolveDense(a.p, b.p);
  return { lo: a.lo + b.lo, p, truncated: joinTruncated(a.truncated, b.truncated) };
}

/** The sum of n independent copies of a. */
export function sumPower(a: Pmf, n: number, budget: Budget, span: Span): Pmf {
  if (n === 0) return point(0);
  const width = a.p.length - 1;
  budget.range(n * a.lo, n * highest(a), span);
  budget.charge((nonZero(a.p) * (width * n * (n - 1))) / 2 + n, span);
  // Charged above, whole: the loop is the convolution of `convolve` without its checks.
  let acc = a.p;
  let truncated = a.truncated;
  for (let i = 1; i < n; i++) {
    acc = convolveDense(acc, a.p);
    truncated = joinTruncated(truncated, a.truncated);
  }
  return { lo: n * a.lo, p: acc, truncated };
}

/**
 * A sum of sub-probability distributions (their masses add), built part by part into one array
 * that grows as needed, so that the parts need not be kept.
 */
export class Mixture {
  private lo = 0;
  private p = new Float64Array(0);

  constructor(
    private readonly budget: Budget,
    private readonly span: Span,
  ) {}

  add(part: Pmf): void {
    const empty = this.p.length === 0;
    const top = this.lo + this.p.length - 1;
    const lo = empty ? part.lo : Math.min(part.lo, this.lo);
    const hi = empty ? highest(part) : Math.max(highest(part), top);
    this.budget.range(lo, hi, this.span);
    this.budget.charge(part.p.length, this.span);
    if (empty || lo < this.lo || hi > top) {
      // Room for as much again on the side that grew, so that growing is rare.
      const extra = Math.min(hi - lo + 1, MAX_EXACT_RANGE - (hi - lo + 1));
      const from = !empty && lo < this.lo ? lo - extra : lo;
      const to = !empty && lo < this.lo ? hi : hi + extra;
      this.budget.charge(to - from + 1, this.span);
      const grown = new Float64Array(to - from + 1);
      if (!empty) grown.set(this.p, this.lo - from);
      this.lo = from;
      this.p = grown;
    }
    const out = this.p;
    const from = part.p;
    const offset = part.lo - this.lo;
    for (let i = 0; i < from.length; i++)
      out[offset + i] = (out[offset + i] as number) + (from[i] as number);
  }

  done(truncated: number): Pmf {
    if (this.p.length === 0) return { lo: 0, p: new Float64Array(1), truncated };
    return trim(this.lo, this.p, truncated);
  }
}

/** The distribution of fn(X). */
export function mapPmf(a: Pmf, fn: (x: number) => number, budget: Budget, span: Span): Pmf {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < a.p.length; i++) {
    if (a.p[i] === 0) continue;
    const y = fn(a.lo + i);
    if (y < lo) lo = y;
    if (y > hi) hi = y;
  }
  budget.range(lo, hi, span);
  budget.charge(a.p.length * CALL_STEP_COST + hi - lo + 1, span);
  const out = new Float64Array(hi - lo + 1);
  for (let i = 0; i < a.p.length; i++) {
    const p = a.p[i] as number;
    if (p === 0) continue;
    const k = fn(a.lo + i) - lo;
    out[k] = (out[k] as number) + p;
  }
  return trim(lo, out, a.truncated);
}

/**
 * The distribution of fn(A, B) for independent A and B. `fn` must be monotone in each argument
 * over the supports (true of + - * min max, and of division by a divisor of one sign), so that
 * the result lies between its values at the corners.
 */
export function combinePmf(
  a: Pmf,
  b: Pmf,
  fn: (x: number, y: number) => number,
  budget: Budget,
  span: Span,
): Pmf {
  const ahi = highest(a);
  const bhi = highest(b);
  const corners = [fn(a.lo, b.lo), fn(a.lo, bhi), fn(ahi, b.lo), fn(ahi, bhi)];
  const lo = Math.min(...corners);
  const hi = Math.max(...corners);
  budget.range(lo, hi, span);
  const bAt: number[] = [];
  for (let j = 0; j < b.p.length; j++) if ((b.p[j] as number) > 0) bAt.push(j);
  budget.charge(nonZero(a.p) * bAt.length * CALL_STEP_COST + hi - lo + 1, span);
  const out = new Float64Array(hi - lo + 1);
  for (let i = 0; i < a.p.length; i++) {
    const pa = a.p[i] as number;
    if (pa === 0) continue;
    const x = a.lo + i;
    for (const j of bAt) {
      const k = fn(x, b.lo + j) - lo;
      out[k] = (out[k] as number) + pa * (b.p[j] as number);
    }
  }
  return trim(lo, out, joinTruncated(a.truncated, b.truncated));
}

export function toDist(a: Pmf): Dist {
  return Dist.fromDense(a.lo, a.p, a.truncated);
}
