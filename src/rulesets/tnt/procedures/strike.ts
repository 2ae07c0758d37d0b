// One strike, from the Attack in Anger decision to the damage (Offense, Calculate attack and
// defense scores, Calculating hit or miss, Calculating damage). A counter-attack strikes against
// the original attack's roll instead of a defence.
import { aimed, type RuleContext } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import { applyDamage } from "./damage.js";
import { askYesNo, rollLabel } from "./decisions.js";
import { defend } from "./defence.js";
import { poolRoll } from "./dice.js";
import { MISS, describeStep, hitOrMiss, hitStep, type HitResult } from "./hit-or-miss.js";
import { attackModifier, rangeBonus } from "./scores.js";
import { SECTIONS } from "../sections.js";
import { rangeOf, type Fighter, type TntState } from "../state.js";
import type { StrikeSituation } from "./situations.js";

export type AttackKind = "attack" | "opportunity" | "counter";

export interface StrikeOutcome {
  readonly result: HitResult;
  /** d20 rolled (the anger die is set aside, not rolled). */
  readonly rolled: number;
  readonly natural: number;
  readonly total: number;
  /** The defender defended actively (never for a counter-attack). */
  readonly activeDefence: boolean;
}

const KIND_NAMES: Record<AttackKind, string> = {
  attack: "attack",
  opportunity: "attack of opportunity",
  counter: "counter-attack",
};

/** `att` strikes `target` with `dice` combat dice from its pool. */
export function strike(
  state: TntState,
  ctx: RuleContext,
  att: Fighter,
  target: Fighter,
  dice: number,
  kind: AttackKind,
  against?: { readonly natural: number; readonly total: number },
): StrikeOutcome {
  const sw = state.switches;
  const range = rangeOf(state, att, target);
  const what = KIND_NAMES[kind];
  // One situation for the attack's questions, so that its tactic weighs anger and bypass once.
  const situation: StrikeSituation = { state, me: att, target, dice };

  // Attack in Anger: decided before the roll; one die is set aside and needs another to roll.
  const anger =
    dice >= 2 &&
    askYesNo(
      ctx,
      att.id,
      "anger",
      () =>
        `Does ${att.name} make this ${what} on ${target.name} in anger (one of the ${dice} dice set aside)?`,
      situation,
    );
  // Armor and damage reduction: the bypass attempt, worth asking only against some DR. The
  // attack formula decides it once the highest die is taken and the bonuses added (Calculate
  // attack and defense scores), unlike anger; the `bypassDecided` switch can move it before.
  const canBypass = target.armour.dr - att.weapon.armourPiercing > 0;
  const askBypass = (prompt: () => string): boolean =>
    canBypass && askYesNo(ctx, att.id, "bypass", prompt, situation);
  const penalty = `-${sw.bypassPenalty} to hit, ignores DR`;
  let bypass =
    sw.bypassDecided === "before-roll" &&
    askBypass(
      () => `Is ${att.name}'s ${what} on ${target.name} an armour-bypass attempt (${penalty})?`,
    );

  // The attack formula: roll the dice, keep the highest, + skill + reach or speed - bypass.
  const rolled = dice - (anger ? 1 : 0);
  att.pool -= dice;
  if (anger) att.angerDice += 1;
  const natural = ctx.roll(
    aimed(ctx, poolRoll(rolled), att.id, target.id),
    rollLabel(ctx, () => `${att.name}'s ${what}`, "attack"),
    att.id,
  );
  if (sw.bypassDecided === "after-roll") {
    const before = natural + attackModifier(att, range, false, sw);
    situation.roll = { anger, natural, before, against };
    bypass = askBypass(
      () =>
        `${att.name}'s ${what} on ${target.name}: kept die ${natural}, ${before} before any bypass. Make it an armour-bypass attack (${penalty})?`,
    );
  }
  const total = natural + attackModifier(att, range, bypass, sw);
  if (ctx.explaining) {
    ctx.explain(SECTIONS.scores, () => {
      const bonus = range === "onset" ? "reach" : "speed";
      const parts = [
        `${att.name}'s ${what} on ${target.name} at ${range} range: kept die ${natural}`,
        `+${att.attackSkill} attack skill`,
        `${signed(rangeBonus(att.weapon, range))} ${bonus}`,
      ];
      if (bypass) parts.push(`-${sw.bypassPenalty} armour bypass`);
      const extra = anger ? " (one die set aside in anger)" : "";
      return `${parts.join(" ")} = ${total}${extra}`;
    });
  }

  let result: HitResult;
  let activeDefence = false;
  if (against !== undefined) {
    // A counter-attack meets the original roll, whose natural counts as the defence's.
    const natural1Hits = sw.defenderNatural1 === "attack-hits";
    result = hitOrMiss(natural, total, against.natural, against.total, natural1Hits);
    if (ctx.explaining) {
      ctx.explain(SECTIONS.counterAttack, () => {
        const step = hitStep(natural, total, against.natural, against.total, natural1Hits);
        return `against ${target.name}'s original roll (natural ${against.natural}): ${describeStep(step, total, `${against.total}`)}`;
      });
    }
  } else {
    const how = { range, dice, anger, bypass };
    const defence = defend(state, ctx, att, target, how, natural, total, what);
    result = defence.result;
    activeDefence = defence.active;
  }
  if (state.exchange !== undefined && kind === "attack" && result > att.best) att.best = result;

  if (result !== MISS) {
    applyDamage(state, ctx, att, target, { result, rolled, anger, bypass, attackTotal: total });
  }
  return { result, rolled, natural, total, activeDefence };
}
