// Decisions as choice points with lazily built prompts, schemas and choice lists: the policy
// driver only hands the situation to the question's tactic (tactics.ts), so simulation never pays
// for the strings and lists a person, a script or the advisor needs. Question keys are stable: an exchange file fixes one as
// "actor:question" (docs/rulesets/karn.md lists them).
import { z } from "zod";
import type { Choice, RuleContext } from "../../../engine/choice.js";
import { ask } from "../../../engine/lazy-question.js";

export { ask, askYesNo } from "../../../engine/lazy-question.js";

/** A whole number from `lo` to `hi`, listed. */
export function askNumber(
  ctx: RuleContext,
  actor: string,
  question: string,
  prompt: () => string,
  lo: number,
  hi: number,
  label: (n: number) => string,
  /** What the question's tactic answers from: the number a GM would rule by default, if any. */
  situation: number | undefined,
): number {
  return ask(ctx, actor, question, {
    prompt,
    choices: () => {
      const out: Choice<number>[] = [];
      for (let n = lo; n <= hi; n += 1) out.push({ value: n, label: label(n) });
      return out;
    },
    situation,
    schema: () =>
      z
        .int({ error: `a whole number from ${lo} to ${hi}` })
        .min(lo, { error: `a whole number from ${lo} to ${hi}` })
        .max(hi, { error: `a whole number from ${lo} to ${hi}` }),
  });
}

/** Keys of questions numbered per melee ("defence-1", ...), built once. */
const numbered = new Map<string, string[]>();

export function numberedQuestion(base: string, n: number): string {
  let list = numbered.get(base);
  if (list === undefined) numbered.set(base, (list = []));
  return (list[n] ??= `${base}-${n}`);
}
