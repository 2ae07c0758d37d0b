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

export const BOOL = z.boolean({ error: "answer true (yes) or false (no)" });

const yesNoChoices = new Map<string, Choice<boolean>[]>();

/** A yes/no question, with labels for each answer and the policy's answer computed on demand. */
export function askYesNo(
  ctx: RuleContext,
  actor: string,
  question: string,
  prompt: () => string,
  labels: readonly [yes: string, no: string],
  policy: () => boolean,
): boolean {
  const key = `${question}|${labels[0]}|${labels[1]}`;
  let choices = yesNoChoices.get(key);
  if (choices === undefined) {
    choices = [
      { value: true, label: labels[0] },
      { value: false, label: labels[1] },
    ];
    yesNoChoices.set(key, choices);
  }
  const listed = choices;
  return ask(ctx, actor, question, {
    prompt,
    schema: () => BOOL,
    choices: () => listed,
    policy,
  });
}

/** One of listed string answers. */
export function oneOf(values: readonly string[], what: string): z.ZodType<string> {
  return z
    .string({ error: `${what}: one of ${values.join(", ")}` })
    .refine((v) => values.includes(v), { error: `${what}: one of ${values.join(", ")}` });
}

/** Says `text` when the driver keeps explanations. */
export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}
