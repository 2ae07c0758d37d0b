// The default action at a count: what a sensible player (or the GM for a monster) would do. A
// character about to go down that cannot finish its foe runs; a missile in a friend's wound is
// pulled out when no foe is near; a heavy crossbow is spanned, a dropped weapon picked up when it
// is the better one; a wand's word when it is worth more than the best attack; otherwise the
// attack worth most (a share of the target's hit points, a kill counting extra; a move up through
// another foe's hex at the chance of getting past its free attack, less that attack's harm), among
// several foes in reach the one it singled out for the round, else one at random
// (policies/target-policy.ts decides the singling out); with nothing in reach it closes on the
// nearest foe, unless it holds a shield-wall that the foe is coming to; else it waits. A foe's area spell declared at it, that
// would catch its friends beside it, it steps (or runs) out from among them, unless it strikes the
// caster (a fearless monster, Morale, does not run for it). `runAt` is the share of its hit points at
// or below which a character thinks of running: a quarter (steady, the default), a half
// (cautious), never (reckless).
import {
  actionText,
  canMove,
  countInReach,
  embeddedPatients,
  foesInReach,
  movedUpTo,
  reachable,
  weaponFits,
} from "../procedures/actions.js";
import {
  awayFromFoes,
  distance,
  inCombat,
  inReach,
  inRange,
  meleeReach,
  usable,
} from "../procedures/field.js";
import { fractionOf } from "../switches.js";
import { readyForFreeAttack } from "../procedures/attack.js";
import { armourClass, fromBehind, terrainAdjustment, toHit } from "../procedures/combat-numbers.js";
import { wallNeighbours } from "../procedures/shield-wall.js";
import type { Fighter, MagicState, SwState, WeaponState } from "../state.js";
import {
  attackValue,
  chargingAt,
  dominated,
  downChance,
  friendInMelee,
  hitChance,
  killChance,
  magicValue,
  friendOut,
  sideOutmatched,
} from "./estimates.js";
import { bestMelee, damageBonus, meanDamage } from "../procedures/damage-numbers.js";

function foeNear(state: SwState, f: Fighter, feet: number): boolean {
  for (const g of state.combatants)
    if (g.side !== f.side && g.status === "fighting" && distance(g, f) <= feet) return true;
  return false;
}

/** The share of its hit points at or below which a character thinks of running. */
export const STEADY = 0.25;
export const CAUTIOUS = 0.5;
export const RECKLESS = -Infinity;

/**
 * Foes this many times as strong as its side (the square law, `sideOutmatched`), once a friend is
 * out or with no friend fighting beside it, make the fight lost: a character (not a reckless one)
 * runs even from a foe's reach. Fray's default, after the search's play in the group fight's mirror
 * matches (docs/tactics.md): there the searching party ran from such fights, worth about 1/4
 * (getting away) against nearly 0; one alone (the duel, Blogo and the ogre, 2026-11-28 23:30) has no
 * friend to lose, and the search ran there too.
 */
export const LOST_AT = 4;

/**
 * Foes this many times as strong (the square law, `sideOutmatched`) make the fight lost for a
 * character no foe has in reach yet, friend out or not: out of reach it turns tail without a free
 * attack (Retreating), so running costs it nothing but the fight. Fray's default, after the
 * shield wall's audit (docs/tactics.md, 2026-11-28 19:20): there the fyrd (3.5 times outmatched,
 * 3.5% of fights won) held in round 1 where running was worth 1/4 to each of them.
 */
export const LOST_OUT_OF_REACH_AT = 3;

/**
 * A character whose fight is lost (`LOST_AT`) runs: Retreating, turning tail at -4 AC with a free
 * attack, but out of the fight if it gets clear (Morale: player characters decide their own). One
 * about to go down (at `runAt` of its hit points or below), with no good chance of dropping its
 * foe first, runs, but only while no foe has it in reach: turning tail in reach gives a free
 * attack at -4 AC, worse than fighting on while the fight can still be won.
 */
function shouldFlee(state: SwState, f: Fighter, bestKill: number, runAt: number): boolean {
  if (f.sheet.kind !== "character" || f.sheet.speed <= 0 || f.steady.proneRound === state.round)
    return false;
  const inReach = inFoesReach(state, f);
  if (runAt !== RECKLESS && fightLost(state, f, inReach)) return true;
  if (f.hp > f.sheet.maxHp * runAt || !inCombat(state, f) || inReach) return false;
  let survive = 1;
  for (const g of state.combatants)
    if (g.side !== f.side && g.status === "fighting") survive *= 1 - downChance(state, g, f);
  return 1 - survive >= 0.3 && bestKill < 0.5;
}

/** Is `f`'s fight lost by the square law (`LOST_AT`, `LOST_OUT_OF_REACH_AT`)? */
function fightLost(state: SwState, f: Fighter, inReach: boolean): boolean {
  const anywhere = friendOut(state, f) || aloneAndBehind(state, f);
  if (inReach && !anywhere) return false;
  const lost = sideOutmatched(state, f);
  return (anywhere && lost >= LOST_AT) || (!inReach && lost >= LOST_OUT_OF_REACH_AT);
}

/**
 * Would `f` (a character playing with `runAt`) run from its fight as lost this round, whatever its
 * hit points? The plan asks, so that it declares no spell that would hold it where it stands.
 */
export function runsFromLostFight(state: SwState, f: Fighter, runAt: number): boolean {
  if (runAt === RECKLESS || f.sheet.kind !== "character" || f.sheet.speed <= 0) return false;
  return fightLost(state, f, inFoesReach(state, f));
}

/**
 * Does `f` fight alone (no friend on its side at all), against a foe with a weapon? A brawl
 * (Unarmed Combat: bare hands) is left out: there the search wrestled or ran, and backing away did
 * worse; one whose friends have fled or fallen has a friend out (`LOST_AT`) and runs at once
 * (docs/tactics.md, 2026-11-28 23:30).
 */
function fightsAloneArmed(state: SwState, f: Fighter): boolean {
  // Taken out at its own count, it still strikes its last blow (3. Determine Initiative: a tie
  // acts at once); running is no longer its to choose.
  if (f.status !== "fighting") return false;
  let armed = false;
  for (const g of state.combatants) {
    if (g === f) continue;
    if (g.side === f.side) return false;
    if (g.status !== "fighting") continue;
    for (const w of g.steady.weapons) if (!w.unarmed && usable(w)) armed = true;
  }
  return armed;
}

/**
 * Does `f` fight alone against a foe with a weapon (`fightsAloneArmed`) with no more hit points left
 * than its foes still fighting? One with more could be 4 times outmatched (`LOST_AT`) only against
 * foes dealing 4 times its damage a round; Fray's default leaves that case out and does not work
 * the square law out then (docs/tactics.md, 2026-11-29: in the duel the ahead fighter's check cost
 * about 5% of the simulation's time, and none of the examples has such a fight).
 */
function aloneAndBehind(state: SwState, f: Fighter): boolean {
  if (!fightsAloneArmed(state, f)) return false;
  let foes = 0;
  for (const g of state.combatants)
    if (g.side !== f.side && g.status === "fighting" && !g.fleeing) foes += Math.max(0, g.hp);
  return f.hp <= foes;
}

/**
 * How a character alone (`fightsAloneArmed`) leaves a lost fight from a foe's reach:
 * Retreating, turning tail gives each foe in reach a free attack at -4 AC, while backing away at
 * its free pace costs nothing; once every such foe has acted this round none can follow it before
 * the next, when it turns tail out of reach with no free attack. So it backs away when those free
 * attacks might put it down (`downChance`, its AC as it stands: Fray's default), and runs at once
 * when they cannot, or when a foe in reach is still to act. Fray's default, after the duel's and
 * the brawl's audits (docs/tactics.md, 2026-11-28 23:30).
 */
function wayOut(state: SwState, f: Fighter): string {
  if (!fightsAloneArmed(state, f)) return "retreat:run";
  let risk = 0;
  for (const g of state.combatants) {
    if (g.side === f.side || g.status !== "fighting") continue;
    if (bestMelee(g, distance(g, f)) === undefined) continue;
    if (!g.acted) return "retreat:run";
    risk += downChance(state, g, f);
  }
  return risk > 0 ? "retreat:free" : "retreat:run";
}

/** Has a foe still fighting `f` in the reach of a melee weapon (a free attack if it turns tail)? */
function inFoesReach(state: SwState, f: Fighter): boolean {
  for (const g of state.combatants)
    if (g.side !== f.side && g.status === "fighting" && bestMelee(g, distance(g, f)) !== undefined)
      return true;
  return false;
}

interface Pick {
  w: WeaponState | undefined;
  t: Fighter | undefined;
  value: number;
  kill: number;
}
const pick: Pick = { w: undefined, t: undefined, value: 0, kill: 0 };

function bestAttack(state: SwState, f: Fighter, si: number): Pick {
  pick.w = undefined;
  pick.t = undefined;
  pick.value = 0;
  pick.kill = 0;
  if (f.steady.fullDefence) return pick;
  const slot = f.slots[si]!;
  // A formed shield-wall holds its ground: it strikes what comes into reach.
  const move = canMove(state, f) && slot.use !== "arrow" && !holdsWall(state, f);
  for (let i = 0; i < f.steady.weapons.length; i += 1) {
    const w = f.steady.weapons[i]!;
    if (!weaponFits(f, slot, w, i) || dominated(f, w)) continue;
    for (const t of state.combatants) {
      if (!reachable(state, f, t, w, move)) continue;
      const d = distance(f, t);
      const here = w.kind === "melee" ? inReach(w, d) : inRange(w, d);
      if (t.fleeing && !here) continue;
      // Missile Attacks: a shot into a melee may fly at a friend.
      if (w.kind === "missile" && friendInMelee(state, f, t)) continue;
      const at = w.kind === "melee" ? Math.min(d, w.reach) : d;
      const hp = Math.max(1, t.hp);
      const exp = attackValue(state, f, t, w, slot.use, f.steady.bcbAttack, at);
      let kill =
        (exp / Math.max(0.01, meanDamage(w.damage, damageBonus(f, w, at)))) *
        killChance(w.damage, damageBonus(f, w, at), t.hp);
      let value = Math.min(1, exp / hp);
      if (!here && w.kind === "melee") {
        passing(state, f, t, w);
        value = value * passed.through - passed.lost;
        kill *= passed.through;
      }
      value += 0.5 * kill;
      if (t.status !== "fighting") value *= 0.25;
      if (value > pick.value + 1e-9) {
        pick.value = value;
        pick.kill = kill;
        pick.w = w;
        pick.t = t;
      }
    }
  }
  return pick;
}

const passed = { through: 1, lost: 0 };

/**
 * Movement within Melee: moving up to `t` with `w` through the hex of another foe gives that foe
 * a free attack, and a hit fends the mover aside, short of `t`. Into `passed`: the chance that
 * `f` gets through every such hex (1 when none), and the share of its hit points their free
 * attacks take on average.
 */
function passing(state: SwState, f: Fighter, t: Fighter, w: WeaponState): void {
  passed.through = 1;
  passed.lost = 0;
  const to = movedUpTo(f, t, w);
  const dir = t.pos >= f.pos ? 1 : -1;
  for (const g of state.combatants) {
    if (g === t || g.side === f.side || g.status !== "fighting") continue;
    if (dir * (g.pos - f.pos) <= 0 || dir * (to - g.pos) < 0) continue;
    const gw = bestMelee(g, 5);
    if (gw === undefined || !readyForFreeAttack(state, g)) continue;
    const mod = toHit(state, g, f, gw, "free", terrainAdjustment(g, f), null);
    passed.through *= 1 - hitChance(armourClass(state, f, fromBehind(g, f), null) - mod);
    passed.lost += attackValue(state, g, f, gw, "free", g.steady.bcbAttack, 5) / Math.max(1, f.hp);
  }
}

/** Has `f` a missile and a foe in range it can shoot at without firing into its friends' melee? */
function canShoot(state: SwState, f: Fighter): boolean {
  for (const w of f.steady.weapons) {
    if (w.kind !== "missile" || !usable(w)) continue;
    for (const t of state.combatants)
      if (
        t.side !== f.side &&
        t.status === "fighting" &&
        inRange(w, distance(f, t)) &&
        !friendInMelee(state, f, t)
      )
        return true;
  }
  return false;
}

/** It holds a usable weapon that reaches beyond the adjacent hex: one that can fend a foe off. */
function fends(f: Fighter): boolean {
  for (const w of f.steady.weapons) if (w.kind === "melee" && w.reach > 5 && usable(w)) return true;
  return false;
}

/** Its only usable weapons for melee are long spears or pikes (bare hands apart). */
function longOnly(f: Fighter): boolean {
  let long = false;
  for (const w of f.steady.weapons) {
    if (w.kind !== "melee" || w.unarmed || !usable(w)) continue;
    if (!w.long) return false;
    long = true;
  }
  return long;
}

/**
 * Will foe `g` come to `f` to fight hand to hand (it charges, or has nothing to shoot or cast at
 * it from where it stands)?
 */
function comesToFight(state: SwState, g: Fighter, f: Fighter): boolean {
  if (chargingAt(g, f)) return true;
  if (holdsWall(state, g)) return false;
  for (const list of [g.steady.spells, g.steady.scrolls, g.steady.wands])
    for (const m of list) if (m.uses > 0) return false;
  let melee = false;
  for (const w of g.steady.weapons) {
    if (!usable(w)) continue;
    if (w.kind === "missile") return false;
    if (!w.long) melee = true;
  }
  return melee;
}

/** In a formed shield-wall, or on a wall's side with a weapon that reaches past it. */
export function holdsWall(state: SwState, f: Fighter): boolean {
  if (state.walls.length === 0) return false;
  if (wallNeighbours(state, f) >= 0) return true;
  if (meleeReach(f) <= 5) return false;
  for (const c of state.combatants)
    if (c.side === f.side && c !== f && wallNeighbours(state, c) >= 0) return true;
  return false;
}

/**
 * The common case, decided without estimates: one foe left to attack, one weapon for this attack
 * and it reaches the foe from where it stands, nothing else to see to (no flight to consider, no
 * missile to pull out, no weapon to pick up or span). The full policy would attack it too.
 */
function plainAttack(state: SwState, f: Fighter, si: number, runAt: number): string {
  if (f.steady.fullDefence || (!f.acted && f.hp <= f.sheet.maxHp * runAt)) return "";
  if (!f.acted) for (const m of f.steady.wands) if (m.uses > 0) return "";
  let t: Fighter | undefined;
  for (const c of state.combatants) {
    if (c.side === f.side) {
      if (c.steady.embedded.length > 0) return "";
      continue;
    }
    if (c.status !== "fighting" && c.status !== "knocked-out") continue;
    if (t !== undefined || c.steady.undetected || c.status !== "fighting") return "";
    t = c;
  }
  if (t === undefined) return "";
  const slot = f.slots[si]!;
  let only: WeaponState | undefined;
  for (let i = 0; i < f.steady.weapons.length; i += 1) {
    const w = f.steady.weapons[i]!;
    if (w.dropped || (w.reload === "heavy" && !w.loaded)) return "";
    if (!weaponFits(f, slot, w, i) || dominated(f, w)) continue;
    if (only !== undefined) return "";
    only = w;
  }
  if (only === undefined || !reachable(state, f, t, only, false)) return "";
  if (only.kind === "missile" && friendInMelee(state, f, t)) return "";
  // One foe and one weapon is a plain attack, unless a character alone may run (`LOST_AT`): the
  // square law last, as it is the dearest to work out.
  const alone = !f.acted && f.sheet.kind === "character" && runAt !== RECKLESS;
  if (alone && aloneAndBehind(state, f) && sideOutmatched(state, f) >= LOST_AT) return "";
  return actionText("attack", t.id, only.id);
}

/** The chance a damaging wand or spell takes `t`'s last hit points (a kill counts extra, as a blow's). */
function magicKill(m: MagicState, t: Fighter): number {
  if (m.effect !== "damage" || m.damage === "") return 0;
  const pSave = m.save === "none" ? 0 : hitChance(t.sheet.save + t.penalty);
  const full = killChance(m.damage, 0, t.hp);
  if (m.save === "half") return (1 - pSave) * full + pSave * killChance(m.damage, 0, 2 * t.hp);
  return m.save === "negates" ? (1 - pSave) * full : full;
}

/**
 * Wands and similar magic items: the word worth most (the share of hit points it takes, as a
 * spell's), when it beats the best attack this count; a wand needs no declaration and only a
 * blow on the same count stops it.
 */
function bestWand(state: SwState, f: Fighter, attack: number): string {
  let best = "";
  let most = attack;
  for (const m of f.steady.wands) {
    if (m.uses <= 0) continue;
    for (const t of state.combatants) {
      if (t.side === f.side || t.status !== "fighting" || t.steady.undetected) continue;
      if (distance(f, t) > m.range) continue;
      const v = magicValue(state, f, m, t) + 0.5 * magicKill(m, t);
      if (v > most + 1e-9) {
        most = v;
        best = actionText("wand", m.id, t.id);
      }
    }
  }
  return best;
}

/**
 * The caster of a foe's area spell (or scroll) declared at `f` (Declare Spells: it goes off at its
 * caster's count, this one or later in the round) that would catch friends of `f` beside it (within
 * 5 ft), when moving off leaves every such friend out of the spell's reach, so that it catches `f`
 * alone (the spell still goes off at `f` where it stands then); else undefined. In melee `f` backs
 * away at its free pace (Retreating: no penalty); out of it, it runs (no foe has it in reach for a
 * free attack).
 */
function areaToDodge(state: SwState, f: Fighter): Fighter | undefined {
  if (f.acted || f.sheet.speed <= 0 || f.steady.proneRound === state.round) return undefined;
  let caster: Fighter | undefined;
  for (const g of state.combatants) {
    if (g.side === f.side || g.status !== "fighting") continue;
    if (g.steady.plan !== "cast" && g.steady.plan !== "read") continue;
    if (g.steady.planTarget !== f.id || g.steady.castCount <= 0 || g.steady.castCount > state.count)
      continue;
    const m = (g.steady.plan === "cast" ? g.steady.spells : g.steady.scrolls).find(
      (x) => x.id === g.steady.planItem,
    );
    if (m !== undefined && m.area) caster = g;
  }
  if (caster === undefined) return undefined;
  const to = f.pos + awayFromFoes(state, f) * dodgeFeet(state, f);
  let spared = false;
  for (const c of state.combatants) {
    if (c === f || c.side !== f.side || c.status !== "fighting" || distance(c, f) > 5) continue;
    if (Math.abs(c.pos - to) <= 5) return undefined;
    spared = true;
  }
  return spared ? caster : undefined;
}

/** How far `f` moves off a spell: backing away at its free pace in melee, else running. */
function dodgeFeet(state: SwState, f: Fighter): number {
  const pace = inCombat(state, f) ? fractionOf(state.switches.retreatFree) : 1;
  return Math.floor(f.sheet.speed * pace);
}

/**
 * The policy's action: the usual one, but a fighter an area spell is declared at moves off from
 * its friends (areaToDodge) unless it is striking the caster (a caster struck loses the spell).
 */
export function chooseAction(state: SwState, f: Fighter, si: number, runAt = STEADY): string {
  // Retreating: having turned tail this round it attacks no more, not even with a second weapon.
  if (f.fleeing) return "wait";
  const answer = usualAction(state, f, si, runAt);
  const caster = areaToDodge(state, f);
  if (caster === undefined || answer.startsWith(`attack:${caster.id}:`)) return answer;
  if (inCombat(state, f)) return "retreat:free";
  // Morale: the fearless fight to the death, and turning tail is running from the fight.
  return f.sheet.fearless ? answer : "retreat:run";
}

function usualAction(state: SwState, f: Fighter, si: number, runAt: number): string {
  const plain = plainAttack(state, f, si, runAt);
  if (plain !== "") return plain;
  const first = !f.acted;
  const p = bestAttack(state, f, si);
  if (first) {
    if (shouldFlee(state, f, p.kill, runAt)) return wayOut(state, f);
    if (!foeNear(state, f, 10)) {
      const patient = embeddedPatients(state, f)[0];
      if (patient !== undefined) return actionText("extract", patient.id);
      for (const w of f.steady.weapons)
        if (w.reload === "heavy" && !w.loaded && !w.dropped) return actionText("reload", w.id);
    }
    for (const w of f.steady.weapons) {
      if (!w.dropped) continue;
      const better = p.w === undefined || meanDamage(w.damage, 0) > meanDamage(p.w.damage, 0);
      if (better) return actionText("pickup", w.id);
    }
    if (f.steady.wands.length > 0 && !f.steady.fullDefence) {
      const wand = bestWand(state, f, p.value);
      if (wand !== "") return wand;
    }
  }
  if (p.w !== undefined && p.t !== undefined) {
    const w = p.w;
    const t = p.t;
    // Multiple Melee Targets: among several in reach, the one singled out for the round, or
    // whoever the fight brings.
    if (countInReach(state, f, w, t) >= 2) {
      const chosen = f.steady.concentrating;
      if (chosen !== "" && foesInReach(state, f, w).some((c) => c.id === chosen))
        return actionText("attack", chosen, w.id);
      return actionText("attack", "random", w.id);
    }
    return actionText("attack", t.id, w.id);
  }
  if (first && canMove(state, f)) {
    let near: Fighter | undefined;
    for (const g of state.combatants) {
      if (g.side === f.side || g.status !== "fighting" || g.fleeing || g.steady.undetected)
        continue;
      if (near === undefined || distance(g, f) < distance(near, f)) near = g;
    }
    if (near !== undefined && distance(near, f) > 5) {
      // A formed shield-wall, and a polearm behind it, let the foe come to them.
      // It holds its action, so that its polearm can still strike as the foe comes in.
      if (holdsWall(state, f) && distance(near, f) <= near.sheet.speed + 20)
        return state.count > 0 && !f.slots[si]!.held ? "hold" : "wait";
      // Spears and Polearms: closing ends in the adjacent hex, where a long spear or pike is
      // useless; with nothing handier it lets a foe that is coming to it come onto its point,
      // and with any polearm it lets a foe charging it come onto the point to be fended off.
      if ((longOnly(f) && comesToFight(state, near, f)) || (fends(f) && chargingAt(near, f)))
        return state.count > 0 && !f.slots[si]!.held ? "hold" : "wait";
      // A shooter with nothing it can shoot at (out of range, or only into its friends' melee),
      // or a fighter out of reach, closes.
      if (!canShoot(state, f)) return actionText("close", near.id);
    }
  }
  return "wait";
}
