// Exact chances of one strike against one defence, and the damage a landed strike is expected
// to do, for the policies. A strike and its defence are two d20 (each halved or quartered for a
// split action): their 400 pairs are enumerated once per combination of divisors, modifiers and
// coverage and cached; expected damage comes from the damage dice's exact distribution less
// armour and natural armour, with the critical chart's average multiplier on criticals; a
// fumble costs what the fumble chart's column makes it cost on average.
import { diceRoll } from "../../../engine/roll-specs.js";
import {
  CRITICAL_BANDS,
  CRITICAL_HALVES,
  DROPPED_WEAPON,
  FLUNG_WEAPON,
  FUMBLE_BANDS,
  FUMBLE_SP,
  criticalColumn,
  type CriticalColumn,
} from "../data/charts.js";
import type { Fighter, FighterAttack } from "../state.js";

export interface Landing {
  /** Lands on armour (modified strike at or under the COV). */
  readonly armour: number;
  /** Lands past armour (over the COV), criticals included. */
  readonly clear: number;
  /** Lands as a critical (included in `clear`). */
  readonly critical: number;
  /** Fumbles (natural 1, or a modified roll under 1). */
  readonly fumble: number;
}

const landings = new Map<number, Landing>();

const clampMod = (m: number) => Math.min(40, Math.max(-40, m)) + 40;

/**
 * A strike of divisor `sd` and modifier `sm` against a defence of divisor `dd` (0: none) and
 * modifier `dm`, with `cov` the target's coverage (0 with no armour standing).
 */
export function landing(
  sd: number,
  sm: number,
  dd: number,
  dm: number,
  ranged: boolean,
  cov: number,
): Landing {
  const sIdx = sd === 1 ? 0 : sd === 2 ? 1 : 2;
  const dIdx = dd === 0 ? 0 : dd === 1 ? 1 : dd === 2 ? 2 : 3;
  const key =
    ((((sIdx * 4 + dIdx) * 81 + clampMod(sm)) * 81 + clampMod(dm)) * 2 + (ranged ? 1 : 0)) * 26 +
    cov;
  let l = landings.get(key);
  if (l === undefined) {
    l = computeLanding(sd, sm, dd, dm, ranged, cov);
    landings.set(key, l);
  }
  return l;
}

function computeLanding(
  sd: number,
  sm: number,
  dd: number,
  dm: number,
  ranged: boolean,
  cov: number,
): Landing {
  let armour = 0;
  let clear = 0;
  let critical = 0;
  let fumble = 0;
  const missAt = ranged ? 10 : 5;
  for (let s = 1; s <= 20; s += 1) {
    if (s === 1) {
      fumble += 1;
      continue;
    }
    if (s === 2) continue;
    const total = s === 20 ? Infinity : Math.floor(s / sd) + sm;
    if (total < 1) {
      fumble += 1;
      continue;
    }
    if (total <= missAt) continue;
    let through = 1;
    if (dd !== 0) {
      let fails = 0;
      for (let d = 1; d <= 20; d += 1) {
        const holds =
          d === 20 || (d !== 1 && total !== Infinity && Math.floor(d / dd) + dm >= total);
        if (!holds) fails += 1;
      }
      through = fails / 20;
    }
    const isCrit = total > 24;
    if (isCrit) {
      clear += through;
      critical += through;
    } else if (total <= cov) armour += through;
    else clear += through;
  }
  return { armour: armour / 20, clear: clear / 20, critical: critical / 20, fumble: fumble / 20 };
}

/** Average damage multiplier of a critical in each column (a Death Blow counted as x4). */
const critFactors = new Map<CriticalColumn, number>();

export function criticalFactor(type: number): number {
  const column = criticalColumn(type);
  let f = critFactors.get(column);
  if (f === undefined) {
    f = 0;
    CRITICAL_BANDS[column].forEach((band, i) => {
      if (band !== null) f! += ((band[1] - band[0] + 1) / 100) * (CRITICAL_HALVES[i]! / 2);
    });
    critFactors.set(column, f);
  }
  return f;
}

export interface HitDamage {
  /** Expected hit points lost by a strike landing on armour. */
  readonly armour: number;
  readonly clear: number;
  readonly critical: number;
  /** Hit points the striker's own fumble costs it, on average (fumbleCost). */
  readonly fumble: number;
}

const means = new Map<string, number>();

function meanOf(notation: string): number {
  let m = means.get(notation);
  if (m === undefined) means.set(notation, (m = diceRoll(notation).dist().mean()));
  return m;
}

/**
 * Hit points a fumble of `attack` costs the fumbler, on average, by its column of the fumble
 * chart: the SP each result takes (SP counted as hit points: at 0 a fighter drops), and a weapon
 * dropped (the melee's strikes left with it and a full action to pick it up: about a strike and a
 * half) or flung (the rest of the melee and the next: about two and a half), each strike worth
 * half of a hit that lands (`clear`).
 */
function fumbleCost(attack: FighterAttack, clear: number): number {
  let cost = 0;
  FUMBLE_BANDS[attack.kind].forEach((band, i) => {
    if (band === null) return;
    const p = (band[1] - band[0] + 1) / 100;
    cost += p * meanOf(FUMBLE_SP[i]!);
    if (!attack.weapon) return;
    if (i === DROPPED_WEAPON) cost += p * 1.5 * 0.5 * clear;
    if (i === FLUNG_WEAPON) cost += p * 2.5 * 0.5 * clear;
  });
  return cost;
}

const hitCache = new WeakMap<FighterAttack, Map<number, HitDamage>>();
/** The same by the attack's content: exact odds clone the state, attacks included. */
const hitByContent = new Map<string, Map<number, HitDamage>>();

/** Expected damage of `attack` by `by` landing on `target`, by where it lands. */
export function hitDamage(
  by: Fighter,
  attack: FighterAttack,
  target: Fighter,
  pierceChance: number,
): HitDamage {
  const type = attack.type;
  const armourUp = target.armour !== null && target.armourHp > 0;
  const prot = armourUp ? target.armour!.protection[type]! : 0;
  const nat = target.natural[type]!;
  const key =
    ((prot * 128 + nat) * 128 + pierceChance) * 64 + Math.min(63, Math.max(0, by.damageBonus + 30));
  let byTarget = hitCache.get(attack);
  if (byTarget === undefined) {
    const content = `${attack.damage}/${type}/${attack.singlePierce ? 1 : 0}/${attack.kind}/${attack.weapon ? 1 : 0}`;
    byTarget = hitByContent.get(content);
    if (byTarget === undefined) hitByContent.set(content, (byTarget = new Map()));
    hitCache.set(attack, byTarget);
  }
  let h = byTarget.get(key);
  if (h === undefined) {
    const dist = diceRoll(attack.damage).dist();
    let eArmour = 0;
    let eClear = 0;
    for (const [d, q] of dist.entries()) {
      const raw = Math.max(0, d + by.damageBonus);
      eArmour += q * Math.max(0, Math.max(0, raw - prot) - nat);
      const c = Math.max(0, raw - nat);
      eClear += q * c;
    }
    const factor = criticalFactor(type);
    const pierce = attack.singlePierce ? (pierceChance / 100) * (factor - 1) : 0;
    h = {
      armour: eArmour * (1 + pierce),
      clear: eClear * (1 + pierce),
      critical: eClear * factor,
      // The striker's own clear hit on a foe like this one sets what a lost strike is worth.
      fumble: fumbleCost(attack, eClear),
    };
    byTarget.set(key, h);
  }
  return h;
}

/** Expected hit points a strike takes off its target, less what its fumbles cost. */
export function strikeValue(l: Landing, h: HitDamage): number {
  return (
    l.armour * h.armour +
    (l.clear - l.critical) * h.clear +
    l.critical * h.critical -
    l.fumble * h.fumble
  );
}
