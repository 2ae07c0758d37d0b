// The rolls of the ruleset as RollSpecs, cached, each answering one integer with exactly the
// distribution the table's dice give (the dice core has no notation for an odd die's counted top
// face, so `dist()` is built from stat-die.ts and `read()` counts the faces):
//
// - `opposedRoll`: a Defense Check and the Attack Check against it, rolled as one roll (the
//   defender's dice are the first terms, the attacker's the rest). Its answer is the attack's
//   critical-outcome tier (0 disastrous miss ... 5 legendary hit): all the rules need of the two
//   totals is the margin's band (Critical Outcomes in Combat), and one answer of six values keeps
//   exact odds small. With no Defense Check (a stunned defender) the CR is folded into the offset.
// - `checkRoll`: a check's two exploding stat dice against a CR: 1 if it succeeds, else 0.
// - `dieRoll`: one die of a rank (weapon damage, the Brawn die of an unarmed blow, action points):
//   the value it counts for.
//
// Each says its faces as the table types them (`faces`: the physical die's faces, what explodes,
// what an odd rank's top face counts for), since the answer's range (a tier 0 to 5, a check's 0
// or 1, a d7's 1 to 7) is not what the GM types.
import { formatDie, type Roll } from "../../../core/dice/index.js";
import { Dist } from "../../../core/dist.js";
import type { RollSpec } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import {
  checkTotal,
  dieNotation,
  faceValue,
  facesText,
  NORMAL,
  ADVANTAGE,
  singleDie,
  type DiceMode,
} from "./stat-die.js";

export const TIER_NAMES = [
  "disastrous miss",
  "critical miss",
  "miss",
  "hit",
  "critical hit",
  "legendary hit",
] as const;
export type TierName = (typeof TIER_NAMES)[number];
export const DISASTROUS = 0;
export const CRITICAL_MISS = 1;
export const MISS = 2;
export const HIT = 3;
export const CRITICAL_HIT = 4;
export const LEGENDARY = 5;

/** The lowest margin of each tier from "miss" up; below the critical-miss floor is disastrous. */
export interface TierEdges {
  /** Lowest margin that is only a miss: -3 by the table, -2 by the text (switch criticalMiss). */
  readonly missFloor: number;
}

/** Critical Outcomes in Combat: the tier of a margin (attack total - CR). */
export function tierOf(margin: number, missFloor: number): number {
  if (margin >= 6) return LEGENDARY;
  if (margin >= 3) return CRITICAL_HIT;
  if (margin >= 0) return HIT;
  if (margin >= missFloor) return MISS;
  if (margin >= -6) return CRITICAL_MISS;
  return DISASTROUS;
}

/** The largest rank a spec key holds (stats are at most 40; modifications only lower them). */
const MAX_RANK = 63;
const MAX_OFFSET = 255;

function rankKey(rank: number): number {
  return rank > MAX_RANK ? MAX_RANK : rank;
}

function offsetKey(offset: number): number {
  return (offset > MAX_OFFSET ? MAX_OFFSET : offset < -MAX_OFFSET ? -MAX_OFFSET : offset) + 256;
}

/** Sums the kept dice of each term of a traced roll, counting an odd rank's top face as its median. */
function termTotals(roll: Roll, ranks: readonly number[]): number[] {
  const sums = ranks.map(() => 0);
  for (const d of roll.dice) {
    if (!d.kept || d.rerolled) continue;
    const rank = ranks[d.term];
    if (rank === undefined) continue;
    sums[d.term] = (sums[d.term] as number) + faceValue(rank, d.value);
  }
  return sums;
}

/** A check total from its term totals: one term, or the better/worse of two full sets. */
function setTotal(sums: readonly number[], from: number, mode: DiceMode): number {
  const a = sums[from] as number;
  if (mode === NORMAL) return a;
  const b = sums[from + 1] as number;
  return mode === ADVANTAGE ? Math.max(a, b) : Math.min(a, b);
}

/** A check's dice as the table reads them: `[6!, 5, 2] = 13`, or both sets and the one kept. */
function describeSet(roll: Roll, sums: readonly number[], from: number, mode: DiceMode): string {
  const set = (term: number) =>
    `[${roll.dice
      .filter((d) => d.term === term)
      .map(formatDie)
      .join(", ")}] = ${sums[term] as number}`;
  if (mode === NORMAL) return set(from);
  const kept = mode === ADVANTAGE ? "the better" : "the worse";
  return `${set(from)} and ${set(from + 1)}, ${kept} ${setTotal(sums, from, mode)}`;
}

/**
 * A check's dice as the table types them: "each 1 to 10, a 9 explodes, a 10 counts as 5", with
 * "two sets, the better kept: " first under advantage.
 */
function setFaces(rank: number, mode: DiceMode): string {
  const sets =
    mode === NORMAL ? "" : `two sets, the ${mode === ADVANTAGE ? "better" : "worse"} kept: `;
  return `${sets}each ${facesText(rank, true)}`;
}

function setTerms(rank: number, mode: DiceMode): string[] {
  const one = dieNotation(rank, 2, true);
  return mode === NORMAL ? [one] : [one, one];
}

/** An opposed attack roll; `tiers` holds P(tier) for the policies (the same numbers as `dist`). */
export interface OpposedSpec extends RollSpec {
  readonly tiers: Float64Array;
  /** The Defense Check's notation ("" when none is rolled), then the Attack Check's. */
  readonly checks: readonly [string, string];
  /** What the table types for each check, in words (faces). */
  readonly checkFaces: readonly [string, string];
  /**
   * The same roll told with the attacker's adjustments (`attack`) apart from the defender's (the
   * offset less `attack`), so that its line states the CR and the Attack Check's total on their
   * own (Attacking as an Opposed Attempt, steps 2c and 3b). A new spec: the cached one knows only
   * the offset, all the odds need.
   */
  apart(attack: number): OpposedSpec;
}

const opposed = new Map<number, OpposedSpec>();
const RECENT_MASK = 255;
const recentKeys = new Int32Array(RECENT_MASK + 1).fill(-1);
const recentSpecs: (OpposedSpec | undefined)[] = new Array<OpposedSpec | undefined>(
  RECENT_MASK + 1,
);

/**
 * The Defense Check (two exploding dice of `defenceRank`, or none when `defenceRank` is 0) and
 * the Attack Check (two exploding dice of `attackRank`) as one roll answering the tier of
 * attack - defence + `offset` (the attack's adjustments less the defence's, less a fixed CR).
 */
export function opposedRoll(
  attackRank: number,
  attackMode: DiceMode,
  defenceRank: number,
  defenceMode: DiceMode,
  offset: number,
  missFloor: number,
): OpposedSpec {
  const ar = rankKey(attackRank);
  const dr = defenceRank === 0 ? 0 : rankKey(defenceRank);
  const key =
    ((((ar * 3 + attackMode) * 64 + dr) * 3 + defenceMode) * 512 + offsetKey(offset)) * 2 +
    (missFloor === -2 ? 1 : 0);
  // A small direct-mapped cache in front of the map: the policies ask for the same few specs.
  const slot = (key ^ (key >>> 11)) & RECENT_MASK;
  if (recentKeys[slot] === key) return recentSpecs[slot]!;
  let spec = opposed.get(key);
  if (spec === undefined) {
    spec = makeOpposed(ar, attackMode, dr, defenceMode, offsetKey(offset) - 256, missFloor);
    opposed.set(key, spec);
  }
  recentKeys[slot] = key;
  recentSpecs[slot] = spec;
  return spec;
}

function makeOpposed(
  attackRank: number,
  attackMode: DiceMode,
  defenceRank: number,
  defenceMode: DiceMode,
  offset: number,
  missFloor: number,
): OpposedSpec {
  const defenceTerms = defenceRank === 0 ? [] : setTerms(defenceRank, defenceMode);
  const attackTerms = setTerms(attackRank, attackMode);
  const ranks = [...defenceTerms.map(() => defenceRank), ...attackTerms.map(() => attackRank)];
  const tiers = opposedTiers(attackRank, attackMode, defenceRank, defenceMode, offset, missFloor);
  let dist: Dist | undefined;
  const spec: OpposedSpec = {
    notation: [...defenceTerms, ...attackTerms].join("+"),
    checks: [defenceTerms.join("+"), attackTerms.join("+")],
    checkFaces: [
      defenceRank === 0 ? "" : setFaces(defenceRank, defenceMode),
      setFaces(attackRank, attackMode),
    ],
    tiers: tiers.probs,
    dist: () =>
      (dist ??= Dist.fromEntries(
        Array.from(tiers.probs, (p, t) => [t, p] as const),
        tiers.truncated,
      )),
    read: (roll: Roll) => {
      const sums = termTotals(roll, ranks);
      const defence = defenceRank === 0 ? 0 : setTotal(sums, 0, defenceMode);
      const attack = setTotal(sums, defenceTerms.length, attackMode);
      return tierOf(attack - defence + offset, missFloor);
    },
    faces: () =>
      defenceRank === 0
        ? `no Defense Check, the defender is stunned; the Attack Check, ${setFaces(attackRank, attackMode)}`
        : `first the defender's Defense Check, ${setFaces(defenceRank, defenceMode)}; then the Attack Check, ${setFaces(attackRank, attackMode)}`,
    describe: (roll: Roll) => describeOpposed(roll, undefined),
    apart: (attack: number) => ({
      ...spec,
      describe: (roll: Roll) => describeOpposed(roll, attack),
    }),
  };
  return spec;

  /**
   * The two checks as the table reads them and the margin the tiers' rule names (Critical
   * Outcomes in Combat). With the attacker's adjustments known (`attack`), each check with its
   * own adjustments: the CR the Defense Check sets (Attacking as an Opposed Attempt, step 2c: a
   * stunned defender's fixed CR) and the Attack Check's total against it (step 3b); without,
   * the adjustments' net.
   */
  function describeOpposed(roll: Roll, attack: number | undefined): string {
    const sums = termTotals(roll, ranks);
    const attacked = setTotal(sums, defenceTerms.length, attackMode);
    const checked = `Attack Check ${describeSet(roll, sums, defenceTerms.length, attackMode)}`;
    const defended = defenceRank === 0 ? 0 : setTotal(sums, 0, defenceMode);
    const margin = marginText(attacked - defended + offset);
    if (attack === undefined) {
      if (defenceRank === 0) {
        return `${checked}; adjustments ${signed(offset + STUNNED_CR)} against CR ${STUNNED_CR}: ${margin}`;
      }
      return `Defense Check ${describeSet(roll, sums, 0, defenceMode)}; ${checked}; adjustments ${signed(offset)} net: ${margin}`;
    }
    const total = `${checked}, adjusted ${signed(attack)}: ${attacked + attack}, ${margin}`;
    if (defenceRank === 0) return `no Defense Check (stunned): CR ${STUNNED_CR}; ${total}`;
    const defence = attack - offset;
    return `Defense Check ${describeSet(roll, sums, 0, defenceMode)}, adjusted ${signed(defence)}: CR ${defended + defence}; ${total}`;
  }
}

/** The CR a stunned defender offers, with no Defense Check (Stun). */
export const STUNNED_CR = 6;

/** How the adjusted Attack Check stands against the CR, as the tiers' rule says it. */
function marginText(margin: number): string {
  if (margin === 0) return "reaches the CR";
  return margin > 0 ? `beats the CR by ${margin}` : `misses the CR by ${-margin}`;
}

/** P(tier) of attack - defence + offset, computed over the defence's cumulative distribution. */
function opposedTiers(
  attackRank: number,
  attackMode: DiceMode,
  defenceRank: number,
  defenceMode: DiceMode,
  offset: number,
  missFloor: number,
): { probs: Float64Array; truncated: number } {
  const a = checkTotal(attackRank, attackMode);
  const d = defenceRank === 0 ? Dist.constant(0) : checkTotal(defenceRank, defenceMode);
  const dxs = d.outcomes();
  const dps = d.probabilities();
  const dMin = d.min;
  const cdf = new Float64Array(d.max - dMin + 1);
  {
    let acc = 0;
    let j = 0;
    for (let x = dMin; x <= d.max; x += 1) {
      if (dxs[j] === x) acc += dps[j++] as number;
      cdf[x - dMin] = acc;
    }
  }
  const dMass = cdf[cdf.length - 1] as number;
  const below = (x: number): number =>
    x < dMin ? 0 : x >= d.max ? dMass : (cdf[x - dMin] as number);
  // P(margin >= t) for the lowest margin of each tier above disastrous.
  const floors = [-6, missFloor, 0, 3, 6];
  const atLeast = new Float64Array(floors.length);
  const axs = a.outcomes();
  const aps = a.probabilities();
  let aMass = 0;
  for (let i = 0; i < axs.length; i += 1) {
    const x = axs[i] as number;
    const p = aps[i] as number;
    aMass += p;
    for (let k = 0; k < floors.length; k += 1) {
      // attack - defence + offset >= t  <=>  defence <= attack + offset - t
      atLeast[k] = (atLeast[k] as number) + p * below(x + offset - (floors[k] as number));
    }
  }
  const total = aMass * dMass;
  const probs = new Float64Array(6);
  probs[DISASTROUS] = Math.max(0, total - (atLeast[0] as number));
  for (let k = 0; k < floors.length; k += 1) {
    const next = k + 1 < floors.length ? (atLeast[k + 1] as number) : 0;
    probs[k + 1] = Math.max(0, (atLeast[k] as number) - next);
  }
  return { probs, truncated: Math.max(0, 1 - total) };
}

const checks = new Map<number, RollSpec>();

/** A check (two exploding dice of `rank`) plus `offset` against CR 0: answers 1 on success. */
export function checkRoll(rank: number, mode: DiceMode, offset: number): RollSpec {
  const r = rankKey(rank);
  const key = (r * 3 + mode) * 512 + offsetKey(offset);
  let spec = checks.get(key);
  if (spec === undefined) {
    const off = offsetKey(offset) - 256;
    const total = checkTotal(r, mode);
    const pass = total.atLeast(-off);
    const terms = setTerms(r, mode);
    const ranks = terms.map(() => r);
    let dist: Dist | undefined;
    spec = {
      notation: terms.join("+"),
      dist: () =>
        (dist ??= Dist.fromEntries(
          [
            [0, Math.max(0, 1 - total.truncated - pass)],
            [1, pass],
          ],
          total.truncated,
        )),
      read: (roll: Roll) => (setTotal(termTotals(roll, ranks), 0, mode) + off >= 0 ? 1 : 0),
      faces: () => setFaces(r, mode),
      describe: (roll: Roll) => describeSet(roll, termTotals(roll, ranks), 0, mode),
    };
    checks.set(key, spec);
  }
  return spec;
}

/** P(success) of a check against CR 0 with `offset` (the policies' estimate of `checkRoll`). */
export function checkChance(rank: number, mode: DiceMode, offset: number): number {
  return checkRoll(rank, mode, offset).dist().p(1);
}

const dice = new Map<number, RollSpec>();

/** One die of `rank` (exploding or not): answers the value it counts for. */
export function dieRoll(rank: number, explode: boolean): RollSpec {
  const r = rankKey(rank);
  const key = r * 2 + (explode ? 1 : 0);
  let spec = dice.get(key);
  if (spec === undefined) {
    const ranks = [r];
    const dist = singleDie(r, explode);
    spec = {
      notation: dieNotation(r, 1, explode),
      dist: () => dist,
      read: (roll: Roll) => termTotals(roll, ranks)[0] as number,
      faces: () => facesText(r, explode),
      describe: (roll: Roll) => describeSet(roll, termTotals(roll, ranks), 0, NORMAL),
    };
    dice.set(key, spec);
  }
  return spec;
}
