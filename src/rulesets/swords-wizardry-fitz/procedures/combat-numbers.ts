// The numbers of an attack: the attacker's modifiers to the d20 (The Attack Roll, Base Combat
// Bonuses, Melee and Missile Attacks, Backstabbing and Flanking, Multiple Melee Targets,
// Invisible Opponents, Terrain Features, Two-Weapon Fighting) and the target's armour class
// (ascending, with the BCB it gives to defence, Fighting Defensively, Charging, Retreating,
// Shield-wall). `parts`, when given, collects the terms for the explanation.
import { signed } from "../../../engine/signed.js";
import { DEFAULTS } from "../data/defaults.js";
import type { Fighter, SwState, WeaponState } from "../state.js";
import { distance, isHelpless, isStunned } from "./field.js";
import { wallNeighbours } from "./shield-wall.js";

/**
 * Backstabbing and Flanking: an attack from behind, from the side of the line `t` does not face
 * (a creature with all-round vision has no behind). A shield-wall has no shields there.
 */
export function fromBehind(att: Fighter, t: Fighter): boolean {
  return !t.sheet.allRoundVision && att.pos !== t.pos && (att.pos > t.pos ? 1 : -1) !== t.facing;
}

/**
 * Multiple Melee Targets: `t` singled out another opponent for the round, so `att`, within melee
 * range, attacks it "as if ... from behind": the +2 to hit (not the loss of a shield-wall's
 * shields, which face the front all the same).
 */
export function singledOutOther(att: Fighter, t: Fighter, w: WeaponState): boolean {
  return (
    w.kind === "melee" &&
    !t.sheet.allRoundVision &&
    t.steady.concentrating !== "" &&
    t.steady.concentrating !== att.id
  );
}

/**
 * Foes ganging up on `t` in melee, `att` included (Backstabbing and Flanking): those with `t` in
 * reach whose melee target this round is `t`, or, not having struck yet this round, whose last
 * target was `t` or who have no other foe in reach.
 */
export function attackersOn(state: SwState, att: Fighter, t: Fighter): number {
  let n = 1;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c === att || c.side !== att.side || c.status !== "fighting") continue;
    if (distance(c, t) > reachOf(c)) continue;
    if (c.meleeTarget === t.id) n += 1;
    else if (c.meleeTarget === "" && (c.meleeTargetPrev === t.id || onlyFoeInReach(state, c, t)))
      n += 1;
  }
  return n;
}

function onlyFoeInReach(state: SwState, c: Fighter, t: Fighter): boolean {
  const r = reachOf(c);
  for (const o of state.combatants)
    if (o !== t && o.side !== c.side && o.status === "fighting" && distance(o, c) <= r)
      return false;
  return true;
}

function reachOf(c: Fighter): number {
  let r = 0;
  for (const w of c.steady.weapons) if (w.kind === "melee" && w.reach > r) r = w.reach;
  return r;
}

/** Range increments beyond the first (Missile Attacks; the penalty is a default). */
export function rangeSteps(w: WeaponState, d: number): number {
  if (w.kind !== "missile" || w.range <= 0) return 0;
  return Math.max(0, Math.ceil(d / w.range) - 1);
}

export function isCasting(f: Fighter): boolean {
  return f.steady.plan === "cast" || f.steady.plan === "read";
}

/** The terrain adjustment without asking the GM: vantage less cover, within +/- 4. */
export function terrainAdjustment(att: Fighter, t: Fighter): number {
  const v = att.sheet.terrain - t.sheet.cover;
  return Math.max(-DEFAULTS.terrainLimit, Math.min(DEFAULTS.terrainLimit, v));
}

/** The attacker's total modifier to the d20 (terrain passed in, as the GM may set it). */
export function toHit(
  state: SwState,
  att: Fighter,
  t: Fighter,
  w: WeaponState,
  use: string,
  terrain: number,
  parts: string[] | null,
): number {
  const melee = w.kind === "melee";
  const bcb = att.steady.bcbAttack;
  const ability = melee ? att.sheet.strHit : att.sheet.dexMissile;
  // Two-Weapon Fighting: -3 on each of the two attacks (not on a free attack, "free"), -1 on
  // the one attack of a fighter with the off hand on defence.
  const style =
    att.steady.plan === "two-weapons"
      ? use === "free"
        ? 0
        : -DEFAULTS.twoWeaponPenalty
      : att.steady.plan === "off-hand-defence" && (use === "main" || use === "free")
        ? -1
        : 0;
  const gang = melee && !t.sheet.allRoundVision ? attackersOn(state, att, t) - 1 : 0;
  const rear = fromBehind(att, t);
  const behind = rear || singledOutOther(att, t, w) ? DEFAULTS.behindBonus : 0;
  const unseen = t.steady.invisible && !att.sheet.seesInvisible ? -DEFAULTS.invisiblePenalty : 0;
  const blind = att.steady.blindThrough >= state.round ? -DEFAULTS.blindPenalty : 0;
  const range = melee ? 0 : -DEFAULTS.rangePenalty * rangeSteps(w, distance(att, t));
  const m =
    bcb +
    ability +
    w.magic -
    att.penalty +
    style +
    gang +
    behind +
    unseen +
    blind +
    terrain +
    range;
  if (parts !== null) {
    const add = (n: number, what: string) => {
      if (n !== 0) parts.push(`${signed(n)} ${what}`);
    };
    add(bcb, "BCB");
    add(ability, melee ? "STR" : "DEX");
    add(w.magic, "magic");
    add(-att.penalty, "wounds");
    add(style, style === -1 ? "off hand on defence" : "two weapons");
    add(gang, "other attackers");
    add(behind, rear ? "from behind" : "as from behind (it singled out another)");
    add(unseen, "invisible");
    add(blind, "helmet over the eyes");
    add(terrain, "terrain");
    add(range, "range");
  }
  return m;
}

/** `t`'s armour class against this attack. */
export function armourClass(
  state: SwState,
  t: Fighter,
  rear: boolean,
  parts: string[] | null,
): number {
  const helpless = t.status !== "fighting" || isHelpless(state, t) || isStunned(state, t);
  const charging = t.steady.plan === "charge";
  const wall = state.walls.length === 0 ? -1 : wallNeighbours(state, t);
  const dex = helpless || charging || wall >= 0 ? Math.min(0, t.sheet.dexAc) : t.sheet.dexAc;
  const bcb = !helpless && !charging && !isCasting(t) ? t.steady.bcbAc : 0;
  const defensive = !helpless && t.steady.fullDefence ? DEFAULTS.fullDefence : 0;
  const offHand = !helpless && t.steady.plan === "off-hand-defence" ? 1 : 0;
  const shieldWall = wall < 0 ? 0 : rear ? -t.sheet.shieldAc : wall;
  const ac = t.sheet.baseAc + dex + bcb + defensive + offHand - t.retreat + shieldWall;
  if (parts !== null) {
    parts.push(`${t.sheet.baseAc} base`);
    const add = (n: number, what: string) => {
      if (n !== 0) parts.push(`${signed(n)} ${what}`);
    };
    add(dex, "DEX");
    add(bcb, "BCB");
    add(defensive, "fighting defensively");
    add(offHand, "off hand on defence");
    add(-t.retreat, "retreating");
    add(shieldWall, rear ? "shield-wall taken from the rear" : "shield-wall");
  }
  return ac;
}
