// Ability checks (the chapter's "AWA skill check", "DEX check"): a d20 plus the bonus against a
// DC; meeting the DC succeeds (Cedryk's 9 + 4 against DC 13 "is just enough to succeed").
import { aimed, type RollSpec, type RuleContext, type Section } from "../../../engine/choice.js";
import { diceRoll } from "../../../engine/roll-specs.js";

let d20: RollSpec | undefined;
let d6: RollSpec | undefined;
let d4: RollSpec | undefined;

export const D20 = (): RollSpec => (d20 ??= diceRoll("1d20"));
export const D6 = (): RollSpec => (d6 ??= diceRoll("1d6"));
export const D4 = (): RollSpec => (d4 ??= diceRoll("1d4"));

/**
 * Rolls a check and explains it; returns whether d20 + bonus meets the DC. A check that is part
 * of `actor`'s blow on `target` (a sneak attack's AWA check for the weak spot) says so (`aimed`).
 */
export function check(
  ctx: RuleContext,
  section: Section,
  label: string,
  actor: string,
  what: string,
  bonus: number,
  dc: number,
  target?: string,
): boolean {
  const spec = target === undefined ? D20() : aimed(ctx, D20(), actor, target);
  const roll = ctx.roll(spec, label, actor);
  const ok = roll + bonus >= dc;
  if (ctx.explaining) {
    ctx.explain(
      section,
      () =>
        `${what}: ${roll} ${bonus < 0 ? "-" : "+"} ${Math.abs(bonus)} = ${roll + bonus} against DC ${dc}: ${ok ? "success" : "failure"}`,
      {
        roll,
        bonus,
        dc,
        ok,
      },
    );
  }
  return ok;
}
