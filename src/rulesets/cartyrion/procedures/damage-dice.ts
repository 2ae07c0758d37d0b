// Damage Dice and Critical Hits: how many dice an attack rolls (the Damage Dice Multiplier,
// ceil(level / 2): one die at level 1, two at 3, one more at every odd level), and the roll specs
// for them. Every damage die explodes on its highest face. Specs are cached: simulation asks for
// the same few again and again.
import { Dist } from "../../../core/dist.js";
import type { Roll } from "../../../core/dice/index.js";
import type { RollSpec } from "../../../engine/choice.js";
import { diceRoll } from "../../../engine/roll-specs.js";

/** Damage Dice: the number of damage dice at `level` (the chapter also calls it the Damage Level Multiplier). */
export function damageDiceMultiplier(level: number): number {
  return Math.ceil(level / 2);
}

const plain: RollSpec[][] = [];

/** `n` exploding dice with `sides` faces; the answer is their total, explosions included. */
export function damageRoll(n: number, sides: number): RollSpec {
  const row = (plain[sides] ??= []);
  return (row[n] ??= diceRoll(`${n}d${sides}!`));
}

/**
 * The answer of `damageRollCountingExplosions` packs the total and the number of explosions:
 * total * EXPLOSION_BASE + explosions. Only Parrying with a Weapon needs the count.
 */
export const EXPLOSION_BASE = 1024;

export function unpackTotal(code: number): number {
  return Math.floor(code / EXPLOSION_BASE);
}

export function unpackExplosions(code: number): number {
  return code % EXPLOSION_BASE;
}

export function packDamage(total: number, explosions: number): number {
  return total * EXPLOSION_BASE + explosions;
}

/** Mass below which an explosion branch is cut off (as the dice core does for `!`). */
const CUTOFF = 1e-12;
/** Outcomes rarer than this are dropped while convolving (their mass is reported as truncated). */
const PRUNE = 1e-18;

/** The joint distribution of (total, explosions) of `n` exploding d`sides`, packed. */
function jointDist(n: number, sides: number): Dist {
  // One die: k explosions, then a face below the highest.
  const one = new Map<number, number>();
  let pk = 1 / sides; // P(k explosions and then a given face below the highest) = sides^-(k+1)
  for (let k = 0; ; k += 1) {
    for (let f = 1; f < sides; f += 1) one.set(packDamage(k * sides + f, k), pk);
    // P(at least k + 1 explosions) is also sides^-(k+1): stop once it is negligible.
    if (pk < CUTOFF || sides === 1) break;
    pk /= sides;
  }
  const truncated = pk;
  let acc = new Map<number, number>([[0, 1]]);
  let lost = 0;
  for (let i = 0; i < n; i += 1) {
    const next = new Map<number, number>();
    for (const [a, pa] of acc) {
      for (const [b, pb] of one) {
        const p = pa * pb;
        if (p < PRUNE) {
          lost += p;
          continue;
        }
        next.set(a + b, (next.get(a + b) ?? 0) + p);
      }
    }
    acc = next;
  }
  // Mass present: (1 - truncated)^n less what pruning dropped; the rest is reported as truncated.
  return Dist.fromEntries(acc, Math.min(1, 1 - (1 - truncated) ** n + lost));
}

const counting: RollSpec[][] = [];

/** Die results of a roll that exploded (each one added another die). */
function explosionsIn(roll: Roll): number {
  let count = 0;
  for (const die of roll.dice) {
    if (die.exploded) count += 1;
  }
  return count;
}

/**
 * `n` exploding d`sides` whose answer also counts the explosions (packed, see EXPLOSION_BASE):
 * rolled when the target parries with a weapon, which shatters on exploding dice.
 */
export function damageRollCountingExplosions(n: number, sides: number): RollSpec {
  const row = (counting[sides] ??= []);
  let spec = row[n];
  if (spec === undefined) {
    let dist: Dist | undefined;
    spec = {
      notation: `${n}d${sides}!`,
      dist: () => (dist ??= jointDist(n, sides)),
      read: (roll: Roll) => packDamage(roll.total, explosionsIn(roll)),
    };
    row[n] = spec;
  }
  return spec;
}

/**
 * Tail sums of a damage total, for expected damage after a subtraction and the chance to reach a
 * total (policies ask these for every option of every turn, so both are table look-ups).
 */
interface Tail {
  readonly xs: readonly number[];
  /** sumP[i] = P(S >= xs[i]); sumXP[i] = E[S; S >= xs[i]]. */
  readonly sumP: Float64Array;
  readonly sumXP: Float64Array;
  /** from[k] = the first index i with xs[i] >= k, for k from 0 to max + 1. */
  readonly from: Int32Array;
  /** atLeast[k] = P(S >= k) as the distribution reads it, for k from 0 to max + 1. */
  readonly atLeast: Float64Array;
  readonly dist: Dist;
}

const tails: Tail[][] = [];

function buildTail(n: number, sides: number): Tail {
  const dist = damageRoll(n, sides).dist();
  const xs = dist.outcomes();
  const ps = dist.probabilities();
  const sumP = new Float64Array(xs.length + 1);
  const sumXP = new Float64Array(xs.length + 1);
  for (let i = xs.length - 1; i >= 0; i -= 1) {
    sumP[i] = sumP[i + 1]! + ps[i]!;
    sumXP[i] = sumXP[i + 1]! + ps[i]! * xs[i]!;
  }
  const top = Math.max(0, dist.max) + 1;
  const from = new Int32Array(top + 1);
  const atLeast = new Float64Array(top + 1);
  let i = 0;
  for (let k = 0; k <= top; k += 1) {
    while (i < xs.length && xs[i]! < k) i += 1;
    from[k] = i;
    atLeast[k] = dist.atLeast(k);
  }
  return { xs, sumP, sumXP, from, atLeast, dist };
}

function tailOf(n: number, sides: number): Tail {
  return tails[sides]?.[n] ?? newTail(n, sides);
}

function newTail(n: number, sides: number): Tail {
  const row = (tails[sides] ??= []);
  return (row[n] = buildTail(n, sides));
}

/** E[max(0, S + c)] for S the total of `n` exploding d`sides`: expected damage after mitigation. */
export function expectedAfter(n: number, sides: number, c: number): number {
  // Small enough to inline where policies weigh their options: a look-up for a whole c.
  if (n <= 0 || !Number.isInteger(c)) return expectedAfterSlow(n, sides, c);
  const t = tailOf(n, sides);
  // first index with x + c > 0, i.e. x > -c, i.e. x >= 1 - c
  const k = 1 - c;
  const lo = k <= 0 ? 0 : k < t.from.length ? t.from[k]! : t.xs.length;
  return t.sumXP[lo]! + c * t.sumP[lo]!;
}

function expectedAfterSlow(n: number, sides: number, c: number): number {
  if (n <= 0) return Math.max(0, c);
  const { xs, sumP, sumXP } = tailOf(n, sides);
  // first index with x + c > 0, i.e. x > -c
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! + c > 0) hi = mid;
    else lo = mid + 1;
  }
  return sumXP[lo]! + c * sumP[lo]!;
}

/** P(S + c >= t): the chance that `n` exploding d`sides` plus c reach t. */
export function chanceAtLeast(n: number, sides: number, c: number, t: number): number {
  if (n <= 0) return c >= t ? 1 : 0;
  const tail = tailOf(n, sides);
  const k = t - c;
  if (!Number.isInteger(k)) return tail.dist.atLeast(k);
  const { atLeast } = tail;
  return k <= 0 ? atLeast[0]! : k < atLeast.length ? atLeast[k]! : 0;
}
