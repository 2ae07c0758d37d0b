// The exact distribution of one dice term, modifiers applied in their fixed order:
// rerolls shape each die, explosions turn a die into a chain of dice, keep/drop picks from the
// pool, and each kept die scores its value or, when counting, +1 per success and -1 per failure.
import type { DiceTerm, ExplodeModifier, KeepRule } from "./ast.js";
import type { Budget } from "./budget.js";
import { highestFace, lowestFace, matches } from "./faces.js";
import {
  DEFAULT_EXPLODE_DEPTH,
  DEFAULT_REROLL_DEPTH,
  EXPLOSION_CUTOFF,
  MAP_STEP_COST,
} from "./limits.js";
import { type GroupCounts, type PoolRule, keepGroups, keepIid, keepOneIid } from "./pool.js";
import { Mixture, type Pmf, convolve, mapPmf, mass, point, sumPower, trim } from "./pmf.js";

/** Tuples of chain counts below this probability are dropped and reported as truncated. */
const PRUNE = 1e-18;

/** One die after rerolls: P(face) for every face. */
function facePmf(t: DiceTerm): Pmf {
  const lo = lowestFace(t.faces);
  const n = highestFace(t.faces) - lo + 1;
  const p = new Float64Array(n).fill(1 / n);
  const reroll = t.reroll;
  if (reroll === undefined) return { lo, p, truncated: 0 };
  let matching = 0;
  for (let f = 0; f < n; f++) if (matches(reroll.compare, lo + f)) matching++;
  if (matching === 0 || matching === n) return { lo, p, truncated: 0 };
  const pr = matching / n;
  const depth = reroll.depth ?? DEFAULT_REROLL_DEPTH;
  // A face outside the reroll set stands on any of the depth + 1 rolls; one inside it stands
  // only when every earlier roll matched too.
  const keepOther = (1 - Math.pow(pr, depth + 1)) / (1 - pr);
  const keepMatching = Math.pow(pr, depth);
  for (let f = 0; f < n; f++) {
    p[f] = (matches(reroll.compare, lo + f) ? keepMatching : keepOther) / n;
  }
  return { lo, p, truncated: 0 };
}

/**
 * The most dice one explosion chain of `t` rolls in exact odds: one when no face that stands after
 * rerolls explodes, else the written depth, or without one as many as it takes for the chance of still exploding to fall below EXPLOSION_CUTOFF (the rule
 * chainPmf and keepExploding follow). Checked before any distribution is built (exact.ts).
 */
export function exactChainDice(t: DiceTerm): number {
  const explode = t.explode;
  if (explode === undefined) return 1;
  const die = facePmf(t);
  const isS = explodes(explode, highestFace(t.faces));
  let p = 0;
  for (let i = 0; i < die.p.length; i++) if (isS(die.lo + i)) p += die.p[i] as number;
  if (p === 0) return 1;
  if (explode.depth !== undefined) return explode.depth + 1;
  for (let k = 0; k < DEFAULT_EXPLODE_DEPTH; k++) {
    if (Math.pow(p, k + 1) < EXPLOSION_CUTOFF) return k + 1;
  }
  return DEFAULT_EXPLODE_DEPTH + 1;
}

/** A die scores its value unless successes are counted (compared by identity in keepFixed). */
const faceValue = (v: number): number => v;

function scoreFunction(t: DiceTerm): (value: number) => number {
  const success = t.success;
  if (success === undefined) return faceValue;
  const failure = t.failure;
  return (v) =>
    (matches(success.compare, v) ? 1 : 0) -
    (failure !== undefined && matches(failure.compare, v) ? 1 : 0);
}

function explodes(explode: ExplodeModifier, top: number): (face: number) => boolean {
  const compare = explode.compare;
  return compare === undefined ? (f) => f === top : (f) => matches(compare, f);
}

/** The faces of `die` for which `pick` holds, still weighted by their probability. */
function restrict(die: Pmf, pick: (face: number) => boolean): Pmf | undefined {
  const p = new Float64Array(die.p.length);
  let any = false;
  for (let i = 0; i < p.length; i++) {
    if (pick(die.lo + i)) {
      p[i] = die.p[i] as number;
      if ((p[i] as number) > 0) any = true;
    }
  }
  return any ? trim(die.lo, p, 0) : undefined;
}

function normalize(a: Pmf): Pmf {
  const m = mass(a);
  return { lo: a.lo, p: a.p.map((x) => x / m), truncated: 0 };
}

function shift(a: Pmf, by: number): Pmf {
  return { lo: a.lo + by, p: a.p, truncated: a.truncated };
}

/**
 * The total score of one explosion chain: the first die, and while a die explodes (at most
 * `depth` times) another, each later die counting one less when penetrating. The last allowed
 * die counts its face and does not roll again. Without a depth the chain stops once the mass
 * still exploding is below EXPLOSION_CUTOFF (or at DEFAULT_EXPLODE_DEPTH), and that mass is
 * reported as truncated.
 */
function chainPmf(
  die: Pmf,
  explode: ExplodeModifier,
  top: number,
  h: (value: number) => number,
  t: DiceTerm,
  budget: Budget,
): Pmf {
  const isS = explodes(explode, top);
  const penetrate = explode.style === "penetrate" || explode.style === "compound-penetrate";
  const cap = explode.depth ?? DEFAULT_EXPLODE_DEPTH;
  const pieces = (adj: number) => {
    const scored = (pick: (f: number) => boolean) => {
      const r = restrict(die, pick);
      return r === undefined ? undefined : mapPmf(r, (f) => h(f + adj), budget, t.span);
    };
    return { s: scored(isS), n: scored((f) => !isS(f)), all: scored(() => true) as Pmf };
  };
  const first = pieces(0);
  const later = penetrate ? pieces(-1) : first;
  let reach: Pmf = point(0);
  const total = new Mixture(budget, t.span);
  let truncated = 0;
  for (let level = 0; ; level++) {
    const pcs = level === 0 ? first : later;
    if (level === cap) {
      total.add(convolve(reach, pcs.all, budget, t.span));
      break;
    }
    if (pcs.n !== undefined) total.add(convolve(reach, pcs.n, budget, t.span));
    if (pcs.s === undefined) break;
    reach = convolve(reach, pcs.s, budget, t.span);
    const still = mass(reach);
    if (explode.depth === undefined && still < EXPLOSION_CUTOFF) {
      truncated = still;
      break;
    }
  }
  return total.done(truncated);
}

/** Keep/drop of a fixed number of identical dice, as keep-highest or keep-lowest. */
function keepFixed(
  value: Pmf,
  n: number,
  rule: KeepRule,
  count: number,
  h: (value: number) => number,
  t: DiceTerm,
  budget: Budget,
): Pmf {
  let sweep: "high" | "low";
  let keep: number;
  switch (rule) {
    case "kh":
      sweep = "high";
      keep = count;
      break;
    case "kl":
      sweep = "low";
      keep = count;
      break;
    case "dh":
      sweep = "low";
      keep = n - count;
      break;
    case "dl":
      sweep = "high";
      keep = n - count;
      break;
  }
  if (keep <= 0) return point(0);
  if (keep >= n) return sumPower(mapPmf(value, h, budget, t.span), n, budget, t.span);
  if (keep === 1) {
    const kept = keepOneIid(value, n, sweep, budget, t.span);
    return h === faceValue ? kept : mapPmf(kept, h, budget, t.span);
  }
  return keepIid(value, n, sweep, keep, h, budget, t.span);
}

function poolRule(rule: KeepRule, count: number): PoolRule {
  switch (rule) {
    case "kh":
      return { sweep: "high", keep: count };
    case "kl":
      return { sweep: "low", keep: count };
    case "dh":
      return { sweep: "high", drop: count };
    case "dl":
      return { sweep: "low", drop: count };
  }
}

/** Keep/drop over every die rolled when each explosion adds a die (so the pool size varies). */
function keepExploding(
  die: Pmf,
  explode: ExplodeModifier,
  top: number,
  h: (value: number) => number,
  t: DiceTerm,
  budget: Budget,
): Pmf {
  const keep = t.keep;
  if (keep === undefined) throw new Error("keepExploding needs a keep modifier");
  const isS = explodes(explode, top);
  const sFaces = restrict(die, isS);
  const nFaces = restrict(die, (f) => !isS(f));
  if (sFaces === undefined) return keepFixed(die, t.count, keep.rule, keep.count, h, t, budget);
  const p = mass(sFaces);
  const penetrate = explode.style === "penetrate";
  const cap = explode.depth ?? DEFAULT_EXPLODE_DEPTH;

  const groups: Pmf[] = [normalize(sFaces)];
  groups.push(nFaces === undefined ? (groups[0] as Pmf) : normalize(nFaces));
  if (penetrate) groups.push(shift(groups[0] as Pmf, -1), shift(groups[1] as Pmf, -1));

  // One chain: k exploding faces then a face that does not explode, or cap + 1 exploding faces.
  const chain: GroupCounts[] = [];
  const ofChain = (exploding: number, ends: boolean): number[] => {
    if (!penetrate) return [exploding, ends ? 1 : 0];
    if (exploding === 0) return [0, 1, 0, 0];
    return [1, 0, exploding - 1, ends ? 1 : 0];
  };
  let chainTruncated = 0;
  for (let k = 0; ; k++) {
    if (k === cap) {
      chain.push({ counts: ofChain(cap + 1, false), p: Math.pow(p, cap + 1) });
      if (p < 1) chain.push({ counts: ofChain(k, true), p: Math.pow(p, k) * (1 - p) });
      break;
    }
    if (p < 1) chain.push({ counts: ofChain(k, true), p: Math.pow(p, k) * (1 - p) });
    const still = Math.pow(p, k + 1);
    if (explode.depth === undefined && still < EXPLOSION_CUTOFF) {
      chainTruncated = still;
      break;
    }
  }

  let pool = new Map<string, GroupCounts>([
    [groups.map(() => 0).join(","), { counts: groups.map(() => 0), p: 1 }],
  ]);
  let pruned = 0;
  for (let i = 0; i < t.count; i++) {
    budget.charge(pool.size * chain.length, t.span);
    const next = new Map<string, GroupCounts>();
    for (const a of pool.values()) {
      for (const c of chain) {
        const w = a.p * c.p;
        if (w < PRUNE) {
          pruned += w;
          continue;
        }
        budget.charge(MAP_STEP_COST, t.span);
        const counts = a.counts.map((x, g) => x + (c.counts[g] as number));
        const key = counts.join(",");
        const existing = next.get(key);
        next.set(key, { counts, p: (existing?.p ?? 0) + w });
      }
    }
    pool = next;
  }
  const truncated = -Math.expm1(t.count * Math.log1p(-chainTruncated)) + pruned;
  return keepGroups(
    groups,
    [...pool.values()],
    poolRule(keep.rule, keep.count),
    h,
    truncated,
    budget,
    t.span,
  );
}

/** The exact distribution of a dice term's total. */
export function termPmf(t: DiceTerm, budget: Budget): Pmf {
  if (t.count === 0) return point(0);
  budget.charge(highestFace(t.faces) - lowestFace(t.faces) + 1, t.span);
  const die = facePmf(t);
  const h = scoreFunction(t);
  const explode = t.explode;
  const keep = t.keep;
  const top = highestFace(t.faces);
  if (explode === undefined) {
    if (keep === undefined)
      return sumPower(mapPmf(die, h, budget, t.span), t.count, budget, t.span);
    return keepFixed(die, t.count, keep.rule, keep.count, h, t, budget);
  }
  switch (explode.style) {
    case "compound":
    case "compound-penetrate": {
      const value = chainPmf(die, explode, top, (v) => v, t, budget);
      if (keep === undefined)
        return sumPower(mapPmf(value, h, budget, t.span), t.count, budget, t.span);
      return keepFixed(value, t.count, keep.rule, keep.count, h, t, budget);
    }
    case "add":
    case "penetrate":
      if (keep === undefined)
        return sumPower(chainPmf(die, explode, top, h, t, budget), t.count, budget, t.span);
      return keepExploding(die, explode, top, h, t, budget);
  }
}
