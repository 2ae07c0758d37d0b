// What a combatant can expect from its foes next round, for the default policies: which foes will
// likely strike it (a foe strikes what it can reach without moving, else its nearest foe; a share
// when it has several), the damage they are expected to deal, and the chance that their blows take
// it out, counting a foe's sneak attack when it is placed for one and its Power Attack when that
// foe's own policy would make one.
import { approachNeeded } from "../procedures/actions.js";
import { distance, meleeReach, usable } from "../procedures/field.js";
import {
  alreadyEngaged,
  closeEnoughFromConcealment,
  distracted,
} from "../procedures/sneak-attack.js";
import type { CartyrionState, CombatantState, WeaponState } from "../state.js";
import { expectedAfter } from "../procedures/damage-dice.js";
import { armourPoints } from "../procedures/mitigation.js";
import { explosionsToShatter } from "../procedures/parry.js";
import {
  afterParry,
  attackBonus,
  chanceToTakeOut,
  expectedDamage,
  progress,
  staying,
} from "./estimates.js";

/** Mean of one exploding d`sides`: (sides + 1) / 2 * sides / (sides - 1). */
function explodingMeanOf(sides: number): number {
  return sides <= 1 ? 1 : ((sides + 1) / 2) * (sides / (sides - 1));
}

/** explodingMeanOf for the dice weapons have (d2 to d20), computed once. */
const EXPLODING_MEAN = Float64Array.from({ length: 21 }, (_, sides) => explodingMeanOf(sides));

function explodingMean(sides: number): number {
  return sides >= 0 && sides < EXPLODING_MEAN.length
    ? EXPLODING_MEAN[sides]!
    : explodingMeanOf(sides);
}

/** Expected damage per die of a weapon, with its magic: how weapons compare. */
function perDie(w: WeaponState): number {
  return explodingMean(w.die) + w.magic;
}

/**
 * Another weapon that fights nearly as well as `w` (three quarters of its damage per die, used the
 * same way; bare hands too, as good as a dagger): losing `w` to a Power Attack would cost little.
 */
export function comparableBackup(me: CombatantState, w: WeaponState): boolean {
  const ranged = w.kind === "ranged";
  const ws = me.weapons;
  for (let i = 0; i < ws.length; i += 1) {
    const x = ws[i]!;
    if (x === w || !usable(x) || (x.kind === "ranged") !== ranged) continue;
    if (nearlyAsGood(x, w)) return true;
  }
  return false;
}

/**
 * A missile weapon that a Power Attack costs little: the last of a thrown weapon leaves the hand
 * with the blow anyway (only a Retrieve action would bring it back), and a weapon that must be
 * reloaded after every shot (Range Combat, the crossbow) gets at most one more shot in before a
 * foe that could close on `me` within two rounds of charging is upon it.
 */
export function spentSoon(state: CartyrionState, me: CombatantState, w: WeaponState): boolean {
  if (w.kind !== "ranged") return false;
  if (w.thrown) return w.count <= 1;
  if (!w.reload) return false;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side === me.side || f.status !== "fighting" || f.withdrawing) continue;
    if (distance(f, me) <= 4 * f.move + meleeReach(f)) return true;
  }
  return false;
}

/** Does `x` deal three quarters or more of `w`'s damage per die? */
export function nearlyAsGood(x: WeaponState, w: WeaponState): boolean {
  return perDie(x) >= 0.75 * perDie(w);
}

/** The damage `f` can expect to deal a round before mitigation, with its best weapon. */
export function offence(f: CombatantState): number {
  let most = 0;
  const ws = f.weapons;
  for (let i = 0; i < ws.length; i += 1) {
    const w = ws[i]!;
    if (!usable(w)) continue;
    const e = f.dice * perDie(w) + attackBonus(f, w, false);
    if (e > most) most = e;
  }
  return most;
}

/**
 * `offence`, with a missile `f` will loose as a Power Attack (`spentSoon`: the last javelin, a
 * loaded crossbow its foes will be upon before it reloads) counted with its doubled dice, as
 * its tactic throws or shoots it (Power Attacks; Range Combat: Direct Damage). What a foe deals
 * next round, for whom to strike first: the goblin crossbowman's doubled bolt fills about 8 of
 * Bram's 13 injury slots.
 */
export function offenceNow(state: CartyrionState, f: CombatantState): number {
  let most = offence(f);
  const ws = f.weapons;
  for (let i = 0; i < ws.length; i += 1) {
    const w = ws[i]!;
    if (w.kind !== "ranged" || !usable(w) || !spentSoon(state, f, w)) continue;
    const e = 2 * f.dice * perDie(w) + attackBonus(f, w, false);
    if (e > most) most = e;
  }
  return most;
}

/** Is `c` the only foe of `f` still fighting? */
function lastFoeOf(state: CartyrionState, f: CombatantState, c: CombatantState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const x = cs[i]!;
    if (x !== c && x.side !== f.side && x.status === "fighting") return false;
  }
  return true;
}

/** Can `foe` reach `me` with an attack on its next turn (moving its Move, or charging)? */
export function threatens(foe: CombatantState, me: CombatantState): boolean {
  const d = distance(foe, me);
  const budget = foe.heldBy === "" ? foe.move : 0;
  for (const w of foe.weapons) {
    if (!usable(w)) continue;
    if (approachNeeded(foe, me, w, w.kind === "ranged" ? budget : 2 * budget) >= 0) return true;
  }
  return d <= meleeReach(foe);
}

/** How far `f` can strike without moving: its longest reach, or its longest shot. */
function strikesFrom(f: CombatantState): number {
  let far = meleeReach(f);
  for (const w of f.weapons) if (w.kind === "ranged" && usable(w) && w.range > far) far = w.range;
  return far;
}

/**
 * The share of `f`'s next attack that falls on `me`: when `f` can strike foes without moving, an
 * equal share among them; otherwise it closes on its nearest foe, an equal share among those as
 * near. 0 when `me` is not among them.
 */
function shareOf(state: CartyrionState, f: CombatantState, me: CombatantState): number {
  const far = strikesFrom(f);
  const d = distance(f, me);
  let inReach = 0;
  let nearer = 0;
  let asNear = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.side === f.side || c.status !== "fighting" || c.withdrawing) continue;
    const dc = distance(f, c);
    if (c.concealed && dc > 5) continue;
    if (dc <= far) inReach += 1;
    if (dc < d) nearer += 1;
    else if (dc === d) asNear += 1;
  }
  if (d <= far) return 1 / inReach;
  return inReach > 0 || nearer > 0 ? 0 : 1 / asNear;
}

/** What `danger` found: reused (policies run one at a time). */
export interface Danger {
  /** Damage `me` can expect next round (each foe's best blow times its share). */
  expected: number;
  /** The chance that next round's blows take `me` out (the likeliest attacker's, the rest expected). */
  takenOut: number;
  /** Foes whose next attack may fall on `me`. */
  attackers: number;
}

const found: Danger = { expected: 0, takenOut: 0, attackers: 0 };
/**
 * The foes `danger` weighs, with their share and best expected blow (reused arrays, written from
 * the start and read up to the count of the call: never shortened, which costs more than it saves).
 */
const foes: CombatantState[] = [];
/** How each is placed for a sneak attack on `me` (placedToSneak). */
const placements: number[] = [];
const shares: number[] = [];
const blows: number[] = [];
/** Whether a foe's best blow is Direct Damage (a sneak attack or a shot): 1 or 0. */
const directs: number[] = [];
/** The die of a foe's best blow (its weapon's). */
const dies: number[] = [];

/**
 * Is `f` placed for a sneak attack on `me` next round (Sneak Attacks, positioning)? Not when it
 * attacked `me` this round: next round it is "already engaged in combat with the target".
 * NOT_PLACED, PLACED (`me` distracted: with any weapon), or FROM_HIDING (`f` concealed: with a
 * weapon close enough, `sneakWith`). Worked out once per pair, not once per weapon.
 */
function placedToSneak(state: CartyrionState, f: CombatantState, me: CombatantState): number {
  if (alreadyEngaged(f, me) || f.attackedNow.includes(me.id)) return NOT_PLACED;
  if (distracted(state, f, me)) return PLACED;
  return f.concealed ? FROM_HIDING : NOT_PLACED;
}

const NOT_PLACED = 0;
const PLACED = 1;
const FROM_HIDING = 2;

/** Can `f`, placed as `placed` says (placedToSneak), make a sneak attack on `me` with `w`? */
function sneakWith(placed: number, f: CombatantState, me: CombatantState, w: WeaponState): boolean {
  return placed === PLACED || (placed === FROM_HIDING && closeEnoughFromConcealment(f, me, w));
}

/**
 * The chance that `f`'s blow with `w` takes `me` out once `already` (ordinary damage) and
 * `alreadyDirect` (Direct Damage) are dealt: an ordinary blow, a sneak attack when `f` is placed
 * for one (`placed`), or a Power Attack when `f`'s policy would make one (it would very likely
 * finish `me`, and `f` loses little by the broken weapon; `last`: `me` is `f`'s last foe).
 */
function chanceOfBlow(
  state: CartyrionState,
  f: CombatantState,
  me: CombatantState,
  w: WeaponState,
  already: number,
  alreadyDirect: number,
  placed: number,
  last: boolean,
): number {
  let p = chanceToTakeOut(state, f, me, w, "normal", already, alreadyDirect);
  if (sneakWith(placed, f, me, w))
    p = Math.max(p, chanceToTakeOut(state, f, me, w, "sneak", already, alreadyDirect));
  if (w.natural || !(last || comparableBackup(f, w) || spentSoon(state, f, w))) return p;
  const power = chanceToTakeOut(state, f, me, w, "power", already, alreadyDirect);
  return power >= 0.75 && power > p ? power : p;
}

/**
 * The damage `f` can expect to deal `me` with `w` next round: a sneak attack's when it can
 * (`placed`: placedToSneak). Its kind (Direct Damage or not) goes into `blowKind.direct`.
 */
function blowOf(
  state: CartyrionState,
  f: CombatantState,
  me: CombatantState,
  w: WeaponState,
  placed: number,
): number {
  const e = expectedDamage(state, f, me, w, "normal");
  blowKind.direct = w.kind === "ranged";
  if (!sneakWith(placed, f, me, w)) return e;
  const sneak = expectedDamage(state, f, me, w, "sneak");
  if (sneak <= e) return e;
  blowKind.direct = true;
  return sneak;
}

/** The kind of the last blow `blowOf` weighed (reused: policies run one at a time). */
const blowKind = { direct: false };

/** What `me` can expect from its foes next round. */
export function danger(state: CartyrionState, me: CombatantState): Danger {
  let n = 0;
  let expected = 0;
  let expectedDirect = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    // A foe that is withdrawing will not swing at `me` next round: it is leaving the fight.
    if (f.side === me.side || f.status !== "fighting" || f.surprised || f.withdrawing) continue;
    if (!threatens(f, me)) continue;
    const share = shareOf(state, f, me);
    if (share === 0) continue;
    let best = 0;
    let direct = 0;
    let die = 0;
    const placed = placedToSneak(state, f, me);
    for (const w of f.weapons) {
      if (!usable(w)) continue;
      const e = blowOf(state, f, me, w, placed);
      if (e > best) {
        best = e;
        direct = blowKind.direct ? 1 : 0;
        die = w.die;
      }
    }
    foes[n] = f;
    placements[n] = placed;
    shares[n] = share;
    blows[n] = best;
    directs[n] = direct;
    dies[n] = die;
    n += 1;
    expected += share * best;
    expectedDirect += direct * share * best;
  }
  let takenOut = 0;
  for (let i = 0; i < n; i += 1) {
    const f = foes[i]!;
    // What the other foes are expected to deal first, ordinary damage and Direct Damage apart.
    const own = shares[i]! * blows[i]!;
    const alreadyDirect = expectedDirect - directs[i]! * own;
    const already = expected - expectedDirect - (1 - directs[i]!) * own;
    let p = 0;
    const placed = placements[i]!;
    let last = -1;
    for (const w of f.weapons) {
      if (!usable(w)) continue;
      if (last < 0 && !w.natural) last = lastFoeOf(state, f, me) ? 1 : 0;
      const q = chanceOfBlow(state, f, me, w, already, alreadyDirect, placed, last === 1);
      if (q > p) p = q;
    }
    if (shares[i]! * p > takenOut) takenOut = shares[i]! * p;
  }
  found.expected = expected;
  found.takenOut = takenOut;
  found.attackers = n;
  weighed = n;
  return found;
}

/** How many foes the last `danger` weighed (its arrays are read up to this). */
let weighed = 0;

/**
 * The damage the blows of the last `danger` (same state, same `me`) are expected to put through a
 * parry with `w` (Parrying with a Weapon): nothing until a blow's damage die explodes, one more
 * such blow per magic plus; the blow that shatters the weapon is still fully parried, the blows
 * after it get through whole. Each foe strikes with its share as its chance, in their order. A
 * parry against small dice that seldom explode twice in a round holds: the half-orc, 3 SP and 7
 * slots left, parrying Janine's fists and Cedryk's dagger, lets through about 2.3 of his 10.
 */
export function throughWeaponParry(w: WeaponState): number {
  const need = explosionsToShatter(w);
  // held[k]: the chance that k blows have exploded so far without shattering it (k < need).
  const held = new Float64Array(need);
  held[0] = 1;
  let through = 0;
  for (let i = 0; i < weighed; i += 1) {
    const hit = shares[i]!;
    let intact = 0;
    for (let k = 0; k < need; k += 1) intact += held[k]!;
    through += hit * blows[i]! * (1 - intact);
    // The chance that the blow rolls an exploding die (Damage Dice: each die explodes on its top
    // face).
    const die = dies[i]!;
    const burst = hit * (die <= 1 ? 1 : 1 - ((die - 1) / die) ** foes[i]!.dice);
    for (let k = need - 1; k >= 0; k -= 1) {
      const moved = held[k]! * burst;
      held[k] = held[k]! - moved;
      if (k + 1 < need) held[k + 1] = held[k + 1]! + moved;
    }
  }
  return through;
}

/**
 * The chance that the friends of `me` still to take their turn this round take `t` out without
 * `me`'s blow: each one that can reach `t` (moving its Move, or charging) with its likeliest blow
 * to do it, an ordinary one or a sneak attack when placed for one (Power Attacks left out), their
 * chances taken as independent. 0 when none is left to act (always in a duel). A blow on a foe
 * the friends will likely finish anyway adds little: the bolt that would take out Wren, three of
 * her slots left after the javelin, is worth less than the one that fills eight of Bram's
 * thirteen before the goblins' sneak attacks (Direct Damage too, Resolving Combat) finish him.
 */
export function takenOutByFriendsToAct(
  state: CartyrionState,
  me: CombatantState,
  t: CombatantState,
): number {
  let spared = 1;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (!stillToAct(state, me, f) || !reachesThisTurn(state, f, t)) continue;
    if (t.concealed && distance(f, t) > 5) continue;
    const placed = placedToSneak(state, f, t);
    let p = 0;
    for (const w of f.weapons) {
      if (!usable(w)) continue;
      let q = chanceToTakeOut(state, f, t, w, "normal");
      if (sneakWith(placed, f, t, w)) q = Math.max(q, chanceToTakeOut(state, f, t, w, "sneak"));
      if (q > p) p = q;
    }
    spared *= 1 - p;
  }
  return 1 - spared;
}

/** Can `f` strike `t` moving at most `moves` times its Move (a ranged weapon: its Move)? */
function strikesWithin(f: CombatantState, t: CombatantState, moves: number): boolean {
  const budget = f.heldBy === "" ? f.move : 0;
  for (const w of f.weapons) {
    if (!usable(w)) continue;
    if (approachNeeded(f, t, w, w.kind === "ranged" ? budget : moves * budget) >= 0) return true;
  }
  return distance(f, t) <= meleeReach(f);
}

/**
 * Can `f` strike `t` on its turn, as its tactic plays (bestAttack): within its Move, or with a
 * charge when it can strike no other foe within its Move.
 */
function reachesThisTurn(state: CartyrionState, f: CombatantState, t: CombatantState): boolean {
  if (strikesWithin(f, t, 1)) return true;
  if (!strikesWithin(f, t, 2)) return false;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c !== t && c.side !== f.side && c.status === "fighting" && !c.withdrawing)
      if (strikesWithin(f, c, 1)) return false;
  }
  return true;
}

/**
 * Is `f` a friend of `me` still to take its turn this round, able to strike (fighting, not
 * surprised, not withdrawing)? Never outside a round's turns (`state.progress` null).
 */
function stillToAct(state: CartyrionState, me: CombatantState, f: CombatantState): boolean {
  const progress = state.progress;
  if (progress === null) return false;
  if (f === me || f.side !== me.side || f.status !== "fighting" || f.surprised) return false;
  return !f.withdrawing && !progress.acted.includes(f.id);
}

/**
 * Is any friend of `me` still to take its turn this round (`stillToAct`)? When none is,
 * takenOutByFriendsToAct is 0 for every foe: a policy asks this once a turn, not once a foe.
 */
export function friendsToAct(state: CartyrionState, me: CombatantState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) if (stillToAct(state, me, cs[i]!)) return true;
  return false;
}

/** What `likeliestTarget` found: the foe's index (-1: none) and the expected blow on it. */
const aimed = { target: -1, blow: 0 };

/**
 * The foe `f`'s own tactic would likely strike next, among those it can reach: the one its best
 * expected blow makes the most progress on times the foe's offence, as `bestAttack` ranks (a
 * parrier's blows as through its parry), with its sneak attack when it is placed for one (a sneak
 * attack or a shot is Direct Damage, which goes into the injury slots whatever the Stamina Points:
 * Resolving Combat). Into `aimed`.
 */
function likeliestTarget(state: CartyrionState, f: CombatantState): void {
  const cs = state.combatants;
  aimed.target = -1;
  aimed.blow = 0;
  let most = 0;
  for (let j = 0; j < cs.length; j += 1) {
    const t = cs[j]!;
    if (t.side === f.side || t.status !== "fighting" || t.withdrawing) continue;
    if ((t.concealed && distance(f, t) > 5) || !threatens(f, t)) continue;
    let p = 0;
    let blow = 0;
    const placed = placedToSneak(state, f, t);
    for (const w of f.weapons) {
      if (!usable(w)) continue;
      const e = blowOf(state, f, t, w, placed);
      const q = progress(state, t, afterParry(t, e), blowKind.direct);
      if (q > p) {
        p = q;
        blow = e;
      }
    }
    if (p * offence(t) > most) {
      most = p * offence(t);
      aimed.target = j;
      aimed.blow = blow;
    }
  }
}

/**
 * The damage the foes of `me` are expected to aim at it with their next blows: each foe still
 * fighting strikes its likeliest target (the hurt and dangerous first), and those blows on `me`
 * are added up, before any parry of its own.
 */
export function blowsAimedAt(state: CartyrionState, me: CombatantState): number {
  const cs = state.combatants;
  const mine = cs.indexOf(me);
  let total = 0;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side === me.side || f.status !== "fighting" || f.withdrawing || f.surprised) continue;
    likeliestTarget(state, f);
    if (aimed.target === mine) total += aimed.blow;
  }
  return total;
}

/**
 * A cheap upper bound of the damage every foe not withdrawing could deal `me` next round, Power
 * Attacks included, with no mitigation: when even this is below what keeps `me` standing, its
 * foes are unlikely to take it out (the damage of exploding dice is skewed: its median is below its
 * mean), and `danger` need not be computed.
 */
export function roughThreatTo(state: CartyrionState, me: CombatantState): number {
  let total = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side === me.side || f.status !== "fighting" || f.withdrawing) continue;
    let best = 0;
    const bonus = Math.max(0, f.str, f.dex, f.awa);
    const ws = f.weapons;
    for (let j = 0; j < ws.length; j += 1) {
      const w = ws[j]!;
      if (!usable(w)) continue;
      const dice = w.natural ? f.dice : 2 * f.dice;
      const e = dice * perDie(w) + bonus;
      if (e > best) best = e;
    }
    total += best;
  }
  return total;
}

/** The expected damage through of `c`'s best blow on a foe whose DEX and armour stop `m`. */
function blowThrough(c: CombatantState, m: number): number {
  let most = 0;
  const n = c.dice;
  const ws = c.weapons;
  for (let i = 0; i < ws.length; i += 1) {
    const w = ws[i]!;
    if (!usable(w)) continue;
    const e = expectedAfter(n, w.die, n * w.magic + attackBonus(c, w, false) - m);
    if (e > most) most = e;
  }
  return most;
}

/**
 * How the fight stands for `me`'s side: its damage a round times what keeps it standing, over its
 * foes' (every combatant still fighting and not withdrawing, each striking with its best weapon
 * at the other side's mean DEX and armour), leaving out `without` when given (a foe as if taken
 * out). Under 1 the foes are ahead; the side with the larger
 * product wins a fight of blows traded to the end (the time each side needs is the other's
 * staying power over its damage a round), so at 0.5 the foes need half the rounds `me`'s side does.
 */
export function balance(
  state: CartyrionState,
  me: CombatantState,
  without?: CombatantState,
): number {
  const cs = state.combatants;
  const sw = state.switches;
  let mineStop = 0;
  let mineN = 0;
  let theirStop = 0;
  let theirN = 0;
  // The last of each side met: with one a side (every duel), the balance needs no second pass.
  let mine = me;
  let theirs = me;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.status !== "fighting" || c.withdrawing || c === without) continue;
    const stop = c.dex + armourPoints(c, sw);
    if (c.side === me.side) {
      mineStop += stop;
      mineN += 1;
      mine = c;
    } else {
      theirStop += stop;
      theirN += 1;
      theirs = c;
    }
  }
  if (theirN === 0) return Infinity;
  if (mineN === 0) return 0;
  if (mineN === 1 && theirN === 1) {
    // The same sums as below, each of one term (the mean of one stop is that stop).
    const mineSide = blowThrough(mine, Math.round(theirStop)) * staying(mine);
    return mineSide / Math.max(1e-9, blowThrough(theirs, Math.round(mineStop)) * staying(theirs));
  }
  const atThem = Math.round(theirStop / theirN);
  const atUs = Math.round(mineStop / mineN);
  let mineDamage = 0;
  let mineStaying = 0;
  let theirDamage = 0;
  let theirStaying = 0;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.status !== "fighting" || c.withdrawing || c === without) continue;
    if (c.side === me.side) {
      mineDamage += blowThrough(c, atThem);
      mineStaying += staying(c);
    } else {
      theirDamage += blowThrough(c, atUs);
      theirStaying += staying(c);
    }
  }
  return (mineDamage * mineStaying) / Math.max(1e-9, theirDamage * theirStaying);
}
