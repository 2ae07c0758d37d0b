// Default policies for attacking: the split of the pool, the target, anger and bypass, the
// counter-attack, the attack of opportunity and twisting the blade.
import {
  bestDamage,
  bestOptions,
  ANGER,
  BYPASS,
  attackShape,
  defenceShape,
} from "./expectations.js";
import { defencePolicy } from "./defence-policy.js";
import { hitOrMiss } from "../procedures/hit-or-miss.js";
import {
  damageOnResult,
  expectedDamageAgainstRoll,
  expectedDamageGiven,
  hitChanceAgainst,
} from "./odds.js";
import {
  attackValue,
  bestAttackValue,
  likelyDefenceDice,
  preferredRange,
  threatValue,
  threatsTo,
} from "./policy-values.js";
import {
  attackModifier,
  attackableFoes,
  canAttackAt,
  passiveDefence,
} from "../procedures/scores.js";
import { inFight, rangeOf, setRange, type Fighter, type Range, type TntState } from "../state.js";

/** What a split of the pool is expected to do this round, as shares of hit points. */
interface RoundShares {
  readonly dealt: number;
  readonly taken: number;
}

/**
 * How much the damage a split lets through weighs against the damage it deals: 1 for the damage
 * race as it stands (the default), more for a cautious fighter, 0 for a reckless one (every die
 * into attacks).
 */
export const GUARD = { steady: 1, cautious: 2, reckless: 0 } as const;

/**
 * Is `x` the better split? Dice kept back win no ground (the pool replenishes every round), so
 * splits are weighed by the share of the damage race they win, dealt / (dealt + guard x taken);
 * then by more damage dealt; then by less taken. Weighing dealt less taken instead let a wounded
 * fighter keep every die for defence round after round, never striking back.
 */
function betterSplit(x: RoundShares, y: RoundShares, guard: number): boolean {
  const race = (r: RoundShares) => {
    const taken = guard * r.taken;
    return r.dealt + taken > 0 ? r.dealt / (r.dealt + taken) : 0;
  };
  const d = race(x) - race(y);
  if (Math.abs(d) > 1e-9) return d > 0;
  if (Math.abs(x.dealt - y.dealt) > 1e-9) return x.dealt > y.dealt;
  return x.taken < y.taken - 1e-9;
}

/** Offense: how to split the pool into attacks; the rest is kept for active defence. */
export function allocationPolicy(
  state: TntState,
  f: Fighter,
  guard: number = GUARD.steady,
): number[] {
  const targets = attackableFoes(state, f);
  if (targets.length === 0 || f.pool < 1) return [];
  const threats = threatsTo(state, f);
  let best: number[] = [];
  let bestShares: RoundShares = { dealt: 0, taken: threatValue(state, f, threats, f.pool) };
  const consider = (split: number[], shares: RoundShares) => {
    if (betterSplit(shares, bestShares, guard)) {
      best = split;
      bestShares = shares;
    }
  };
  for (let keep = 0; keep < f.pool; keep += 1) {
    const n = f.pool - keep;
    const taken = threatValue(state, f, threats, keep);
    consider([n], { dealt: bestAttackValue(state, f, n, targets), taken });
    // Against two or more foes, a second attack may go to another one.
    if (targets.length >= 2 && n >= 2) {
      for (let second = 1; second <= n - second; second += 1) {
        const dealt = splitValue(state, f, targets, n - second, second);
        consider([n - second, second], { dealt, taken });
      }
    }
  }
  return best;
}

function splitValue(
  state: TntState,
  f: Fighter,
  targets: readonly Fighter[],
  a: number,
  b: number,
): number {
  let best = 0;
  for (const x of targets) {
    for (const y of targets) {
      if (x !== y) best = Math.max(best, attackValue(state, f, x, a) + attackValue(state, f, y, b));
    }
  }
  return best;
}

/**
 * The damage a foe is expected to deal `f` in a round to come: its pool less a die of defence,
 * at the range the pair is at (melee, if its weapon cannot strike there), `f` keeping one die.
 */
export function roundThreat(state: TntState, f: Fighter, foe: Fighter): number {
  const range = rangeOf(state, f, foe);
  const at = canAttackAt(foe, range, state.switches) ? range : "melee";
  const dice = Math.max(1, foe.combatDice - foe.lostDice - 1);
  return bestDamage(foe, f, at, dice, 1, state.switches);
}

/**
 * Which foe to attack: the one whose blows this attack is expected to stop most, the share of
 * its hit points it takes times the damage it deals a round (a seasoned fighter cuts down the
 * axe before the dagger); ties to the one with fewer hit points.
 */
export function targetPolicy(
  state: TntState,
  f: Fighter,
  foes: readonly Fighter[],
  dice: number,
): Fighter {
  let best = foes[0]!;
  let bestValue = -1;
  for (const g of foes) {
    const value = attackValue(state, f, g, dice) * (roundThreat(state, f, g) + 1e-6);
    if (value > bestValue + 1e-12 || (Math.abs(value - bestValue) <= 1e-12 && g.hp < best.hp)) {
      bestValue = value;
      best = g;
    }
  }
  return best;
}

/** Attack in Anger and armour bypass: whichever pair gives the most expected damage. */
export function attackOptionsPolicy(
  state: TntState,
  f: Fighter,
  target: Fighter,
  dice: number,
): { readonly anger: boolean; readonly bypass: boolean } {
  const flags = bestOptions(
    f,
    target,
    rangeOf(state, f, target),
    dice,
    likelyDefenceDice(target),
    state.switches,
  );
  return { anger: (flags & ANGER) !== 0, bypass: (flags & BYPASS) !== 0 };
}

/** A roll a strike is made against instead of a defence (a counter-attack's original roll). */
export interface FixedRoll {
  readonly natural: number;
  readonly total: number;
}

/**
 * Armour bypass decided after the roll (the `bypassDecided` switch): bypass when the attack less
 * the penalty, with no DR, is expected to do more damage than the attack as rolled, against the
 * defence the target's own policy would choose for each (or a counter-attack's fixed roll).
 * `total` is the attack's score without any bypass penalty.
 */
export function bypassPolicy(
  state: TntState,
  att: Fighter,
  target: Fighter,
  dice: number,
  anger: boolean,
  natural: number,
  total: number,
  against?: FixedRoll,
): boolean {
  const sw = state.switches;
  // An attacker's natural 1 misses either way; short of passive defence through the penalty, the
  // bypass misses too (the target need not roll), so there is nothing to weigh.
  if (natural === 1) return false;
  const bypassed = total - sw.bypassPenalty;
  if (against === undefined && natural !== 20 && bypassed <= passiveDefence(target)) return false;
  const range = rangeOf(state, att, target);
  const natural1Hits = sw.defenderNatural1 === "attack-hits";
  const value = (bypass: boolean): number => {
    const shape = attackShape(att, target, range, dice, anger, bypass, sw);
    const t = bypass ? bypassed : total;
    if (against !== undefined) {
      const result = hitOrMiss(natural, t, against.natural, against.total, natural1Hits);
      return damageOnResult(shape, t, result);
    }
    const k = target.pool >= 1 ? defencePolicy(state, target, att, shape, natural, t) : 0;
    return expectedDamageGiven(shape, natural, t, defenceShape(target, k, sw));
  };
  return value(true) > value(false) + 1e-9;
}

/**
 * Counter-attack: spend the leftover dice when the counter is worth more than keeping them.
 * The counter's worth is its expected damage against the original roll, with the best of
 * anger and bypass for it; keeping them is the attack they would make in its own turn, or, once
 * it has acted, the damage they would save against foes still to come.
 */
export function counterPolicy(
  state: TntState,
  defender: Fighter,
  attacker: Fighter,
  attackNatural: number,
  attackTotal: number,
): number {
  const sw = state.switches;
  const dice = defender.pool;
  if (dice < 1) return 0;
  const range = rangeOf(state, defender, attacker);
  if (!canAttackAt(defender, range, sw)) return 0;
  const natural1Hits = sw.defenderNatural1 === "attack-hits";
  const modifier = attackModifier(defender, range, false, sw);
  const p = hitChanceAgainst(dice, modifier, attackNatural, attackTotal, natural1Hits);
  let counter = 0;
  const canBypass = attacker.armour.dr - defender.weapon.armourPiercing > 0;
  for (const anger of dice >= 2 ? [false, true] : [false]) {
    for (const bypass of canBypass ? [false, true] : [false]) {
      const shape = attackShape(defender, attacker, range, dice, anger, bypass, sw);
      const value = expectedDamageAgainstRoll(shape, attackNatural, attackTotal, natural1Hits);
      counter = Math.max(counter, value);
    }
  }
  let keep: number;
  if (defender.acted) {
    const others = threatsTo(state, defender, attacker);
    keep =
      (threatValue(state, defender, others, 0) - threatValue(state, defender, others, dice)) *
      defender.hp;
  } else {
    keep = bestDamage(defender, attacker, range, dice, likelyDefenceDice(attacker), sw);
  }
  const closes = range === "onset" && preferredRange(state, defender, attacker) === "melee";
  return counter > keep || (closes && p >= 0.5) ? dice : 0;
}

/**
 * Attack of opportunity: take it when it is worth the dice (all of them once it has acted).
 * Before its own turn, the dice it keeps are weighed at the ranges the step leaves: a foe that
 * steps out of reach (disengaging, or into a grapple its weapon cannot fight in) can be hit now
 * or not at all.
 */
export function opportunityPolicy(
  state: TntState,
  opportunist: Fighter,
  mover: Fighter,
  to: Range,
): number {
  const sw = state.switches;
  const range = rangeOf(state, opportunist, mover);
  if (opportunist.pool < 1 || !canAttackAt(opportunist, range, sw)) return 0;
  if (opportunist.acted) {
    const others = threatsTo(state, opportunist, mover).length;
    return Math.max(0, opportunist.pool - Math.min(others, opportunist.pool - 1));
  }
  const now = (n: number) => bestDamage(opportunist, mover, range, n, likelyDefenceDice(mover), sw);
  setRange(state, opportunist, mover, to);
  try {
    const targets = attackableFoes(state, opportunist);
    const later = (n: number) => bestAttackValue(state, opportunist, n, targets);
    let best = 0;
    let bestValue = later(opportunist.pool);
    for (let n = 1; n <= opportunist.pool; n += 1) {
      const value =
        Math.min(now(n), mover.hp) / Math.max(1, mover.hp) + later(opportunist.pool - n);
      if (value > bestValue + 1e-9) {
        bestValue = value;
        best = n;
      }
    }
    return best;
  } finally {
    setRange(state, opportunist, mover, range);
  }
}

/**
 * Twisting the blade: turn reserve dice into crit dice when nothing else needs them, never when
 * the hit already takes the target out (the dice would be thrown away).
 */
export function twistPolicy(
  state: TntState,
  att: Fighter,
  target: Fighter,
  damageSoFar: number,
): number {
  const reserve = att.pool - att.committed;
  if (reserve < 1 || !inFight(target) || damageSoFar >= target.hp) return 0;
  const mean = (att.weapon.critDie + 1) / 2;
  const finishes = damageSoFar + reserve * mean >= target.hp;
  const threats = threatsTo(state, att, finishes ? target : undefined).length;
  return finishes || threats === 0 ? reserve : 0;
}
