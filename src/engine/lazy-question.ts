// Decisions with lazily built prompts, schemas and choices, for rulesets to ask through
// `ctx.decide`: the policy driver only hands the situation to the actor's tactic, so simulation
// never pays for the strings and lists a person, a script or the advisor needs.
import { z } from "zod";
import type { Blow, Choice, DecisionOptions, RuleContext } from "./choice.js";
import type { Json } from "./json.js";

export interface LazyQuestion<T extends Json> {
  prompt(): string;
  /**
   * What an answer from outside must be. May be left out only when `choices` lists every
   * answer: every driver checks a given answer against the listed choices.
   */
  schema?(): z.ZodType<T>;
  /** Every allowed answer; left out for a free-form answer (a GM's ruling). */
  choices?(): Choice<T>[];
  /** What the question's tactic needs (DecisionOptions.situation). */
  readonly situation?: unknown;
  /** The question's key in the ruleset's tactics, when it is not the question. */
  readonly tactic?: string;
  /** The blow the question answers (DecisionOptions.blow). */
  readonly blow?: Blow;
}

/**
 * How a yes/no question is answered by default: the situation its tactic needs; and the blow it
 * answers or decides, when it is one (DecisionOptions.blow).
 */
export type YesNoDefault = { readonly situation: unknown; readonly blow?: Blow };

/** The schema of a listed question without its own: anything JSON, the choices decide. */
const LISTED: z.ZodType<Json> = z.json();

class Lazy<T extends Json> implements DecisionOptions<T> {
  private listed: Choice<T>[] | undefined;
  constructor(private readonly q: LazyQuestion<T>) {}
  get prompt(): string {
    return this.q.prompt();
  }
  get schema(): z.ZodType<T> {
    return this.q.schema !== undefined ? this.q.schema() : (LISTED as z.ZodType<T>);
  }
  get choices(): Choice<T>[] | undefined {
    if (this.q.choices === undefined) return undefined;
    return (this.listed ??= this.q.choices());
  }
  get situation(): unknown {
    return this.q.situation;
  }
  get tactic(): string | undefined {
    return this.q.tactic;
  }
  get blow(): Blow | undefined {
    return this.q.blow;
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

/** The schema of a yes/no answer. */
export const YES_NO_SCHEMA = z.boolean({ error: "answer true (yes) or false (no)" });

const yesNoSchema = () => YES_NO_SCHEMA;

const YES_NO: Choice<boolean>[] = [
  { value: true, label: "yes" },
  { value: false, label: "no" },
];

export type YesNoLabels = readonly [yes: string, no: string];

/** The choices of each pair of labels, built once (a ruleset's labels are constants). */
const labelled = new WeakMap<YesNoLabels, Choice<boolean>[]>();

function yesNoChoices(labels: YesNoLabels | undefined): Choice<boolean>[] {
  if (labels === undefined) return YES_NO;
  let choices = labelled.get(labels);
  if (choices === undefined) {
    choices = [
      { value: true, label: labels[0] },
      { value: false, label: labels[1] },
    ];
    labelled.set(labels, choices);
  }
  return choices;
}

/** A yes/no question; `labels` names the two answers ("yes" and "no" without them). */
export function yesNoQuestion(
  prompt: () => string,
  by: YesNoDefault,
  labels?: YesNoLabels,
): LazyQuestion<boolean> {
  return {
    prompt,
    schema: yesNoSchema,
    choices: () => yesNoChoices(labels),
    situation: by.situation,
    ...(by.blow === undefined ? {} : { blow: by.blow }),
  };
}

/**
 * Asks a yes/no question; its tactic answers it from `by.situation` when nobody else does.
 * `labels` names the two answers ("yes" and "no" without them).
 */
export function askYesNo(
  ctx: RuleContext,
  actor: string,
  question: string,
  prompt: () => string,
  by: YesNoDefault,
  labels?: YesNoLabels,
): boolean {
  return ask(ctx, actor, question, yesNoQuestion(prompt, by, labels));
}
