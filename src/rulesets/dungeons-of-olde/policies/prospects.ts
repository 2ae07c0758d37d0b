// How a character's side stands in the fight, without looking ahead: what the action policy weighs
// a withdrawal by. Each side's strength is Lanchester's square law over the hit points its fighters
// have left and the HP their attacks are expected to take off a foe a turn (the best weapon each
// carries, its Attack Checks and damage against the foes' Defense and armour: estimates.ts, a
// crossbow's reset paid); the foes' strength over the side's own says how lost the fight is.
import { AP, DEFAULTS } from "../data/rules.js";
import { resetCost } from "../procedures/actions.js";
import { distance, fighting, finesseRank, type AttackKind } from "../procedures/derived.js";
import { exposedTo, freeFor, nearestFoe } from "../procedures/movement.js";
import { expectedDamage } from "../procedures/estimates.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";

/** A cap on a blow's damage past any die's reach (estimates.ts reads 1023 or more as none). */
const UNCAPPED = 1024;

/** Expected HP one attack of `c` with `w` takes off one of its fighting foes, on average. */
function meanBlow(state: DooState, c: CombatantState, w: WeaponState, kind: AttackKind): number {
  let sum = 0;
  let n = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const t = cs[i]!;
    if (t.side === c.side || !fighting(t)) continue;
    // A melee blow struck from the foe's own space (no line of sight crossed), a shot from here;
    // not capped at the foe's HP left, which the strength counts apart.
    sum += expectedDamage(state, c, t, w, kind, 0, kind === "melee" ? t.pos : c.pos, UNCAPPED);
    n += 1;
  }
  return n === 0 ? 0 : sum / n;
}

/** The mean of `c`'s action points a turn: its Finesse die, plus its adjustment. */
function meanAp(c: CombatantState): number {
  const ap = (finesseRank(c) + 1) / 2 + c.steady.sheet.adjAp;
  return ap > 0 ? ap : 0;
}

/** A weapon `c` can fight with this turn: bare hands, or one in hand or carried. */
function atHand(w: WeaponState): boolean {
  return w.natural || w.where === "hand" || w.where === "carried";
}

/** What `offence` last found: with every weapon at hand, and with those shot or thrown only. */
const OFFENCE = { hit: 0, shot: 0 };

/**
 * Expected HP `c` takes off a foe a turn with its best weapon at hand (`OFFENCE.hit`), and with its
 * best one it shoots or throws (`OFFENCE.shot`), each attack costing 2 AP and a crossbow's reset on
 * top.
 */
function offence(state: DooState, c: CombatantState): void {
  let hit = 0;
  let shot = 0;
  const ws = c.steady.weapons;
  for (let i = 0; i < ws.length; i += 1) {
    const w = ws[i]!;
    if (!atHand(w)) continue;
    if (w.melee !== null) {
      const e = meanBlow(state, c, w, "melee") / AP.attack;
      if (e > hit) hit = e;
    }
    if (w.ranged !== null && w.count > 0) {
      const cost = AP.attack + (w.ranged.brawnReset > 0 ? resetCost(c, w) : 0);
      const e = meanBlow(state, c, w, "ranged") / cost;
      if (e > hit) hit = e;
      if (e > shot) shot = e;
    }
  }
  const ap = meanAp(c);
  OFFENCE.hit = hit * ap;
  OFFENCE.shot = shot * ap;
}

/**
 * Turns `c` needs to come into melee reach of its nearest foe (0 with a weapon to shoot or throw):
 * the spaces past its longest reach at its free steps and AP a turn (Movement and Actions).
 */
function approach(state: DooState, c: CombatantState): number {
  let reach = 0;
  const ws = c.steady.weapons;
  for (let i = 0; i < ws.length; i += 1) {
    const w = ws[i]!;
    if (!atHand(w)) continue;
    if (w.ranged !== null && w.count > 0) return 0;
    if (w.melee !== null && w.melee.reachMax > reach) reach = w.melee.reachMax;
  }
  const foe = nearestFoe(state, c);
  if (foe === undefined) return 0;
  const gap = distance(c, foe) - reach;
  const speed = c.steady.sheet.freeStepsMax + meanAp(c);
  return gap <= 0 ? 0 : speed > 0 ? gap / speed : Infinity;
}

/** One side's sums: HP left, offence a turn (all, and shooting only), turns to come to grips. */
interface Side {
  hp: number;
  hit: number;
  shot: number;
  approach: number;
  n: number;
}

const MINE: Side = { hp: 0, hit: 0, shot: 0, approach: 0, n: 0 };
const FOES: Side = { hp: 0, hit: 0, shot: 0, approach: 0, n: 0 };

function clear(s: Side): void {
  s.hp = 0;
  s.hit = 0;
  s.shot = 0;
  s.approach = 0;
  s.n = 0;
}

/** The least share of its HP a side is counted with when shots would take more on its way in. */
const FLOOR = 0.05;

/**
 * A side's strength: its HP, less what the other side's shots take off it while its fighters come
 * into reach (their mean approach), times its offence.
 */
function strength(s: Side, other: Side): number {
  const shot = other.shot * (s.n > 0 ? s.approach / s.n : 0);
  const hp = s.hp - shot > s.hp * FLOOR ? s.hp - shot : s.hp * FLOOR;
  return hp * s.hit;
}

/**
 * How outmatched `me`'s side is: its foes' strength over its own (Lanchester's square law: a
 * side's HP left times the HP it takes off a foe a turn, summed over its fighters, less what the
 * other side shoots off it while it comes into reach). 1 is an even fight; Infinity a side that
 * can hurt nobody.
 */
export function outmatched(state: DooState, me: CombatantState): number {
  clear(MINE);
  clear(FOES);
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (!fighting(c)) continue;
    const s = c.side === me.side ? MINE : FOES;
    s.hp += c.hp;
    offence(state, c);
    s.hit += OFFENCE.hit;
    s.shot += OFFENCE.shot;
    s.approach += approach(state, c);
    s.n += 1;
  }
  const mine = strength(MINE, FOES);
  return mine > 0 ? strength(FOES, MINE) / mine : Infinity;
}

/** Has the fight told on `me`'s side yet: one of it hurt, or out of the fight? */
export function sideHurt(state: DooState, me: CombatantState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.side === me.side && (c.hp < c.steady.sheet.maxHp || !fighting(c))) return true;
  }
  return false;
}

/** Spaces a turn by which a foe's mean pace must fall short of `me`'s for `me` to outrun it. */
const OUTPACE = 1;

/**
 * Can `me` get away: be far enough from every foe at the end of a turn to leave the fight (Fray's
 * default escape, data/rules.ts)? A foe is left behind when a friend of `me` stands in the reach
 * of its weapon (it fights on there), when `me` is clearly the faster on average (by `OUTPACE`
 * spaces a turn of free steps and AP: the gap grows to the escape distance in a few turns, not in
 * a long chase), or when the gap after all of `me`'s steps this turn, less all of the
 * foe's, is the escape distance already. With `screened`, also when a friend of `me` stands no
 * farther from the foe than `me` does: closing on its nearest foe, it goes for that friend.
 */
export function canGetAway(state: DooState, me: CombatantState, screened = false): boolean {
  const mine = freeFor(me) + me.ap;
  const pace = me.steady.sheet.freeStepsMax + meanAp(me);
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side === me.side || !fighting(f) || engaged(state, f, me)) continue;
    if (screened && nearerFriend(state, f, me)) continue;
    if (f.steady.sheet.freeStepsMax + meanAp(f) + OUTPACE <= pace) continue;
    if (distance(me, f) + mine - (freeFor(f) + f.ap) < DEFAULTS.escapeDistance) return false;
  }
  return true;
}

/** Does a friend of `me` (not `me`) stand in the reach of foe `f`'s weapon in hand? */
function engaged(state: DooState, f: CombatantState, me: CombatantState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c !== me && c.side === me.side && fighting(c) && exposedTo(c, f)) return true;
  }
  return false;
}

/** Does a friend of `me` still fighting stand no farther from foe `f` than `me` does? */
function nearerFriend(state: DooState, f: CombatantState, me: CombatantState): boolean {
  const d = distance(me, f);
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c !== me && c.side === me.side && fighting(c) && distance(c, f) <= d) return true;
  }
  return false;
}

/** Does a foe hold `me` in the reach of its weapon in hand? */
export function inFoesReach(state: DooState, me: CombatantState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side !== me.side && exposedTo(me, f)) return true;
  }
  return false;
}

/** Has `me` a friend still fighting? */
export function hasFriend(state: DooState, me: CombatantState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c !== me && c.side === me.side && fighting(c)) return true;
  }
  return false;
}
