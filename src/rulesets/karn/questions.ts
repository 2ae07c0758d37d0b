// Decisions as choice points with lazily built prompts, schemas and choice lists: the policy
// driver only calls `policy()`, so simulation never pays for the strings and lists a person, a
// script or the advisor needs. Question keys are stable: an exchange file fixes one as
// "actor:question" (docs/rulesets/karn.md lists them).
import { z } from "zod";
import type { Choice, DecisionOptions, RuleContext } from "../../engine/choice.js";
import type { Json } from "../../engine/json.js";

export interface Question<T extends Json> {
  prompt(): string;
  choices(): Choice<T>[];
  policy(): T;
  /** Defaults to "one of the choices". */
  schema?(): z.ZodType<T>;
}

const LISTED = z.json();

class Lazy<T extends Json> implements DecisionOptions<T> {
  private listed: Choice<T>[] | undefined;
  constructor(private readonly q: Question<T>) {}
  get prompt(): string {
    return this.q.prompt();
  }
  get choices(): Choice<T>[] {
    return (this.listed ??= this.q.choices());
  }
  get schema(): z.ZodType<T> {
    // Listed answers are checked against the choices by every driver: anything JSON passes here.
    return this.q.schema !== undefined ? this.q.schema() : (LISTED as unknown as z.ZodType<T>);
  }
  policy(): T {
    return this.q.policy();
  }
}

export function ask<T extends Json>(
  ctx: RuleContext,
  actor: string,
  question: string,
  q: Question<T>,
): T {
  return ctx.decide(actor, question, new Lazy(q));
}

const YES_NO: Choice<boolean>[] = [
  { value: true, label: "yes" },
  { value: false, label: "no" },
];
const BOOL = z.boolean({ error: "answer true (yes) or false (no)" });

export function askYesNo(
  ctx: RuleContext,
  actor: string,
  question: string,
  prompt: () => string,
  policy: () => boolean,
  labels: readonly [string, string] | null = null,
): boolean {
  const choices =
    labels === null
      ? () => YES_NO
      : () => [
          { value: true, label: labels[0] },
          { value: false, label: labels[1] },
        ];
  return ask(ctx, actor, question, { prompt, choices, policy, schema: () => BOOL });
}

/** A whole number from `lo` to `hi`, listed. */
export function askNumber(
  ctx: RuleContext,
  actor: string,
  question: string,
  prompt: () => string,
  lo: number,
  hi: number,
  label: (n: number) => string,
  policy: () => number,
): number {
  return ask(ctx, actor, question, {
    prompt,
    choices: () => {
      const out: Choice<number>[] = [];
      for (let n = lo; n <= hi; n += 1) out.push({ value: n, label: label(n) });
      return out;
    },
    policy,
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
