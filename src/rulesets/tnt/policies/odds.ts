// Closed-form odds of the rules, for the policies: the kept die of a d20 pool, the hit-or-miss
// result against passive or active defence, and expected damage. Small loops over 20 faces,
// no allocation on the hot path (tests check them against the dice core and brute force).
import { Dist } from "../../../core/dist.js";
import { CRITICAL, HIT, MISS, PASSIVE, hitOrMiss } from "../procedures/hit-or-miss.js";

const MAX_POOL = 8;
/** CDF[k][x] = P(highest of k d20 <= x), x = 0..20. */
const CDF: Float64Array[] = [];
for (let k = 0; k <= MAX_POOL; k += 1) {
  const row = new Float64Array(21);
  for (let x = 0; x <= 20; x += 1) row[x] = (x / 20) ** k;
  CDF.push(row);
}

/** P(highest of `k` d20 <= x). */
export function keptAtMost(k: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 20) return 1;
  return CDF[k]![x]!;
}

/** P(highest of `k` d20 = v). */
export function keptIs(k: number, v: number): number {
  return keptAtMost(k, v) - keptAtMost(k, v - 1);
}

/** [P(miss), P(hit), P(critical)] of one attack natural against an active defence. */
export function versusActive(
  attackNatural: number,
  attackTotal: number,
  defenceDice: number,
  defenceBonus: number,
  natural1Hits: boolean,
  out: Float64Array,
): Float64Array {
  out[MISS] = 0;
  out[HIT] = 0;
  out[CRITICAL] = 0;
  if (attackNatural === 1) {
    out[MISS] = 1;
    return out;
  }
  const need = attackTotal - defenceBonus; // the defence reaches the attack when its die >= need
  const p20 = keptIs(defenceDice, 20);
  const p1 = keptIs(defenceDice, 1);
  // Dice 2..19 that reach the attack, and those that do not.
  const lo = Math.max(2, need);
  const reach = lo <= 19 ? keptAtMost(defenceDice, 19) - keptAtMost(defenceDice, lo - 1) : 0;
  const below = keptAtMost(defenceDice, 19) - keptAtMost(defenceDice, 1) - reach;
  const oneReaches = need <= 1;
  out[MISS] += p20;
  if (attackNatural === 20) {
    out[HIT] += reach + (oneReaches ? p1 : 0);
    out[CRITICAL] += below + (oneReaches ? 0 : p1);
  } else {
    out[MISS] += reach;
    out[HIT] += below;
    if (natural1Hits || !oneReaches) out[HIT] += p1;
    else out[MISS] += p1;
  }
  return out;
}

/** The hit-or-miss result of one attack natural against passive defence. */
export function versusPassive(attackNatural: number, attackTotal: number, defence: number): number {
  return hitOrMiss(attackNatural, attackTotal, PASSIVE, defence, false);
}

const damageMeans = new Map<number, number>();

/** E[max(0, d(die) + critCount d(crit) + offset)]: the mean damage inflicted. */
export function meanDamage(
  damageDie: number,
  critDie: number,
  critCount: number,
  offset: number,
): number {
  const key = ((damageDie * 128 + critDie) * 16 + critCount) * 1024 + (offset + 512);
  let mean = damageMeans.get(key);
  if (mean === undefined) {
    let dist = Dist.die(damageDie);
    for (let i = 0; i < critCount; i += 1) dist = dist.add(Dist.die(critDie));
    mean = 0;
    const xs = dist.outcomes();
    const ps = dist.probabilities();
    for (let i = 0; i < xs.length; i += 1) mean += Math.max(0, xs[i]! + offset) * ps[i]!;
    damageMeans.set(key, mean);
  }
  return mean;
}

/** What an attack brings to the policies' arithmetic. */
export interface AttackShape {
  /** d20 rolled (the anger die is not). */
  rolled: number;
  anger: boolean;
  /** Added to the kept die: skill + reach or speed - bypass penalty. */
  modifier: number;
  damageDie: number;
  critDie: number;
  /** Damage bonus less damage reduction. */
  damageOffset: number;
}

export interface DefenceShape {
  /** 0 for passive defence, else the d20 rolled (shield die included). */
  dice: number;
  /** Passive: the whole score; active: the bonus added to the kept die. */
  score: number;
  natural1Hits: boolean;
}

const scratch = new Float64Array(3);

const expectations = new Map<number, number>();

/** Packs the numbers an expectation depends on into one safe integer (bounded by the schemas). */
function expectationKey(a: AttackShape, d: DefenceShape): number {
  let k = a.rolled; // 0..15
  k = k * 2 + (a.anger ? 1 : 0);
  k = k * 128 + (a.modifier + 64); // -64..63
  k = k * 128 + a.damageDie; // <= 100
  k = k * 128 + a.critDie; // <= 100
  k = k * 256 + (a.damageOffset + 128); // -128..127
  k = k * 16 + d.dice; // 0..15
  k = k * 256 + (d.score + 128); // -128..127
  return k * 2 + (d.natural1Hits ? 1 : 0);
}

/** Expected damage inflicted by one attack against one defence (riders left out); memoised. */
export function expectedDamage(a: AttackShape, d: DefenceShape): number {
  const key = expectationKey(a, d);
  let value = expectations.get(key);
  if (value === undefined) {
    value = computeExpectedDamage(a, d);
    expectations.set(key, value);
  }
  return value;
}

function computeExpectedDamage(a: AttackShape, d: DefenceShape): number {
  const anger = a.anger ? 1 : 0;
  const basic = meanDamage(a.damageDie, a.critDie, anger, a.damageOffset);
  const master =
    a.rolled > 1 ? meanDamage(a.damageDie, a.critDie, anger + 1, a.damageOffset) : basic;
  const crit = meanDamage(a.damageDie, a.critDie, anger + a.rolled, a.damageOffset);
  let total = 0;
  for (let v = 1; v <= 20; v += 1) {
    const p = keptIs(a.rolled, v);
    const attackTotal = v + a.modifier;
    const onHit = attackTotal > 20 ? master : basic;
    if (d.dice === 0) {
      const r = versusPassive(v, attackTotal, d.score);
      total += p * (r === CRITICAL ? crit : r === HIT ? onHit : 0);
    } else {
      versusActive(v, attackTotal, d.dice, d.score, d.natural1Hits, scratch);
      total += p * (scratch[HIT]! * onHit + scratch[CRITICAL]! * crit);
    }
  }
  return total;
}

/** Mean damage of an attack that scored `attackTotal` and came out as `result`. */
export function damageOnResult(a: AttackShape, attackTotal: number, result: number): number {
  if (result === MISS) return 0;
  const anger = a.anger ? 1 : 0;
  if (result === CRITICAL)
    return meanDamage(a.damageDie, a.critDie, anger + a.rolled, a.damageOffset);
  const master = a.rolled > 1 && attackTotal > 20 ? 1 : 0;
  return meanDamage(a.damageDie, a.critDie, anger + master, a.damageOffset);
}

/** Expected damage of an attack already rolled (natural and total known) against a defence. */
export function expectedDamageGiven(
  a: AttackShape,
  attackNatural: number,
  attackTotal: number,
  d: DefenceShape,
): number {
  if (d.dice === 0)
    return damageOnResult(a, attackTotal, versusPassive(attackNatural, attackTotal, d.score));
  versusActive(attackNatural, attackTotal, d.dice, d.score, d.natural1Hits, scratch);
  return (
    scratch[HIT]! * damageOnResult(a, attackTotal, HIT) +
    scratch[CRITICAL]! * damageOnResult(a, attackTotal, CRITICAL)
  );
}

/**
 * Expected damage of an attack not yet rolled against a roll already made (a counter-attack
 * meets the attacker's original roll, whose natural counts as the defence's).
 */
export function expectedDamageAgainstRoll(
  a: AttackShape,
  defenceNatural: number,
  defenceTotal: number,
  natural1Hits: boolean,
): number {
  let total = 0;
  for (let v = 1; v <= 20; v += 1) {
    const attackTotal = v + a.modifier;
    const result = hitOrMiss(v, attackTotal, defenceNatural, defenceTotal, natural1Hits);
    total += keptIs(a.rolled, v) * damageOnResult(a, attackTotal, result);
  }
  return total;
}

/** P(an attack of `rolled` dice and `modifier` beats a fixed score `defence`), ties to the defender. */
export function hitChanceAgainst(
  rolled: number,
  modifier: number,
  defenceNatural: number,
  defence: number,
  natural1Hits: boolean,
): number {
  let p = 0;
  for (let v = 1; v <= 20; v += 1) {
    if (hitOrMiss(v, v + modifier, defenceNatural, defence, natural1Hits) !== MISS)
      p += keptIs(rolled, v);
  }
  return p;
}
