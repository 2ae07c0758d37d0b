// The engine's lazy questions (engine/lazy-question.ts), with this ruleset's own helpers.
export { ask, askYesNo, type LazyQuestion } from "../../../engine/lazy-question.js";
import { z } from "zod";
import type { Blow, Choice, RuleContext } from "../../../engine/choice.js";
import { ask } from "../../../engine/lazy-question.js";

/**
 * One of a few listed strings; the question's tactic answers from `situation` (tactics.ts); `blow`
 * the blow it rules on, when it is one (DecisionOptions.blow).
 */
export function askOneOf(
  ctx: RuleContext,
  actor: string,
  question: string,
  prompt: () => string,
  options: () => Choice<string>[],
  situation: unknown,
  blow?: Blow,
): string {
  return ask(ctx, actor, question, {
    prompt,
    schema: () => z.string({ error: "one of the listed options" }),
    choices: options,
    situation,
    ...(blow === undefined ? {} : { blow }),
  });
}

/**
 * Roll labels per combatant name, built once, so the hot path builds no string per roll. A label
 * names what is rolled, without parentheses: a prompt adds the roll's faces in its own ("Roll d8
 * for Fletch's action points, a Finesse die (1 to 8, an 8 counts as 4)").
 */
export interface Labels {
  readonly attack: string;
  readonly damage: string;
  readonly ap: string;
  readonly stun: string;
  readonly heal: string;
  readonly cast: string;
}

const labels = new Map<string, Labels>();

export function labelsFor(name: string): Labels {
  let l = labels.get(name);
  if (l === undefined) {
    l = {
      // The dice and their order are the roll's own faces (dice/specs.ts): "first the
      // defender's Defense Check 2d8!, ...; then the Attack Check 2d10!9, ...".
      attack: `${name}'s attack`,
      damage: `${name}'s damage die`,
      ap: `${name}'s action points, a Finesse die`,
      stun: `${name}'s check against the stunning blow`,
      heal: `${name}'s Healing check`,
      cast: `${name}'s Savvy check to cast`,
    };
    labels.set(name, l);
  }
  return l;
}
