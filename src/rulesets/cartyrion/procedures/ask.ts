// Decisions with lazily built prompts, schemas and choices: the policy driver only calls
// `policy()`, so simulation never pays for the strings and lists a person or a script needs.
import { z } from "zod";
import type { Choice, DecisionOptions, RuleContext } from "../../../engine/choice.js";
import type { Json } from "../../../engine/json.js";

export interface LazyQuestion<T extends Json> {
  prompt(): string;
  schema(): z.ZodType<T>;
  choices?(): Choice<T>[];
  policy(): T;
}

class Lazy<T extends Json> implements DecisionOptions<T> {
  private listed: Choice<T>[] | undefined;
  constructor(private readonly q: LazyQuestion<T>) {}
  get prompt(): string {
    return this.q.prompt();
  }
  get schema(): z.ZodType<T> {
    return this.q.schema();
  }
  get choices(): Choice<T>[] | undefined {
    if (this.q.choices === undefined) return undefined;
    return (this.listed ??= this.q.choices());
  }
  policy(): T {
    return this.q.policy();
  }
}

export function ask<T extends Json>(
  ctx: RuleContext,
  actor: string,
  question: string,
  q: LazyQuestion<T>,
): T {
  return ctx.decide(actor, question, new Lazy(q));
}

const YES_NO: Choice<boolean>[] = [
  { value: true, label: "yes" },
  { value: false, label: "no" },
];
const BOOL = z.boolean({ error: "answer true (yes) or false (no)" });

/** A yes/no question for the GM (or anyone), with the policy's answer computed on demand. */
export function askYesNo(
  ctx: RuleContext,
  actor: string,
  question: string,
  prompt: () => string,
  policy: () => boolean,
): boolean {
  return ask(ctx, actor, question, { prompt, schema: () => BOOL, choices: () => YES_NO, policy });
}

/** A whole number of feet, from 0 to `max`. */
export function feetSchema(max: number): z.ZodType<number> {
  return z
    .number({ error: `a whole number of feet from 0 to ${max}` })
    .int({ error: `a whole number of feet from 0 to ${max}` })
    .min(0, { error: `a whole number of feet from 0 to ${max}` })
    .max(max, { error: `a whole number of feet from 0 to ${max}` });
}
