// Closed-form estimates for the policies: the chance a d20 attack hits (natural 1 misses, natural
// 20 hits), the expected damage of one attack and the threat of a foe (with the weapons' damage
// numbers, procedures/damage-numbers.ts). Small loops, and caches keyed by the weapon's notation,
// so that the hot path allocates nothing.
import { compileDice } from "../../../core/dice/index.js";
import { DEFAULTS } from "../data/defaults.js";
import { armourClass, fromBehind, terrainAdjustment, toHit } from "../procedures/combat-numbers.js";
import { bestMelee, damageBonus, meanDamage } from "../procedures/damage-numbers.js";
import { distance, inCombat, inRange, inReach, usable } from "../procedures/field.js";
import {
  friendOut as friendOutOf,
  outmatched,
  type StrengthOf,
} from "../../../engine/side-strength.js";
import type { Fighter, MagicState, SwState, WeaponState } from "../state.js";

/** P(a d20 attack that needs `need` hits): 2-19 at or above it, and the natural 20. */
export function hitChance(need: number): number {
  const n = need <= 2 ? 18 : need >= 20 ? 0 : 20 - need;
  return (n + 1) / 20;
}

/** P(natural 20 and the total would have hit anyway): a Mighty Blow. */
export function mightyChance(need: number): number {
  return need <= 20 ? 0.05 : 0;
}

/** Can `w` be used on `t` from where `att` stands (no movement)? */
export function canStrike(att: Fighter, t: Fighter, w: WeaponState): boolean {
  if (!usable(w)) return false;
  const d = distance(att, t);
  return w.kind === "melee" ? inReach(w, d) : inRange(w, d);
}

/**
 * Expected hit points of one attack of `att` on `t` with `w`, with `bcbAttack` of its BCB on
 * offence, at distance `d` (where it will stand when it strikes). Mighty Blows count as a
 * share of the target's hit points (a third of the chart ends the fight).
 */
export function attackValue(
  state: SwState,
  att: Fighter,
  t: Fighter,
  w: WeaponState,
  use: string,
  bcbAttack: number,
  d: number,
): number {
  const mod =
    toHit(state, att, t, w, use, terrainAdjustment(att, t), null) -
    att.steady.bcbAttack +
    bcbAttack;
  const ac = armourClass(state, t, fromBehind(att, t), null);
  const need = ac - mod;
  let v = hitChance(need) * meanDamage(w.damage, damageBonus(att, w, d));
  if (state.switches.mightyBlowsFor === "everyone" || t.sheet.kind === "character")
    v += mightyChance(need) * 0.35 * Math.max(1, t.hp);
  return v;
}

/** Expected damage `f` takes this round from foe `g` if `g` attacks it with its best. */
export function threatFrom(state: SwState, g: Fighter, f: Fighter): number {
  const d = distance(g, f);
  let best = 0;
  let slots = 1;
  let natural = 0;
  for (const w of g.steady.weapons) {
    if (!usable(w)) continue;
    if (w.natural) {
      natural += attackValue(state, g, f, w, w.id, g.steady.bcbAttack, 5);
      continue;
    }
    if (w.kind === "melee") {
      // It can close by half its move this round.
      if (d > w.reach + g.sheet.speed / 2) continue;
      if (w === g.steady.weapons[g.sheet.offHand] && g.steady.plan === "two-weapons") continue;
    } else if (!inRange(w, d)) continue;
    const v = attackValue(
      state,
      g,
      f,
      w,
      "main",
      g.steady.bcbAttack,
      w.kind === "melee" ? Math.min(d, w.reach) : d,
    );
    if (v > best) {
      best = v;
      slots = w.bow ? 2 : 1;
    }
  }
  if (natural > 0 && d <= 5 + g.sheet.speed / 2) return natural;
  return best * slots;
}

/**
 * Is a friend of `f` (other than `f`) in melee with `t`, where a missile at `t` may hit it
 * (Missile Attacks)? The policies shoot at no such foe, and count no such shot as a threat.
 */
export function friendInMelee(state: SwState, f: Fighter, t: Fighter): boolean {
  for (const c of state.combatants)
    if (c !== f && c.side === f.side && c.status === "fighting" && distance(c, t) <= 10)
      return true;
  return false;
}

export const WOUND = DEFAULTS.woundPenalty;

const SF_OFFSET = 64;
const survival = new Map<string, Float64Array>();

/** P(damage + bonus >= hp): one blow takes `hp` hit points. */
export function killChance(notation: string, bonus: number, hp: number): number {
  if (hp <= 0) return 1;
  let row = survival.get(notation);
  if (row === undefined) {
    const d = compileDice(notation).dist();
    row = new Float64Array(2 * SF_OFFSET + 1);
    for (let i = 0; i < row.length; i += 1) row[i] = d.atLeast(i - SF_OFFSET);
    survival.set(notation, row);
  }
  const t = hp - bonus + SF_OFFSET;
  return t <= 0 ? 1 : t >= row.length ? 0 : row[t]!;
}

/**
 * Bare hands, when a usable melee weapon is at hand: never the better choice for a policy. A long
 * spear or pike does not count: in the adjacent hex it is useless (Spears and Polearms), and
 * there the fist is all it has.
 */
export function dominated(f: Fighter, w: WeaponState): boolean {
  if (!w.unarmed) return false;
  for (const x of f.steady.weapons)
    if (x !== w && x.kind === "melee" && !x.unarmed && !x.long && usable(x)) return true;
  return false;
}

/** A foe that declared a charge at `f` this round (Charging into combat: before initiative). */
export function chargingAt(t: Fighter, f: Fighter): boolean {
  return t.steady.plan === "charge" && t.steady.planTarget === f.id && t.status === "fighting";
}

/** The chance that foe `g`'s blows this round take `f` to 0 hit points (it may close by half a move). */
export function downChance(state: SwState, g: Fighter, f: Fighter): number {
  const d = distance(g, f);
  let natural = 1;
  let anyNatural = false;
  let best = 0;
  for (const w of g.steady.weapons) {
    if (!usable(w)) continue;
    if (w.kind === "melee" ? d > w.reach + g.sheet.speed / 2 : !inRange(w, d)) continue;
    const mod = toHit(state, g, f, w, w.natural ? w.id : "main", terrainAdjustment(g, f), null);
    const need = armourClass(state, f, fromBehind(g, f), null) - mod;
    const p = hitChance(need) * killChance(w.damage, damageBonus(g, w, Math.min(d, 5)), f.hp);
    if (w.natural) {
      anyNatural = true;
      natural *= 1 - p;
    } else if (p > best) best = w.bow ? 1 - (1 - p) * (1 - p) : p;
  }
  return anyNatural ? 1 - natural : best;
}

/** The foe among `near` whose free attack on `f` takes most hit points (the GM's default). */
export function likeliestFreeAttacker(
  state: SwState,
  f: Fighter,
  near: readonly Fighter[],
): Fighter {
  let best = near[0]!;
  let most = -1;
  for (const g of near) {
    const d = distance(g, f);
    const w = bestMelee(g, d);
    const v = w === undefined ? 0 : attackValue(state, g, f, w, "free", g.steady.bcbAttack, d);
    if (v > most) {
      most = v;
      best = g;
    }
  }
  return best;
}

/**
 * The damage `c` deals a round to one of its foes still fighting, on average, with its best usable
 * weapon as if in reach (a bow's two arrows, every natural attack): what it brings to the rest of
 * the fight, not only to this round.
 */
function fightDamage(state: SwState, c: Fighter): number {
  let sum = 0;
  let n = 0;
  for (const g of state.combatants) {
    if (g.side === c.side || g.status !== "fighting") continue;
    let best = 0;
    let natural = 0;
    for (const w of c.steady.weapons) {
      if (!usable(w) || dominated(c, w)) continue;
      const d = w.kind === "melee" ? w.reach : Math.max(5, Math.min(distance(c, g), w.range));
      const v = attackValue(state, c, g, w, w.natural ? w.id : "main", c.steady.bcbAttack, d);
      if (w.natural) natural += v;
      else best = Math.max(best, w.bow ? 2 * v : v);
    }
    sum += Math.max(best, natural);
    n += 1;
  }
  return n === 0 ? 0 : sum / n;
}

/**
 * How outmatched `f`'s side is: its foes' strength over its own by the square law
 * (engine/side-strength.ts), each fighter's hit points times `fightDamage` (1 an even fight).
 */
export function sideOutmatched(state: SwState, f: Fighter): number {
  return outmatched(state.combatants, strengthOf(state, f));
}

/** Is a friend of `f` out of the fight (down, asleep, fled)? One alone has no friend to lose. */
export function friendOut(state: SwState, f: Fighter): boolean {
  return friendOutOf(state.combatants, f, strengthOf(state, f));
}

/** The square law's view of the fight for `f`'s side: hit points times `fightDamage`. */
function strengthOf(state: SwState, f: Fighter): StrengthOf<Fighter> {
  return {
    fighting: (c) => c.status === "fighting" && !c.fleeing,
    mine: (c) => c.side === f.side,
    hp: (c) => Math.max(0, c.hp),
    dealt: (c) => fightDamage(state, c),
  };
}

/**
 * What each foe of `f` still fighting is worth to its side, its hit points times the damage it
 * deals a round (Lanchester's square law, engine/side-strength.ts), over the mean of its side's:
 * 1 for a foe like the others, 3 for a chief three times as strong as his band's mean. A spell
 * that puts a foe out of the fight takes that much of it. Written into `out`, by index.
 */
function foeWorths(state: SwState, f: Fighter, out: Float64Array): void {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < state.combatants.length; i += 1) {
    const c = state.combatants[i]!;
    if (c.side === f.side || c.status !== "fighting") continue;
    out[i] = Math.max(1, c.hp) * fightDamage(state, c);
    sum += out[i]!;
    n += 1;
  }
  for (let i = 0; i < state.combatants.length; i += 1) out[i] = sum > 0 ? (n * out[i]!) / sum : 1;
}

/**
 * P(a combatant rolling a d`mine` for initiative acts before one rolling a d`theirs`), a tie
 * counted half (3. Determine Initiative: the higher count acts first; a tie acts simultaneously).
 */
export function actsBefore(mine: number, theirs: number): number {
  let p = 0;
  for (let y = 1; y <= theirs; y += 1) p += Math.max(0, mine - y) + (y <= mine ? 0.5 : 0);
  return p / (mine * theirs);
}

/**
 * The chance that `c`, beside an area spell's target, is still there when `f`'s spell goes off:
 * the spell goes off at its caster's count (Declare Spells), and a foe with nobody in melee range
 * that acts first comes on to fight (or moves off) before it; one in melee stays where it fights.
 */
function stillBeside(state: SwState, f: Fighter, c: Fighter): number {
  if (c.sheet.speed <= 0 || c.steady.proneRound === state.round || inCombat(state, c)) return 1;
  return 1 - actsBefore(c.sheet.initDie, f.sheet.initDie);
}

let worths = new Float64Array(16);

/**
 * Expected share of hit points (capped at 1 a target) a spell, scroll or wand takes from `t` and
 * those beside it. A spell that puts foes out of the fight (Sleep) counts each by its worth to its
 * side (foeWorths), and a foe beside the target by the chance it is still there at the caster's
 * count (stillBeside): the target itself is where the spell goes off.
 */
export function magicValue(state: SwState, f: Fighter, m: MagicState, t: Fighter): number {
  if (m.effect === "gm") return 0;
  const out = m.effect === "out";
  if (out) {
    if (worths.length < state.combatants.length) worths = new Float64Array(state.combatants.length);
    foeWorths(state, f, worths);
  }
  let v = 0;
  for (let i = 0; i < state.combatants.length; i += 1) {
    const c = state.combatants[i]!;
    if (c.side === f.side || c.status !== "fighting") continue;
    if (c !== t && (!m.area || distance(c, t) > 5)) continue;
    const pSave = m.save === "none" ? 0 : hitChance(c.sheet.save + c.penalty);
    if (out) v += (1 - pSave) * worths[i]! * (c === t ? 1 : stillBeside(state, f, c));
    else {
      const mean = meanDamage(m.damage, 0);
      const expected =
        m.save === "half"
          ? mean * (1 - pSave / 2)
          : m.save === "negates"
            ? mean * (1 - pSave)
            : mean;
      v += Math.min(1, expected / Math.max(1, c.hp));
    }
  }
  return v;
}
