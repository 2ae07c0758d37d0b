// Passive and active defence against one attack roll, and the hit-or-miss result it gives
// (Passive defense, Active defense, Calculating hit or miss). The defender chooses after seeing
// the roll; active defence needs a die in its pool.
import { aimed, type RuleContext } from "../../../engine/choice.js";
import { askDice, rollLabel } from "./decisions.js";
import {
  CLASS_KEPT,
  CLASS_SCORE_OFFSET,
  DEFENCE_NATURAL_1_REACHES,
  DEFENCE_NATURAL_1_SHORT,
  DEFENCE_NATURAL_20,
  DEFENCE_REACHES,
  defenceRoll,
  type DefenceClass,
} from "./dice.js";
import { PASSIVE, describeStep, hitOrMiss, hitStep, type HitResult } from "./hit-or-miss.js";
import { activeDefenceBonus, activeDefenceDice, passiveDefence } from "./scores.js";
import { SECTIONS } from "../sections.js";
import { inFight, type Fighter, type Range, type TntState } from "../state.js";
import type { DefenceSituation } from "./situations.js";

export interface DefenceOutcome {
  readonly result: HitResult;
  /** Whether the defender rolled dice (a successful active defence allows a counter-attack). */
  readonly active: boolean;
}

/** `target` defends against `att`'s roll (`natural`, `total`); `what` names the attack. */
export function defend(
  state: TntState,
  ctx: RuleContext,
  att: Fighter,
  target: Fighter,
  how: {
    readonly range: Range;
    readonly dice: number;
    readonly anger: boolean;
    readonly bypass: boolean;
  },
  natural: number,
  total: number,
  what: string,
): DefenceOutcome {
  const natural1Hits = state.switches.defenderNatural1 === "attack-hits";
  const k =
    target.pool >= 1 && inFight(target)
      ? askDice(
          ctx,
          target.id,
          "defence",
          () =>
            `${att.name}'s ${what} scores ${total} (natural ${natural}). How many combat dice does ${target.name} roll in active defence (none: passive defence ${passiveDefence(target)})?`,
          target.pool,
          { state, me: target, attacker: att, ...how, natural, total } satisfies DefenceSituation,
          ctx.explaining ? { attacker: att.id, target: target.id } : undefined,
        )
      : 0;

  if (k === 0) {
    // Passive defense: no roll, so the defender's naturals never apply.
    const score = passiveDefence(target);
    const result = hitOrMiss(natural, total, PASSIVE, score, natural1Hits);
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.passiveDefence,
        () =>
          `${target.name}'s passive defence: 8 +${target.defenceSkill} defence skill${target.shield === null ? "" : ` +${target.shield.defence} ${target.shield.name}`} = ${score}`,
      );
      ctx.explain(SECTIONS.hitOrMiss, () =>
        describeStep(hitStep(natural, total, PASSIVE, score, natural1Hits), total, `${score}`),
      );
    }
    return { result, active: false };
  }

  // Active defense: k pool dice and a shield's extra d20, keep the highest.
  target.pool -= k;
  const dice = activeDefenceDice(target, k);
  const bonus = activeDefenceBonus(target);
  const need = total - bonus;
  const cls = ctx.roll(
    aimed(ctx, defenceRoll(dice, need), att.id, target.id),
    rollLabel(
      ctx,
      () =>
        `${target.name}'s active defence against ${total} (+${bonus}${target.shield === null ? "" : "; the last die is the shield die"})`,
      "defence",
    ),
    target.id,
  ) as DefenceClass;
  const kept = CLASS_KEPT[cls];
  const score = total + CLASS_SCORE_OFFSET[cls];
  const result = hitOrMiss(natural, total, kept, score, natural1Hits);
  if (ctx.explaining) {
    ctx.explain(SECTIONS.activeDefence, () =>
      describeActiveDefence(target, dice, bonus, cls, total, need),
    );
    ctx.explain(SECTIONS.hitOrMiss, () =>
      describeStep(
        hitStep(natural, total, kept, score, natural1Hits),
        total,
        `${target.name}'s defence`,
      ),
    );
  }
  return { result, active: true };
}

function describeActiveDefence(
  target: Fighter,
  dice: number,
  bonus: number,
  cls: DefenceClass,
  total: number,
  need: number,
): string {
  const head = `${target.name}'s active defence, ${dice}d20 keep the highest +${bonus} (defence skill ${target.defenceSkill}, best weapon or shield ${bonus - target.defenceSkill})`;
  switch (cls) {
    case DEFENCE_NATURAL_20:
      return `${head}: natural 20`;
    case DEFENCE_NATURAL_1_SHORT:
      return `${head}: natural 1, ${1 + bonus} against ${total}`;
    case DEFENCE_NATURAL_1_REACHES:
      return `${head}: natural 1, yet ${1 + bonus} reaches ${total}`;
    case DEFENCE_REACHES:
      return `${head}: kept die ${Math.max(2, need)} or more, so it reaches ${total}`;
    default:
      return `${head}: kept die below ${need}, so it falls short of ${total}`;
  }
}
