// No Weapon Training: without training, all actions with a weapon suffer the GM's modifier (-1 to
// -15 by the weapon and the action): its strikes and its parries alike, and a shield's parry too
// (the chapter's example: about -2). The GM is asked the first time the weapon or shield is used,
// strike or parry, and the answer stands for the fight; the policies expect the default until then.
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import type { Fighter } from "../state.js";
import { askNumber } from "./questions.js";

/** No Weapon Training: "using a shield to parry ... the GM would most likely only make them suffer a -2". */
export const SHIELD_UNTRAINED_PENALTY = 2;

/** Where `untrainedPenalty` keeps the shield's answer: after the attacks'. */
function shieldSlot(f: Fighter): number {
  return f.attacks.length;
}

/** What the GM is asked about: an attack's weapon (index), or the shield (-2). */
function asks(f: Fighter, weapon: number): { slot: number; name: string; fallback: number } {
  return weapon === -2
    ? { slot: shieldSlot(f), name: "shield", fallback: SHIELD_UNTRAINED_PENALTY }
    : {
        slot: weapon,
        name: f.attacks[weapon]!.name,
        fallback: f.attacks[weapon]!.untrainedPenalty,
      };
}

function trainedWith(f: Fighter, weapon: number): boolean {
  return weapon === -2 ? f.shieldTrained : f.attacks[weapon]!.trained;
}

/**
 * The GM's untrained penalty for `weapon` (an attack's index, or -2 for the shield; 0 when
 * trained, or with nothing in hand), asked the first time it is used.
 */
export function untrainedPenalty(ctx: RuleContext, f: Fighter, weapon: number): number {
  if (weapon === -1 || trainedWith(f, weapon)) return 0;
  const { slot, name, fallback } = asks(f, weapon);
  if (f.untrainedPenalty[slot]! < 0) {
    f.untrainedPenalty[slot] = askNumber(
      ctx,
      "gm",
      "untrained-penalty",
      () =>
        `${f.name} has no training with the ${name}: its penalty (No Weapon Training: 1 to 15)?`,
      1,
      15,
      (n) => `-${n}`,
      fallback,
    );
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.weaponTraining,
        () =>
          `${f.name} is untrained with the ${name}: -${f.untrainedPenalty[slot]} on its actions with it`,
      );
    }
  }
  return f.untrainedPenalty[slot]!;
}

/** The same penalty as the policies expect it: the GM's answer once given, else the default. */
export function expectedUntrainedPenalty(f: Fighter, weapon: number): number {
  if (weapon === -1 || trainedWith(f, weapon)) return 0;
  const { slot, fallback } = asks(f, weapon);
  const asked = f.untrainedPenalty[slot]!;
  return asked >= 0 ? asked : fallback;
}
