// A skill used as an action in combat (2. Winner Chooses Attack(s)): the GM says how many actions
// it takes and whether other modifiers apply; it is attempted at half the character's skill
// level. Fray rolls it and reports the result; what the success does is the GM's.
import type { RuleContext } from "../../../engine/choice.js";
import type { Act } from "./melee-types.js";
import { askNumber } from "./questions.js";
import { SKILL_CRITICAL, SKILL_FUMBLE, SKILL_PASSES, label, skillRoll } from "./rolls.js";
import { SECTIONS } from "../sections.js";

/** The chance of a skill attempted in combat: half the skill level (Splitting Actions rounds down). */
export function combatSkillChance(level: number, penalty: number, modifier: number): number {
  return Math.max(0, Math.floor(level / 2) - penalty + modifier);
}

export function attemptSkill(ctx: RuleContext, act: Act, skill: string): boolean {
  const f = act.f;
  const level = f.skills[skill] ?? 0;
  const modifier = askNumber(
    ctx,
    "gm",
    "skill-modifier",
    () =>
      `${f.name} attempts ${skill} in combat (${level}%, at half: ${Math.floor(level / 2)}%): any other modifier (%)?`,
    -50,
    20,
    (n) => (n === 0 ? "none" : n > 0 ? `+${n}%` : `${n}%`),
    undefined,
  );
  // Woozy (Knock Out/Stun Called Shots): -20% on all skills.
  const woozy = f.woozyUntil > 0 && act.pairing.state.melee <= f.woozyUntil ? 20 : 0;
  const chance = combatSkillChance(level, f.skillPenalty + woozy, modifier);
  const r = ctx.roll(
    skillRoll(chance),
    label(ctx.explaining, () => `${f.name}'s ${skill} at ${chance}%`, "skill"),
    f.id,
  );
  const passes = (r & SKILL_PASSES) !== 0;
  if (ctx.explaining) {
    ctx.explain(SECTIONS.winnerChooses, () => {
      const special =
        (r & SKILL_CRITICAL) !== 0
          ? " (96-100, the chapter's skill critical: the GM rules what it means)"
          : (r & SKILL_FUMBLE) !== 0
            ? " (1-5, the chapter's skill fumble: the GM rules what it means)"
            : "";
      return `${f.name} attempts ${skill} at half its ${level}% = ${chance}%: ${passes ? "succeeds" : "fails"}${special}; what it does is the GM's`;
    });
  }
  return passes;
}
