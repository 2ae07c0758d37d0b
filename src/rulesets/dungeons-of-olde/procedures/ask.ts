// Decisions with lazily built prompts, schemas and choices: the policy driver only calls
// `policy()`, so simulation never pays for the strings and lists a person or a script needs.
import { z } from "zod";
import type { Choice, DecisionOptions, RuleContext } from "../../../engine/choice.js";
import type { Json } from "../../../engine/json.js";

export interface LazyQuestion<T extends Json> {
  prompt(): string;
  schema(): z.ZodType<T>;
  /** Every allowed answer; left out for a free-form answer (a GM's ruling). */
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

/** A yes/no question, with the policy's answer computed on demand. */
export function askYesNo(
  ctx: RuleContext,
  actor: string,
  question: string,
  prompt: () => string,
  policy: () => boolean,
): boolean {
  return ask(ctx, actor, question, { prompt, schema: () => BOOL, choices: () => YES_NO, policy });
}

/** One of a few listed strings. */
export function askOneOf(
  ctx: RuleContext,
  actor: string,
  question: string,
  prompt: () => string,
  options: () => Choice<string>[],
  policy: () => string,
): string {
  return ask(ctx, actor, question, {
    prompt,
    schema: () => z.string({ error: "one of the listed options" }),
    choices: options,
    policy,
  });
}

/** Roll labels per combatant name, built once, so the hot path builds no string per roll. */
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
      attack: `${name}'s attack: the defender's Defense Check dice, then ${name}'s Attack Check dice`,
      damage: `${name}'s damage die`,
      ap: `${name}'s action points (a Finesse die)`,
      stun: `${name}'s check against the stunning blow`,
      heal: `${name}'s Healing check`,
      cast: `${name}'s Savvy check to cast`,
    };
    labels.set(name, l);
  }
  return l;
}

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}
