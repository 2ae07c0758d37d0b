// Calculating damage: basic and critical damage, Attack in Anger's crit die, the Master Stroke,
// damage reduction (armour piercing, bypass), hit points, and the two riders: twist the blade
// (pierce) and the CON save against losing a combat die (blunt).
import { midSentence } from "../../../core/sentence.js";
import { aimed, type RuleContext } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import { askDice, rollLabel } from "./decisions.js";
import { SAVED, critRoll, damageRoll, saveRoll } from "./dice.js";
import { CRITICAL, HIT, type HitResult } from "./hit-or-miss.js";
import { damageReduction } from "./scores.js";
import { SECTIONS } from "../sections.js";
import { WEAPONS } from "../data/weapons.js";
import { inFight, type Fighter, type TntState } from "../state.js";
import type { TwistSituation } from "./situations.js";

/** What the damage of one hit depends on. */
export interface HitFacts {
  readonly result: typeof HIT | typeof CRITICAL;
  /** d20 rolled for the attack (the anger die is not rolled). */
  readonly rolled: number;
  readonly anger: boolean;
  readonly bypass: boolean;
  readonly attackTotal: number;
}

/** The Master Stroke: no critical hit, more than one die rolled, net attack score above 20. */
export function isMasterStroke(result: HitResult, rolled: number, attackTotal: number): boolean {
  return result === HIT && rolled > 1 && attackTotal > 20;
}

/**
 * Crit dice added to the damage die: one for Attack in Anger; on a critical hit one per d20
 * rolled for the attack; otherwise one for a Master Stroke (which does not stack with a critical).
 */
export function critDiceCount(
  result: HitResult,
  rolled: number,
  anger: boolean,
  attackTotal: number,
): number {
  const angerDie = anger ? 1 : 0;
  if (result === CRITICAL) return angerDie + rolled;
  return angerDie + (isMasterStroke(result, rolled, attackTotal) ? 1 : 0);
}

/** Damage inflicted: (dice + damage bonus) less DR, never below 0. */
export function inflicted(diceTotal: number, damageBonus: number, dr: number): number {
  return Math.max(0, diceTotal + damageBonus - dr);
}

/** Do the riders apply? Under critical damage in the chapter; basic hits by the switch. */
export function ridersApply(state: TntState, result: HitResult): boolean {
  return result === CRITICAL || (result === HIT && state.switches.ridersOnBasicHits);
}

/** Rolls and applies the damage of a hit. Returns the damage inflicted. */
export function applyDamage(
  state: TntState,
  ctx: RuleContext,
  att: Fighter,
  target: Fighter,
  hit: HitFacts,
): number {
  const w = att.weapon;
  const crits = critDiceCount(hit.result, hit.rolled, hit.anger, hit.attackTotal);
  const spec = damageRoll(w.damageDie, w.critDie, crits);
  const riders = ridersApply(state, hit.result);
  const dr = damageReduction(att, target, hit.bypass);
  const mayTwist = riders && w.damageType === "pierce" && att.pool >= 1;
  // Where the whole fight's chain keeps hit points at 0 once below (`ctx.excess`: what lies below
  // goes to its tally instead), the rule reads the dice only up to two bounds: every total at most
  // DR less the damage bonus inflicts nothing, and every total that takes the target to 0 or below
  // leaves it out at 0, with no blunt rider ("Calculating damage", "Hit points"). No bounds where
  // the blade may be twisted, which adds dice to the total before it is inflicted.
  const excess = state.exchange === undefined ? ctx.excess : undefined;
  const bounded = excess !== undefined && !mayTwist;
  const low = dr - att.damageBonus;
  // (The card's "hits ... with the longsword": its table's name inside a sentence; no weapon
  // for a fist.)
  const weapon =
    ctx.explaining && w.name !== WEAPONS["unarmed"]!.name ? midSentence(w.name) : undefined;
  let dice = ctx.roll(
    aimed(ctx, spec, att.id, target.id, "damage", weapon),
    rollLabel(ctx, () => `${att.name}'s damage`, "damage"),
    att.id,
    bounded ? low : undefined,
    bounded ? low + target.hp : undefined,
  );
  let meanDice = excess?.mean() ?? dice;

  // Calculating damage, pierce: remaining pool dice may become crit dice (twisting the blade).
  let twisted = 0;
  if (mayTwist) {
    const soFar = inflicted(dice, att.damageBonus, dr);
    twisted = askDice(
      ctx,
      att.id,
      "twist",
      () =>
        `${att.name} may twist the blade: how many of the ${att.pool} combat dice left become d${w.critDie} crit dice?`,
      att.pool,
      { state, me: att, target, soFar } satisfies TwistSituation,
      ctx.explaining ? { attacker: att.id, target: target.id } : undefined,
    );
    if (twisted > 0) {
      att.pool -= twisted;
      const extra = ctx.roll(
        aimed(ctx, critRoll(w.critDie, twisted), att.id, target.id, "damage", weapon),
        rollLabel(ctx, () => `${att.name} twists the blade`, "twist"),
        att.id,
      );
      dice += extra;
      meanDice += extra;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.calculatingDamage,
          () => `${att.name} twists the blade: ${twisted}d${w.critDie} = ${extra} more damage`,
        );
      }
    }
  }

  const damage = inflicted(dice, att.damageBonus, dr);
  const before = target.hp;
  target.hp -= damage;
  if (excess !== undefined && target.hp <= 0) {
    // Hit points (Fray default) count on below 0, and the fight's mean health averages them: the
    // chain's state keeps 0, its tally the hit points below, as the mean over the totals this
    // answer stands for (the damage is linear in the dice past the take-out).
    const below = before - inflicted(meanDice, att.damageBonus, dr);
    if (below !== 0) excess.add(target.id, below);
    target.hp = 0;
  }
  // Kept in an exchange only (its result): in a fight it would keep equal states apart.
  if (state.exchange !== undefined) att.dealt += damage;
  if (ctx.explaining) {
    const section = hit.result === CRITICAL ? SECTIONS.criticalDamage : SECTIONS.calculatingDamage;
    ctx.explain(section, () =>
      describeDamage(att, target, hit, spec.notation, dice, twisted, dr, damage),
    );
  }
  if (target.hp <= 0 && !target.out) {
    target.out = true;
    if (ctx.explaining)
      ctx.explain(SECTIONS.hitPoints, () => `${target.name} is at ${target.hp} HP: taken out`);
  }

  // Calculating damage, blunt: a CON save against the damage, or lose a combat die for good.
  if (riders && w.damageType === "blunt" && inFight(target)) bluntRider(ctx, att, target, damage);
  return damage;
}

function describeDamage(
  att: Fighter,
  target: Fighter,
  hit: HitFacts,
  notation: string,
  dice: number,
  twisted: number,
  dr: number,
  damage: number,
): string {
  const parts: string[] = [];
  if (hit.result === CRITICAL)
    parts.push(
      `critical damage: ${hit.rolled} crit ${hit.rolled === 1 ? "die" : "dice"} for ${hit.rolled} d20 rolled`,
    );
  else if (isMasterStroke(hit.result, hit.rolled, hit.attackTotal))
    parts.push(
      `a Master Stroke adds a crit die (${hit.rolled} dice rolled, ${hit.attackTotal} is above 20)`,
    );
  if (hit.anger) parts.push("Attack in Anger adds a crit die");
  const rolled = `${notation}${twisted > 0 ? ` and ${twisted} twisted` : ""} = ${dice}`;
  const bonus = att.damageBonus === 0 ? "" : `, ${signed(att.damageBonus)} damage bonus`;
  const reduction = hit.bypass
    ? ", armour bypassed (no DR)"
    : dr === 0
      ? ""
      : `, -${dr} DR (${target.armour.name} ${target.armour.dr}${att.weapon.armourPiercing > 0 ? ` less AP ${att.weapon.armourPiercing}` : ""})`;
  const lead = parts.length > 0 ? `${parts.join("; ")}; ` : "";
  return `${lead}${rolled}${bonus}${reduction}: ${damage} damage to ${target.name} (${target.hp}/${target.maxHp} HP)`;
}

function bluntRider(ctx: RuleContext, att: Fighter, target: Fighter, damage: number): void {
  // The save succeeds when d20 + CON bonus reaches the damage inflicted (its target number);
  // a save that cannot fail or cannot succeed is not rolled.
  const need = damage - target.conSave;
  const save = () =>
    `${target.name}'s CON save (d20 ${signed(target.conSave, " ")}) against ${damage}`;
  let saved: boolean;
  if (need <= 1 || need > 20) {
    saved = need <= 1;
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.calculatingDamage,
        () => `${save()} ${saved ? "cannot fail" : "cannot succeed"}`,
      );
  } else {
    const asked = () =>
      `${target.name}'s CON save against ${damage} (${signed(target.conSave, " ")} to the die)`;
    saved =
      ctx.roll(
        aimed(ctx, saveRoll(need), att.id, target.id),
        rollLabel(ctx, asked, "CON save"),
        target.id,
      ) === SAVED;
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.calculatingDamage,
        () => `${save()}: ${saved ? `${need} or more, saved` : `below ${need}, failed`}`,
      );
  }
  if (!saved) {
    target.lostDice += 1;
    if (target.pool > 0) target.pool -= 1;
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.calculatingDamage,
        () =>
          `${target.name} loses one combat die for the rest of combat (${Math.max(0, target.combatDice - target.lostDice)} left)`,
      );
    }
  }
}
