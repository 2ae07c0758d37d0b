// Keep and drop over a pool of dice as a dynamic programme over outcomes (order statistics),
// never an enumeration of rolls. Outcomes are swept from the kept end: at each outcome the
// number of the remaining dice showing it is binomial, given that none showed an outcome
// already swept. Each die scores h(value) (its value, or +1/-1 when counting successes).
import type { Span } from "./ast.js";
import { binomialPmf } from "./binomial.js";
import type { Budget } from "./budget.js";
import { CALL_STEP_COST, MAP_STEP_COST } from "./limits.js";
import { type Pmf, highest, trim } from "./pmf.js";

export type Sweep = "high" | "low";

/** Keeps the `keep` highest (or lowest) of `n` independent dice distributed as `die`. */
export function keepIid(
  die: Pmf,
  n: number,
  sweep: Sweep,
  keep: number,
  h: (value: number) => number,
  budget: Budget,
  span: Span,
): Pmf {
  const m = die.p.length;
  const q = die.p;
  let hMin = Infinity;
  let hMax = -Infinity;
  const hv = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const s = h(die.lo + i);
    hv[i] = s;
    if (q[i] === 0) continue;
    if (s < hMin) hMin = s;
    if (s > hMax) hMax = s;
  }
  const sLo = Math.min(0, keep * hMin);
  const sHi = Math.max(0, keep * hMax);
  budget.range(sLo, sHi, span);
  const width = sHi - sLo + 1;
  // The programme's rows, and a binomial distribution over the dice left per row and outcome.
  budget.charge(m * keep * (width * (keep + 1) + (n + 1) * CALL_STEP_COST), span);

  // remaining[i]: mass of the die on outcome i and every outcome not yet swept.
  const remaining = new Float64Array(m);
  let acc = 0;
  if (sweep === "high") {
    for (let i = 0; i < m; i++) remaining[i] = acc += q[i] as number;
  } else {
    for (let i = m - 1; i >= 0; i--) remaining[i] = acc += q[i] as number;
  }

  let cur = new Float64Array(keep * width);
  let next = new Float64Array(keep * width);
  const done = new Float64Array(width);
  const pmf = new Float64Array(n + 1);
  cur[-sLo] = 1;
  // The occupied score band of each row (first > last when the row is empty).
  let first = new Int32Array(keep).fill(width);
  let last = new Int32Array(keep).fill(-1);
  let nextFirst = new Int32Array(keep);
  let nextLast = new Int32Array(keep);
  first[0] = -sLo;
  last[0] = -sLo;

  for (let step = 0; step < m; step++) {
    const i = sweep === "high" ? m - 1 - step : step;
    const qi = q[i] as number;
    if (qi === 0) continue;
    const pi = Math.min(1, qi / (remaining[i] as number));
    const hi = hv[i] as number;
    next.fill(0);
    nextFirst.fill(width);
    nextLast.fill(-1);
    for (let j = 0; j < keep; j++) {
      const sFrom = first[j] as number;
      const sTo = last[j] as number;
      if (sFrom > sTo) continue;
      const r = n - j;
      const need = keep - j;
      binomialPmf(r, pi, pmf);
      const row = j * width;
      const xTop = Math.min(r, need - 1);
      for (let x = 0; x <= xTop; x++) {
        const w = pmf[x] as number;
        if (w === 0) continue;
        const shift = x * hi;
        const dst = (j + x) * width + shift;
        for (let s = sFrom; s <= sTo; s++) {
          next[dst + s] = (next[dst + s] as number) + (cur[row + s] as number) * w;
        }
        nextFirst[j + x] = Math.min(nextFirst[j + x] as number, sFrom + shift);
        nextLast[j + x] = Math.max(nextLast[j + x] as number, sTo + shift);
      }
      if (r >= need) {
        let tail = 0;
        for (let x = need; x <= r; x++) tail += pmf[x] as number;
        if (tail > 0) {
          const dst = need * hi;
          for (let s = sFrom; s <= sTo; s++) {
            done[dst + s] = (done[dst + s] as number) + (cur[row + s] as number) * tail;
          }
        }
      }
    }
    [cur, next] = [next, cur];
    [first, nextFirst] = [nextFirst, first];
    [last, nextLast] = [nextLast, last];
  }
  // With keep < n every die is placed by the last outcome, so nothing is left in `cur`.
  if (die.truncated > 0) {
    const present = Math.pow(1 - die.truncated, n);
    for (let s = 0; s < width; s++) done[s] = (done[s] as number) * present;
    return trim(sLo, done, -Math.expm1(n * Math.log1p(-die.truncated)));
  }
  return trim(sLo, done, 0);
}

// Keeping one die (kh1, kl1, and keep/drop rules that leave one: 2d20dl1) has a closed form:
// the highest of n independent dice is at most x exactly when every die is, so
// P(max <= x) = F(x)^n and P(max = x) = F(x)^n - F(x - 1)^n (and P(min >= x) = S(x)^n for the
// lowest). One pass over the faces instead of the programme above: advantage and disadvantage
// rolls are common, small, and often the first thing a process computes, when every function on
// the path still has to be compiled (see quick-odds.ts).

/**
 * P(kept die = face i) for the highest (`high`) or lowest of `n` dice with P(face i) = q[i].
 * When q sums to 1 - t (mass lost to explosion truncation), F(x)^n is already the chance that all
 * n dice are present and at most x, so the result sums to (1 - t)^n with no rescaling.
 */
export function keepOneDense(q: Float64Array, n: number, high: boolean): Float64Array {
  const m = q.length;
  const out = new Float64Array(m);
  let acc = 0;
  let before = 0;
  for (let k = 0; k < m; k++) {
    // Highest: i runs up the faces and acc is F(face i); lowest: down, and acc is S(face i).
    const i = high ? k : m - 1 - k;
    acc += q[i] as number;
    const now = Math.pow(acc, n);
    out[i] = now - before;
    before = now;
  }
  return out;
}

/** The kept die of `n` independent dice distributed as `die`, highest or lowest. */
export function keepOneIid(die: Pmf, n: number, sweep: Sweep, budget: Budget, span: Span): Pmf {
  budget.charge(die.p.length * CALL_STEP_COST, span);
  const t = die.truncated;
  return {
    lo: die.lo,
    p: keepOneDense(die.p, n, sweep === "high"),
    truncated: t > 0 ? -Math.expm1(n * Math.log1p(-t)) : 0,
  };
}

/** Dice counts per group, with their joint probability. */
export interface GroupCounts {
  readonly counts: readonly number[];
  readonly p: number;
}

export type PoolRule =
  | { readonly sweep: Sweep; readonly keep: number }
  | { readonly sweep: Sweep; readonly drop: number };

interface State {
  readonly taken: number;
  readonly rem: number[];
  readonly scores: Map<number, number>;
}

/**
 * Keep or drop over a pool made of groups: given the counts, group g holds counts[g] independent
 * dice distributed as groups[g]; the counts themselves are random (explosions add dice).
 */
export function keepGroups(
  groups: readonly Pmf[],
  counts: readonly GroupCounts[],
  rule: PoolRule,
  h: (value: number) => number,
  truncated: number,
  budget: Budget,
  span: Span,
): Pmf {
  const keeping = "keep" in rule;
  const limit = "keep" in rule ? rule.keep : rule.drop;
  // The outcomes in sweep order, and each group's remaining mass: a set, a sort and a pass.
  let faces = 0;
  for (const g of groups) faces += g.p.length;
  budget.charge(faces * CALL_STEP_COST, span);
  const outcomes = new Set<number>();
  for (const g of groups) {
    for (let i = 0; i < g.p.length; i++) if ((g.p[i] as number) > 0) outcomes.add(g.lo + i);
  }
  const sweepOrder = [...outcomes].sort((a, b) => (rule.sweep === "high" ? b - a : a - b));
  const remaining = groups.map((g) => {
    const r = new Float64Array(g.p.length);
    let acc = 0;
    if (rule.sweep === "high") for (let i = 0; i < g.p.length; i++) r[i] = acc += g.p[i] as number;
    else for (let i = g.p.length - 1; i >= 0; i--) r[i] = acc += g.p[i] as number;
    return r;
  });

  const done = new Map<number, number>();
  const addTo = (map: Map<number, number>, score: number, p: number): void => {
    map.set(score, (map.get(score) ?? 0) + p);
  };
  let states = new Map<string, State>();
  for (const { counts: c, p } of counts) {
    const key = `0:${c.join(",")}`;
    const existing = states.get(key);
    if (existing === undefined)
      states.set(key, { taken: 0, rem: [...c], scores: new Map([[0, p]]) });
    else addTo(existing.scores, 0, p);
  }
  let maxCount = 0;
  for (const { counts: c } of counts) for (const x of c) maxCount = Math.max(maxCount, x);
  const pmf = new Float64Array(maxCount + 1);

  for (const v of sweepOrder) {
    const score = h(v);
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g] as Pmf;
      if (v < group.lo || v > highest(group)) continue;
      const qv = group.p[v - group.lo] as number;
      if (qv === 0) continue;
      const pi = Math.min(1, qv / ((remaining[g] as Float64Array)[v - group.lo] as number));
      budget.charge(MAP_STEP_COST, span);
      const nextStates = new Map<string, State>();
      for (const state of states.values()) {
        const r = state.rem[g] as number;
        budget.charge((r + 1) * CALL_STEP_COST + MAP_STEP_COST, span);
        if (r === 0) {
          mergeState(nextStates, state.taken, state.rem, state.scores, 0);
          continue;
        }
        binomialPmf(r, pi, pmf);
        for (let x = 0; x <= r; x++) {
          const w = pmf[x] as number;
          if (w === 0) continue;
          // A state's key, and an update of its scores per score (a number-keyed map).
          budget.charge(MAP_STEP_COST + state.scores.size * CALL_STEP_COST, span);
          const rem = state.rem.slice();
          rem[g] = r - x;
          let taken: number;
          let add: number;
          if (keeping) {
            const t = Math.min(x, limit - state.taken);
            taken = state.taken + t;
            add = t * score;
          } else {
            const skipped = Math.min(x, limit - state.taken);
            taken = state.taken + skipped;
            add = (x - skipped) * score;
          }
          if (keeping && taken === limit) {
            for (const [s, p] of state.scores) addTo(done, s + add, p * w);
          } else {
            mergeState(nextStates, taken, rem, state.scores, add, w);
          }
        }
      }
      states = nextStates;
    }
  }
  for (const state of states.values()) for (const [s, p] of state.scores) addTo(done, s, p);

  let lo = Infinity;
  let hi = -Infinity;
  for (const s of done.keys()) {
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  if (lo === Infinity) return { lo: 0, p: new Float64Array(1), truncated };
  budget.range(lo, hi, span);
  const out = new Float64Array(hi - lo + 1);
  for (const [s, p] of done) out[s - lo] = (out[s - lo] as number) + p;
  return trim(lo, out, truncated);
}

function mergeState(
  into: Map<string, State>,
  taken: number,
  rem: number[],
  scores: Map<number, number>,
  add: number,
  weight = 1,
): void {
  const key = `${taken}:${rem.join(",")}`;
  let state = into.get(key);
  if (state === undefined) {
    state = { taken, rem, scores: new Map() };
    into.set(key, state);
  }
  for (const [s, p] of scores)
    state.scores.set(s + add, (state.scores.get(s + add) ?? 0) + p * weight);
}
