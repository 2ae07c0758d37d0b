// A defence roll against one strike (Basic Defenses; Splitting Actions; Multiple Attackers Or
// Defenders; Pierce (P); Defending Against Ranged Attacks): d20, halved or quartered for a split
// action, plus the defence's bonus, +5 from a saved action, +3 against a hand to hand pierce-only
// attack, less the penalties. It holds when it is equal to or above the strike (ties go to the
// defender); a natural 20 is infinity, a natural 1 negative infinity.
import type { RuleContext } from "../../../engine/choice.js";
import { conditionPenalty, takeBadMiss } from "./conditions.js";
import type { Act, Defence, Pairing } from "./melee-types.js";
import { divisorOf } from "./melee-types.js";
import { D20, label } from "./rolls.js";
import { SECTIONS } from "../sections.js";
import { expectedUntrainedPenalty, untrainedPenalty } from "./training.js";
import { HELD, type Fighter, type FighterAttack } from "../state.js";

export const SAVED_BONUS = 5;
export const PIERCE_DEFENCE_BONUS = 3;

/** The defence skill's bonus, or null when the fighter cannot use it. */
export function defenceBonus(f: Fighter, type: Defence["type"]): number | null {
  return type === "block" ? f.block : type === "parry" ? f.parry : f.dodge;
}

/** The weapon it parries with (index), -2 for a shield, or -1 when it has nothing to parry with. */
export function parryWeapon(f: Fighter): number {
  for (let i = 0; i < f.attacks.length; i += 1) {
    if (f.attacks[i]!.parry && f.held[i] === HELD) return i;
  }
  return f.shield ? -2 : -1;
}

/** Whether `f` can defend with `type` at all right now. */
export function canDefend(f: Fighter, type: Defence["type"]): boolean {
  if (defenceBonus(f, type) === null) return false;
  return type !== "parry" || parryWeapon(f) !== -1;
}

/** The divisor of a defence's roll: a split action halves or quarters it. */
export function defenceDivisor(p: Pairing, d: Defence): number {
  if (d.saved && !p.state.switches.savedSplitsHalve) return 1;
  return divisorOf(d.size);
}

/** Fixed part of a defence's modifier against `attack` (no bad miss), as the policy sees it too. */
export function defenceModifier(
  p: Pairing,
  d: Defence,
  attack: FighterAttack,
  rangedPenalty: number,
): number {
  const f = d.owner.f;
  let mod = defenceBonus(f, d.type) ?? 0;
  if (d.saved) mod += SAVED_BONUS;
  if (attack.pierceOnly) mod += PIERCE_DEFENCE_BONUS;
  if (attack.ranged) mod -= d.type === "dodge" ? attack.dodgePenalty : rangedPenalty;
  mod -= conditionPenalty(p.state, f);
  mod -= opponentPenalty(p, d.owner, d.type === "dodge");
  // No Weapon Training: a parry with an untrained weapon or shield suffers its penalty.
  if (d.type === "parry") mod -= expectedUntrainedPenalty(f, parryWeapon(f));
  return mod;
}

/** Multiple Attackers Or Defenders: -1 per opponent when involved with several. */
export function opponentPenalty(p: Pairing, act: Act, dodging: boolean): number {
  if (dodging && act.dodge !== null) {
    const own = Math.max(0, act.dodgeAttackers - 1);
    return p.state.switches.dodgeAgainstSeveral === "stacked" ? own + act.penalty : own;
  }
  return act.penalty;
}

/**
 * The terms of defence `d` against a strike with `attack`, for the strike's roll: a divisor and
 * modifier, or (a dodge rolled once for the melee, switch dodgeRoll) the dodge's natural. Uses up a
 * pending bad miss. `rangedPenalty` is the GM's penalty to a block or parry against a ranged attack.
 */
export function defenceTerms(
  p: Pairing,
  ctx: RuleContext,
  d: Defence,
  attack: FighterAttack,
  rangedPenalty: number,
):
  | { readonly divisor: number; readonly modifier: number }
  | { readonly natural: number; readonly modifier: number } {
  const f = d.owner.f;
  if (d.type === "parry") untrainedPenalty(ctx, f, parryWeapon(f));
  const modifier = defenceModifier(p, d, attack, rangedPenalty) - takeBadMiss(f);
  const dodge = d.owner.dodge;
  if (d.type === "dodge" && p.state.switches.dodgeRoll === "once" && dodge !== null) {
    if (dodge.total === null) {
      dodge.natural = ctx.roll(
        D20,
        label(ctx.explaining, () => `${f.name}'s dodge (rolled once for the melee)`, "dodge"),
        f.id,
      );
      dodge.total = dodge.natural;
      // Strike Rolls And Defenses: a natural 20 on a defence earns one Combat Skill Point: one
      // roll, one point, however many attacks it stands against.
      if (dodge.natural === 20) f.csp += 1;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.defenderChooses,
          () =>
            `${f.name} rolls its dodge once for the melee: ${dodge.natural}${dodge.natural === 20 ? " (a natural 20: a Combat Skill Point)" : ""}`,
        );
      }
    }
    return { natural: dodge.natural, modifier };
  }
  return { divisor: defenceDivisor(p, d), modifier };
}
