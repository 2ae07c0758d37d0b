// Exact expectations of an attack, which the policies weigh their options with and Fray's pick of
// an attack (best-attack.ts) ranks by: the tier probabilities of an attack (the opposed roll's own
// distribution) and the damage a hit does, capped at the HP that matter.
// Everything is read from cached distributions; nothing here rolls or allocates per call.
import { digit, Memo } from "../../../engine/memo.js";
import { CRITICAL_HIT, HIT, LEGENDARY } from "../dice/specs.js";
import { singleDie } from "../dice/stat-die.js";
import { attackSpec } from "./attack.js";
import { rawDamage } from "./damage.js";
import {
  attackStat,
  brawnRank,
  damageAdjustment,
  damageRank,
  damageReduction,
  improvisedBonus,
  type AttackKind,
} from "./derived.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";

/** Means by their key (meanOver's arguments packed, each digit checked), the newest kept. */
const hitMeans = new Memo<number, number>(100_000);
const MEAN_MASK = 255;
const meanKeys = new Int32Array(MEAN_MASK + 1).fill(-1);
const meanValues = new Float64Array(MEAN_MASK + 1);

/** E[min(max(0, base(v) + offset), cap)] over the damage die, base halving an unarmed Brawn die. */
function meanOver(
  rank: number,
  explode: boolean,
  halve: boolean,
  offset: number,
  cap: number,
): number {
  // A cap of 1023 or more is no cap for a die's roll plus its adjustments.
  const key = digit(
    digit(digit(digit(rank, explode ? 1 : 0, 2), halve ? 1 : 0, 2), offset + 256, 512),
    cap > 1023 ? 1023 : cap,
    1024,
  );
  const slot = (key ^ (key >>> 13)) & MEAN_MASK;
  if (meanKeys[slot] === key) return meanValues[slot]!;
  const e = hitMeans.get(key, () => {
    const die = singleDie(rank, explode);
    const xs = die.outcomes();
    const ps = die.probabilities();
    let sum = 0;
    for (let i = 0; i < xs.length; i += 1) {
      const x = xs[i] as number;
      const v = (halve ? Math.ceil(x / 2) : x) + offset;
      if (v > 0) sum += (ps[i] as number) * (v < cap ? v : cap);
    }
    return sum;
  });
  meanKeys[slot] = key;
  meanValues[slot] = e;
  return e;
}

/** E[min(damage sustained, cap)] of one hit, rolled or at its maximum, with or without the DR. */
export function meanHit(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  max: boolean,
  bypass: boolean,
  cap: number,
): number {
  const weaponRank = damageRank(w, kind);
  const rank = weaponRank === 0 ? brawnRank(me) : weaponRank;
  const dr = bypass ? 0 : damageReduction(target);
  if (max) {
    const v = rawDamage(me, w, kind, rank) - dr;
    return v <= 0 ? 0 : v < cap ? v : cap;
  }
  const halve = weaponRank === 0;
  const offset = (halve ? improvisedBonus(me, w, kind) : 0) + damageAdjustment(me, w, kind) - dr;
  return meanOver(rank, state.switches.damageDiceExplode, halve, offset, cap);
}

/**
 * Expected HP one attack takes off `target` (capped at `cap`: what it has left unless told), with
 * the defender's Defense raised by `defenceBonus` (a Shield Block), made from the space `from`,
 * either check at disadvantage by `hampered` (attackSpec's). A critical hit is assumed to take its
 * damage option, a legendary hit maximum damage through the armour.
 */
export function expectedDamage(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  defenceBonus: number,
  from: number,
  cap: number = target.hp > 0 ? target.hp : 1,
  hampered = 0,
): number {
  const tiers = attackSpec(state, me, target, w, kind, defenceBonus, from, hampered).tiers;
  const pHit = tiers[HIT] as number;
  const pCrit = tiers[CRITICAL_HIT] as number;
  const pLegend = tiers[LEGENDARY] as number;
  // The damage die and its offsets, worked out once for the three kinds of hit.
  const weaponRank = damageRank(w, kind);
  const halve = weaponRank === 0;
  const rank = halve ? brawnRank(me) : weaponRank;
  const adj = (halve ? improvisedBonus(me, w, kind) : 0) + damageAdjustment(me, w, kind);
  const dr = damageReduction(target);
  const top = (halve ? Math.ceil(rank / 2) : rank) + adj;
  const explode = state.switches.damageDiceExplode;
  let e = 0;
  if (pHit + pCrit > 0) {
    const plain = meanOver(rank, explode, halve, adj - dr, cap);
    // A critical hit: maximum damage with a Brawn weapon, the armour bypassed with a Finesse one.
    const crit =
      attackStat(w, kind) === "brawn"
        ? clampCap(top - dr, cap)
        : meanOver(rank, explode, halve, adj, cap);
    e += pHit * plain + pCrit * (crit > plain ? crit : plain);
  }
  if (pLegend > 0) e += pLegend * clampCap(top, cap);
  return e;
}

function clampCap(v: number, cap: number): number {
  return v <= 0 ? 0 : v < cap ? v : cap;
}
