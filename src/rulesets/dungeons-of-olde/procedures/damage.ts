// Damage (Attacking as an Opposed Attempt, step 4; Unarmed Combat; Armor): the weapon's damage
// die, or for an unarmed blow the Brawn die halved and rounded up (+1 per full 5 Brawn with a
// small improvised weapon), plus Damage adjustments (less the Brawn Minimum shortfall), less the
// defender's armour DR, never below 0. A critical option may make it the maximum or skip the DR.
import { aimed, type RuleContext } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import { dieRoll } from "../dice/specs.js";
import { SECTIONS } from "../sections.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { labelsFor } from "./ask.js";
import {
  brawnRank,
  damageAdjustment,
  damageRank,
  damageReduction,
  improvisedBonus,
  type AttackKind,
} from "./derived.js";
import { applyDamage } from "./injury.js";

/** Unarmed Combat: the Brawn die, halved and rounded up, plus the improvised weapon's bonus. */
export function unarmedDamage(die: number, bonus: number): number {
  return Math.ceil(die / 2) + bonus;
}

/** The raw damage of a roll `die` of `w` (before armour). */
export function rawDamage(
  me: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  die: number,
): number {
  const base = damageRank(w, kind) === 0 ? unarmedDamage(die, improvisedBonus(me, w, kind)) : die;
  return base + damageAdjustment(me, w, kind);
}

/**
 * The highest face of the damage die whose raw damage the armour's DR `dr` takes whole (Armor:
 * damage never below 0): every face up to it deals nothing and leaves the state alike, which the
 * roll tells the exact driver (`ctx.roll`'s low; 0 when every face gets through).
 */
function mitigatedFaces(me: CombatantState, w: WeaponState, kind: AttackKind, dr: number): number {
  let face = 0;
  while (rawDamage(me, w, kind, face + 1) <= dr) face += 1;
  return face;
}

/**
 * The lowest face of a weapon's damage die (raw damage the die plus `adj`) that takes `target` to
 * minus its maximum hit points or below, past armour `dr` (Injury and Healing Reference: dead at
 * minus the maximum; no rule reads hit points further below, nor the stun check a blow that leaves
 * no one conscious): every face from it leaves the same state once the hit points below are
 * handed to the fight's tally (`ctx.excess`), which the roll tells the exact driver as its high.
 */
function deadlyFace(target: CombatantState, adj: number, dr: number): number {
  return target.hp + target.steady.sheet.maxHp + dr - adj;
}

export interface StrikeOptions {
  /** Critical options: the damage die counts its maximum. */
  readonly max: boolean;
  /** Critical options: the defender's armour does not count. */
  readonly bypass: boolean;
}

export const PLAIN: StrikeOptions = { max: false, bypass: false };

/** Rolls and applies the damage of one hit of `me` on `target` with `w`. Returns the HP taken. */
export function dealDamage(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  how: StrikeOptions,
  ctx: RuleContext,
): number {
  const weaponRank = damageRank(w, kind);
  const rank = weaponRank === 0 ? brawnRank(me) : weaponRank;
  const dr = how.bypass ? 0 : damageReduction(target);
  // Where the whole fight's chain keeps a dead character at minus its maximum hit points (the
  // hit points below go to its tally, `ctx.excess`), a weapon's rolled damage is read only up to
  // the face that kills (`deadlyFace`). Not an unarmed blow: its halved die is not linear in the
  // die, so the group's mean would not give the hit points below.
  const excess = state.exchange === null && weaponRank !== 0 ? ctx.excess : undefined;
  const adj = damageAdjustment(me, w, kind);
  const die = how.max
    ? rank
    : ctx.roll(
        aimed(
          ctx,
          dieRoll(rank, state.switches.damageDiceExplode),
          me.id,
          target.id,
          "damage",
          w.natural ? undefined : w.name,
        ),
        labelsFor(me.name).damage,
        me.id,
        mitigatedFaces(me, w, kind, dr),
        excess === undefined ? Number.POSITIVE_INFINITY : deadlyFace(target, adj, dr),
      );
  const meanDie = excess !== undefined && !how.max ? excess.mean() : die;
  const raw = rawDamage(me, w, kind, die);
  const dmg = raw > dr ? raw - dr : 0;
  if (ctx.explaining) {
    ctx.explain(weaponRank === 0 ? SECTIONS.unarmed : SECTIONS.opposed, () => {
      const parts: string[] = [];
      if (weaponRank === 0) {
        const bonus = improvisedBonus(me, w, kind);
        parts.push(
          `${me.name}'s Brawn die ${how.max ? `counts its maximum, ${die}` : `shows ${die}`}, halved and rounded up: ${Math.ceil(die / 2)}`,
        );
        if (bonus > 0) parts.push(`${signed(bonus)} for the ${w.name} (1 per full 5 Brawn)`);
      } else {
        parts.push(
          `${me.name}'s ${w.name} ${how.max ? `deals its maximum, ${die}` : `rolls d${rank}: ${die}`}`,
        );
      }
      if (adj !== 0) parts.push(`${signed(adj)} Damage adjustments`);
      const armour = how.bypass
        ? `armour bypassed`
        : dr > 0
          ? `less ${target.name}'s DR ${dr}`
          : `${target.name} has no armour`;
      return `${parts.join(", ")}; raw damage ${raw}, ${armour}: ${dmg} damage`;
    });
  }
  if (target.side !== me.side) me.dealt += dmg;
  applyDamage(state, target, dmg, ctx);
  if (excess !== undefined && target.hp <= -target.steady.sheet.maxHp) {
    // Dead (Injury and Healing Reference): the chain's state keeps minus the maximum, its tally
    // the hit points below, as the mean over the totals this answer stands for (the damage is
    // the die plus `adj` less `dr` past the kill). Fray's health measure is the hit points
    // (outcome.ts), which go on below the maximum's minus.
    const below = target.hp + dmg - (meanDie + adj - dr) + target.steady.sheet.maxHp;
    if (below !== 0) excess.add(target.id, below);
    target.hp = -target.steady.sheet.maxHp;
  }
  return dmg;
}
