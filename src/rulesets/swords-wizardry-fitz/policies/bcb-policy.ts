// The default split of the Base Combat Bonus (Base Combat Bonuses, Fighting Defensively): each
// point on attack adds 5% to hit, each point on AC takes 5% off every foe's chance to hit. The
// policy weighs, for every split, the expected share of its target's hit points it takes this
// round against the expected share of its own it loses to the foes that can reach it (each foe's
// blows shared among the opponents it can reach: Multiple Melee Targets; less the chance it drops
// them first when it acts first), and picks the best; equal splits go to AC. With nothing to
// attack this round, fighting defensively (+2 AC) costs nothing; in a duel, with nobody else
// still fighting, it only puts off the end, so a duellist with an attack never chooses it.
// `guard` weighs the share it loses against the share it takes: 1 (steady, the default), 2
// (cautious: more on AC), 0 (reckless: all that helps to hit on attack, never fighting defensively
// while it has an attack).
import { armourClass, fromBehind, terrainAdjustment, toHit } from "../procedures/combat-numbers.js";
import { reachable, weaponFits } from "../procedures/actions.js";
import { distance, inRange, inReach, usable, halfMove } from "../procedures/field.js";
import type { BcbAnswer } from "../procedures/plans.js";
import type { Fighter, SwState, WeaponState } from "../state.js";
import { chargingAt, dominated, friendInMelee, hitChance, killChance } from "./estimates.js";
import { damageBonus, meanDamage } from "../procedures/damage-numbers.js";

const MAX = 16;
/** Per threatening foe: its need without my BCB, its mean damage, and whether it acts before me. */
const foeNeed = new Float64Array(MAX);
const foeMean = new Float64Array(MAX);
const foeFirst = new Uint8Array(MAX);
/** Per threatening foe charging it: the need of its polearm's strike to fend it off (0: none). */
const foeFend = new Float64Array(MAX);

interface MyAttack {
  need: number;
  mean: number;
  kill: number;
  target: Fighter | undefined;
}
const mine: MyAttack[] = Array.from({ length: 8 }, () => ({
  need: 0,
  mean: 0,
  kill: 0,
  target: undefined,
}));

function firstCount(f: Fighter): number {
  let c = 0;
  for (const s of f.slots) if (s.count > c) c = s.count;
  return c;
}

/** The best attack `f` can make at slot `si` this round, with no BCB on attack. */
function bestAttack(state: SwState, f: Fighter, si: number, out: MyAttack): void {
  out.need = 99;
  out.mean = 0;
  out.kill = 0;
  out.target = undefined;
  let bestScore = 0;
  const slot = f.slots[si]!;
  const move = si === 0 && f.steady.proneRound !== state.round;
  for (let i = 0; i < f.steady.weapons.length; i += 1) {
    const w = f.steady.weapons[i]!;
    if (!weaponFits(f, slot, w, i) || dominated(f, w)) continue;
    for (const t of state.combatants) {
      if (t.status !== "fighting") continue;
      // A foe charging it comes into its reach this round: onto a polearm's point as it comes
      // (Spears and Polearms), or beside it for a blow on a later count.
      if (!reachable(state, f, t, w, move) && !(w.kind === "melee" && chargingAt(t, f))) continue;
      // Missile Attacks: no shot into a melee with a friend in it (the action policy takes none).
      if (w.kind === "missile" && friendInMelee(state, f, t)) continue;
      const d = w.kind === "melee" ? Math.min(distance(f, t), w.reach) : distance(f, t);
      const mod =
        toHit(state, f, t, w, slot.use, terrainAdjustment(f, t), null) - f.steady.bcbAttack;
      const need = armourClass(state, t, fromBehind(f, t), null) - mod;
      const bonus = damageBonus(f, w, d);
      const mean = meanDamage(w.damage, bonus);
      const score = (hitChance(need) * mean) / Math.max(1, t.hp);
      if (score > bestScore) {
        bestScore = score;
        out.need = need;
        out.mean = Math.min(1, mean / Math.max(1, t.hp));
        out.kill = killChance(w.damage, bonus, t.hp);
        out.target = t;
      }
    }
  }
}

/**
 * The foe's best weapon against `f` this round (it may close by half its move, or its full move
 * when it has declared a charge at `f`; it shoots no missile into a melee where one of its
 * friends stands).
 */
function foeWeapon(state: SwState, g: Fighter, f: Fighter): WeaponState | undefined {
  const d = distance(g, f);
  const move = chargingAt(g, f) ? g.sheet.speed : g.sheet.speed / 2;
  let best: WeaponState | undefined;
  let bestMean = -1;
  for (const w of g.steady.weapons) {
    if (!usable(w)) continue;
    const ok =
      w.kind === "melee"
        ? inReach(w, Math.min(d, w.reach)) && d - w.reach <= move
        : inRange(w, d) && !friendInMelee(state, g, f);
    if (!ok) continue;
    const m = meanDamage(w.damage, damageBonus(g, w, d));
    if (m > bestMean) {
      bestMean = m;
      best = w;
    }
  }
  return best;
}

/**
 * Multiple Melee Targets: a foe's blows usually go at random among the opponents it can reach, so
 * `f` expects this share of them: one over the number of `f`'s side that `g` can strike with `w`
 * this round (all of them when `g` charges `f`).
 */
function shareOfBlows(state: SwState, g: Fighter, w: WeaponState, f: Fighter): number {
  if (chargingAt(g, f)) return 1;
  let targets = 0;
  for (const c of state.combatants) {
    if (c.side !== f.side || c.status !== "fighting" || c.steady.undetected) continue;
    const d = distance(g, c);
    const ok = w.kind === "melee" ? d - w.reach <= g.sheet.speed / 2 : inRange(w, d);
    if (ok || c === f) targets += 1;
  }
  return 1 / Math.max(1, targets);
}

/**
 * A duel: `f` and one foe and nobody else still fighting. Fighting defensively there only puts
 * off the end: nobody comes to help, and a round without an attack is a round lost in the race.
 */
function duel(state: SwState, f: Fighter): boolean {
  let foes = 0;
  for (const c of state.combatants) {
    if (c === f || c.status !== "fighting") continue;
    if (c.side === f.side) return false;
    foes += 1;
  }
  return foes === 1;
}

/**
 * Spears and Polearms: when `g` charges `f` and `f` holds a weapon that reaches beyond the
 * adjacent hex, the need of `f`'s strike as `g` comes (without BCB on attack), which fends `g`
 * off if it hits; 0 when there is none (or `g` is too massive to be dissuaded).
 */
function fendNeed(state: SwState, f: Fighter, g: Fighter): number {
  if (!chargingAt(g, f) || g.sheet.massive) return 0;
  let best = 0;
  for (const w of f.steady.weapons) {
    if (w.kind !== "melee" || w.reach <= 5 || !usable(w)) continue;
    const mod = toHit(state, f, g, w, "main", terrainAdjustment(f, g), null) - f.steady.bcbAttack;
    const need = armourClass(state, g, false, null) - mod;
    if (best === 0 || need < best) best = need;
  }
  return best;
}

function lossWith(n: number, extra: number): number {
  let loss = 0;
  for (let k = 0; k < n; k += 1) loss += hitChance(foeNeed[k]! + extra) * foeMean[k]!;
  return Math.min(1, loss);
}

/** The one weapon `f` would use on `t` this round without moving, when there is exactly one. */
function soleWeapon(state: SwState, f: Fighter, t: Fighter, use: string): WeaponState | undefined {
  let only: WeaponState | undefined;
  const slot = f.slots[0]!;
  for (let i = 0; i < f.steady.weapons.length; i += 1) {
    const w = f.steady.weapons[i]!;
    if (!weaponFits(f, slot, w, i) || dominated(f, w)) continue;
    if (only !== undefined) return undefined;
    only = w;
  }
  return only !== undefined && use === slot.use && reachable(state, f, t, only, false)
    ? only
    : undefined;
}

/**
 * A duel in reach, each with one attack and one weapon: the general computation below without
 * its searches (the same numbers, so the same answer).
 */
export function plainBcb(state: SwState, f: Fighter, guard = STEADY): BcbAnswer | null {
  if (f.slots.length !== 1) return null;
  let t: Fighter | undefined;
  for (const c of state.combatants) {
    if (c.side === f.side || c.status === "dead" || c.status === "fled") continue;
    if (t !== undefined || c.status !== "fighting") return null;
    t = c;
  }
  if (t === undefined || t.slots.length !== 1 || t.steady.fullDefence || t.steady.plan !== "fight")
    return null;
  const mine = soleWeapon(state, f, t, f.slots[0]!.use);
  const theirs = soleWeapon(state, t, f, t.slots[0]!.use);
  if (mine === undefined || theirs === undefined) return null;
  const B = f.sheet.bcb;
  const d = distance(f, t);
  const myMod =
    toHit(state, f, t, mine, "main", terrainAdjustment(f, t), null) - f.steady.bcbAttack;
  const myNeed = armourClass(state, t, fromBehind(f, t), null) - myMod;
  const myBonus = damageBonus(f, mine, d);
  const myMean = Math.min(1, meanDamage(mine.damage, myBonus) / Math.max(1, t.hp));
  const myKill = killChance(mine.damage, myBonus, t.hp);
  const foeNeed0 =
    armourClass(state, f, false, null) -
    toHit(state, t, f, theirs, "main", terrainAdjustment(t, f), null);
  const foeMean0 =
    Math.min(1, meanDamage(theirs.damage, damageBonus(t, theirs, 5)) / Math.max(1, f.hp)) *
    shareOfBlows(state, t, theirs, f);
  const foeFirst = t.slots[0]!.count > f.slots[0]!.count;
  let best: BcbAnswer = "defend";
  let bestScore = duel(state, f) ? -Infinity : -guard * hitChance(foeNeed0 + B + 2) * foeMean0;
  for (let a = 0; a <= B; a += 1) {
    const p = hitChance(myNeed - a);
    const l = hitChance(foeNeed0 + (B - a)) * foeMean0;
    const score = p * myMean - guard * (foeFirst ? l : l * (1 - p * myKill));
    if (score > bestScore + 1e-12) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

/** How much the share of its hit points lost weighs against the share of its foe's taken. */
export const STEADY = 1;
export const CAUTIOUS = 2;
export const RECKLESS = 0;

export function chooseBcb(state: SwState, f: Fighter, guard = STEADY): BcbAnswer {
  return plainBcb(state, f, guard) ?? generalBcb(state, f, guard);
}

/** The general computation: every slot's best attack, every foe that can reach it. */
export function generalBcb(state: SwState, f: Fighter, guard = STEADY): BcbAnswer {
  const B = f.sheet.bcb;
  // The foes that can hurt it this round.
  let n = 0;
  const myFirst = firstCount(f);
  const baseAc = armourClass(state, f, false, null);
  for (const g of state.combatants) {
    // Foes that make no attack this round (fighting defensively, stunned, casting) are no threat.
    if (g.side === f.side || g.status !== "fighting" || n >= MAX || g.steady.fullDefence) continue;
    if (g.slots.length === 0 || g.steady.plan === "cast" || g.steady.plan === "read") continue;
    const w = foeWeapon(state, g, f);
    if (w === undefined) continue;
    for (const x of g.steady.weapons) {
      if (n >= MAX) break;
      if (w.natural ? !x.natural || !usable(x) : x !== w) continue;
      const mod = toHit(state, g, f, x, "main", terrainAdjustment(g, f), null);
      foeNeed[n] = baseAc - mod;
      foeMean[n] =
        Math.min(1, meanDamage(x.damage, damageBonus(g, x, 5)) / Math.max(1, f.hp)) *
        shareOfBlows(state, g, x, f);
      foeFirst[n] = firstCount(g) > myFirst ? 1 : 0;
      foeFend[n] = fendNeed(state, f, g);
      n += 1;
    }
  }
  const slots = Math.min(f.slots.length, mine.length);
  let any = false;
  for (let si = 0; si < slots; si += 1) {
    bestAttack(state, f, si, mine[si]!);
    if (mine[si]!.target !== undefined) any = true;
  }
  if (!any) return n === 0 && B === 0 ? 0 : "defend";
  let best: BcbAnswer = "defend";
  let bestScore = duel(state, f) ? -Infinity : -guard * lossWith(n, B + 2);
  for (let a = 0; a <= B; a += 1) {
    let gain = 0;
    let pDrop = 0;
    for (let si = 0; si < slots; si += 1) {
      const m = mine[si]!;
      if (m.target === undefined) continue;
      const p = hitChance(m.need - a);
      gain += p * m.mean;
      pDrop = Math.max(pDrop, p * m.kill);
    }
    let loss = 0;
    for (let k = 0; k < n; k += 1) {
      // A charge that runs onto its polearm and is hit is fended off: no blow (Spears and Polearms).
      const fended = foeFend[k]! > 0 ? hitChance(foeFend[k]! - a) : 0;
      const l = hitChance(foeNeed[k]! + (B - a)) * foeMean[k]! * (1 - fended);
      loss += foeFirst[k] === 1 ? l : l * (1 - pDrop);
    }
    // Losing everything is the worst it can do: more expected loss than that counts as that.
    const score = gain - guard * Math.min(1, loss);
    if (score > bestScore + 1e-12) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

/** Is `f` able to reach anything this round (for other policies)? */
export function canAttackThisRound(state: SwState, f: Fighter): boolean {
  for (let i = 0; i < f.steady.weapons.length; i += 1) {
    const w = f.steady.weapons[i]!;
    if (!usable(w)) continue;
    for (const t of state.combatants) if (reachable(state, f, t, w, halfMove(f) > 0)) return true;
  }
  return false;
}
