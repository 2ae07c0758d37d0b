// Numbers derived from a combatant's stats, gear and conditions, as the chapter defines them:
// the weapon in hand and whether the shield is on the arm (Shields: not with a two-handed
// weapon), die ranks after modifications (Armor: -1 rank to Finesse dice per point of Brawn short),
// the adjustments of Attack and Defense Checks (weapon skill, Brawn Minimums, shield, Shield Block,
// Line of Sight, range), and damage reduction.
import { atOnLine, spotOnLine } from "../../../engine/line.js";
import { clampRank, modeOf, type DiceMode } from "../dice/stat-die.js";
import { AP, DEFAULTS } from "../data/rules.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import type { Switches } from "../switches.js";

// The engine's helpers for combatants on a line, for this ruleset's procedures.
export { anyFoeFighting, distance, find } from "../../../engine/line.js";

/** "space 3", or "5 spaces behind the start line" left of the party's start. */
export const space = (pos: number): string => spotOnLine(pos, "space");
/** "at space 3", or "5 spaces behind the start line". */
export const atSpace = (pos: number): string => atOnLine(pos, "space");

export type AttackKind = "melee" | "ranged";

export function wielded(c: CombatantState): WeaponState {
  return c.steady.weapons[c.steady.hand] as WeaponState;
}

export function bareHands(c: CombatantState): number {
  return c.steady.weapons.length - 1;
}

/** The bare hands themselves: the last of a combatant's weapons. */
export function bareHandsWeapon(c: CombatantState): WeaponState {
  return c.steady.weapons[bareHands(c)] as WeaponState;
}

/** Hands the weapon in hand takes: bare hands and one-handed grips leave the off hand free. */
export function handsTaken(w: WeaponState): number {
  if (w.natural) return 1;
  if (w.melee !== null) return w.grip;
  return w.ranged === null ? 1 : w.ranged.hands;
}

/** Shields: the shield helps (and its Brawn Minimum counts) only with the off hand free for it. */
export function shieldInUse(c: CombatantState): boolean {
  return c.steady.sheet.shield !== null && handsTaken(wielded(c)) === 1;
}

/** Armor: -1 die rank to Finesse dice for every point of Brawn below the armour's minimum. */
export function finesseRank(c: CombatantState): number {
  return clampRank(c.steady.sheet.finesse - c.steady.sheet.armourShort);
}

export function brawnRank(c: CombatantState): number {
  return clampRank(c.steady.sheet.brawn);
}

export function nerveRank(c: CombatantState): number {
  return clampRank(c.steady.sheet.nerve);
}

/** Adjustments every Brawn or Finesse check of `c` takes from its armour and shield. */
export function checkAdjustment(c: CombatantState, stat: "brawn" | "finesse"): number {
  const shield = shieldInUse(c) ? c.steady.sheet.shieldShort : 0;
  return stat === "brawn" ? -c.steady.sheet.armourShort - shield : -shield;
}

/** The stat an attack with `w` rolls: ranged attacks always use Finesse (Ranged Combat). */
export function attackStat(w: WeaponState, kind: AttackKind): "brawn" | "finesse" {
  return kind === "ranged" ? "finesse" : (w.melee?.stat ?? "brawn");
}

export function attackRank(c: CombatantState, w: WeaponState, kind: AttackKind): number {
  return attackStat(w, kind) === "finesse" ? finesseRank(c) : brawnRank(c);
}

/** Brawn Minimums: -1 to Attack Checks and damage for every point the wielder falls short. */
export function brawnShort(c: CombatantState, w: WeaponState, kind: AttackKind): number {
  let min = 0;
  if (kind === "ranged") min = w.ranged?.brawn ?? 0;
  else if (w.melee !== null)
    min = w.grip === 2 && w.melee.brawn2h > 0 ? w.melee.brawn2h : w.melee.brawn1h;
  return min > c.steady.sheet.brawn ? min - c.steady.sheet.brawn : 0;
}

/** A stunned or helpless defender is motionless (Ranged Combat: no -3 at Range 1). */
export function motionless(c: CombatantState): boolean {
  return c.steady.stunned || c.status !== "fighting";
}

/** Ranged Combat: the range adjustment at `d` spaces, or null beyond the Range Limit or at 0. */
export function rangeAdjustment(w: WeaponState, d: number, target: CombatantState): number | null {
  const r = w.ranged;
  if (r === null || d <= 0 || d > r.baseRange * r.limit) return null;
  if (d === 1) return motionless(target) ? 0 : -3;
  let adj = 0;
  for (let reach = r.baseRange; d > reach; reach *= 2) adj -= 3;
  return adj;
}

export function inMeleeReach(w: WeaponState, d: number): boolean {
  const m = w.melee;
  return m !== null && d >= m.reachMin && d <= m.reachMax;
}

/**
 * Line of Sight: the Attack Check's penalty for the cover on the line from an attacker at `from`
 * to a defender at `to`: the places of cover between them, and the one the defender stands in
 * (not the attacker's own: it looks out over it). The worst of them counts.
 */
export function lineOfSight(state: DooState, from: number, to: number): number {
  const places = state.cover;
  if (places.length === 0 || from === to) return 0;
  const lo = from < to ? from : to;
  const hi = from < to ? to : from;
  let worst = 0;
  for (let i = 0; i < places.length; i += 1) {
    const p = places[i]!;
    if (p.penalty > worst && ((p.space > lo && p.space < hi) || p.space === to)) worst = p.penalty;
  }
  return worst;
}

/** Every adjustment of an Attack Check but range (Attacking as an Opposed Attempt, Weapons, Line of Sight). */
export function attackAdjustment(
  state: DooState,
  c: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  target: CombatantState,
): number {
  return (
    c.steady.sheet.adjAttack +
    checkAdjustment(c, attackStat(w, kind)) +
    (w.skilled ? 0 : DEFAULTS.unskilled) -
    brawnShort(c, w, kind) -
    lineOfSight(state, c.pos, target.pos)
  );
}

/** The Defense adjustment (Attacking as an Opposed Attempt): baseline, shield, Shield Block, shortfalls. */
export function defenceAdjustment(t: CombatantState, melee: boolean, sw: Switches): number {
  let adj = sw.baselineDefence + t.steady.sheet.adjDefence + checkAdjustment(t, "finesse");
  if (shieldInUse(t)) adj += t.steady.sheet.shield!.bonus;
  if (melee && t.steady.blocking) adj += AP.blockBonus;
  return adj;
}

/** Fray's defaults for the critical conditions: blind or prone attackers roll with disadvantage. */
export function attackMode(c: CombatantState): DiceMode {
  return modeOf(false, c.steady.blind > 0 || c.prone);
}

export function defenceMode(t: CombatantState, melee: boolean): DiceMode {
  return modeOf(false, t.steady.blind > 0 || (melee && t.prone));
}

/** Armor: damage reduction, with any Armor adjustment. */
export function damageReduction(t: CombatantState): number {
  const dr = t.steady.sheet.armour.dr + t.steady.sheet.adjArmour;
  return dr > 0 ? dr : 0;
}

/** Rank of the damage die (0: an unarmed blow, which rolls the Brawn die). */
export function damageRank(w: WeaponState, kind: AttackKind): number {
  return kind === "ranged" ? (w.ranged?.damage ?? 0) : (w.melee?.damage ?? 0);
}

/** Unarmed Combat: +1 for every full 5 points of Brawn with a small improvised weapon. */
export function improvisedBonus(c: CombatantState, w: WeaponState, kind: AttackKind): number {
  return kind === "melee" && w.melee !== null && w.melee.improvised
    ? Math.floor(c.steady.sheet.brawn / 5)
    : 0;
}

/** Damage adjustments: the combatant's own, less the Brawn Minimum shortfall. */
export function damageAdjustment(c: CombatantState, w: WeaponState, kind: AttackKind): number {
  return c.steady.sheet.adjDamage - brawnShort(c, w, kind);
}

export function fighting(c: CombatantState): boolean {
  return c.status === "fighting";
}

/** A weapon that can be used from the hand now: thrown ones while any are left, crossbows loaded. */
export function ready(w: WeaponState): boolean {
  return w.natural || (w.where === "hand" && w.count > 0);
}
