// The decisions of a tnt fight as choice points: their questions (stable keys for exchange
// files: "actor:question"), answer schemas and listed choices, asked as the engine's lazy
// questions (engine/lazy-question.ts). Schemas and choice lists are built once per pool size and
// reused; the procedures pass each question's situation, and the ruleset's tactics (tactics.ts)
// answer it.
import { z } from "zod";
import type { Blow, Choice, RuleContext } from "../../../engine/choice.js";
import {
  ask,
  askYesNo as askYesNoLabelled,
  type YesNoLabels,
} from "../../../engine/lazy-question.js";

export const QUESTIONS = {
  move: "move",
  attackDice: "attack-dice",
  target: "target",
  anger: "anger",
  bypass: "bypass",
  defence: "defence",
  counter: "counter",
  opportunity: "opportunity",
  twist: "twist",
  close: "close",
  grapple: "grapple",
  otherEfforts: "other-efforts",
  reEngage: "re-engage",
} as const;

type YesNoQuestion = "anger" | "bypass" | "close" | "grapple" | "re-engage";
type DiceQuestion = "defence" | "counter" | "opportunity" | "twist" | "other-efforts";

const YES_NO_LABELS: Record<YesNoQuestion, YesNoLabels> = {
  anger: ["attack in anger (set one die aside)", "no anger"],
  bypass: ["armour-bypass attack", "normal attack"],
  close: ["enter melee range", "stay at onset"],
  grapple: ["enter grapple range", "stay at melee"],
  "re-engage": ["back to onset range", "stay disengaged"],
};

/** One of the chapter's yes/no questions, with its own labels for the two answers. */
export function askYesNo(
  ctx: RuleContext,
  actor: string,
  question: YesNoQuestion,
  prompt: () => string,
  situation: unknown,
): boolean {
  return askYesNoLabelled(ctx, actor, question, prompt, { situation }, YES_NO_LABELS[question]);
}

function diceLabel(question: DiceQuestion, k: number): string {
  const dice = k === 1 ? "1 die" : `${k} dice`;
  switch (question) {
    case "defence":
      return k === 0 ? "passive defence" : `active defence with ${dice}`;
    case "counter":
      return k === 0 ? "no counter-attack" : `counter-attack with ${dice}`;
    case "opportunity":
      return k === 0 ? "let it pass" : `attack of opportunity with ${dice}`;
    case "twist":
      return k === 0 ? "keep the dice" : `twist the blade: ${dice} into crit dice`;
    case "other-efforts":
      return k === 0 ? "none" : `${dice} on other efforts`;
  }
}

const diceSchemas: z.ZodType<number>[] = [];
const diceChoicesByKey = new Map<string, Choice<number>[]>();

function diceSchema(max: number): z.ZodType<number> {
  return (diceSchemas[max] ??= z
    .int({ error: "answer a whole number of combat dice" })
    .min(0, "at least 0 dice")
    .max(max, `at most ${max} (the dice left in the pool)`));
}

function diceChoices(question: DiceQuestion, max: number): Choice<number>[] {
  const key = `${question}${max}`;
  let choices = diceChoicesByKey.get(key);
  if (choices === undefined) {
    choices = [];
    for (let k = 0; k <= max; k += 1) choices.push({ value: k, label: diceLabel(question, k) });
    diceChoicesByKey.set(key, choices);
  }
  return choices;
}

/** How many pool dice (0 to `max`) to spend on a defence, counter, opportunity or twist. */
export function askDice(
  ctx: RuleContext,
  actor: string,
  question: DiceQuestion,
  prompt: () => string,
  max: number,
  situation: unknown,
  blow?: Blow,
): number {
  return ask(ctx, actor, question, {
    prompt,
    schema: () => diceSchema(max),
    choices: () => diceChoices(question, max),
    situation,
    ...(blow === undefined ? {} : { blow }),
  });
}

/** Every split of up to `pool` dice into attacks (largest first), and "no attack". */
function splits(pool: number): number[][] {
  const out: number[][] = [];
  const walk = (left: number, most: number, acc: number[]) => {
    out.push([...acc]);
    for (let n = Math.min(left, most); n >= 1; n -= 1) walk(left - n, n, [...acc, n]);
  };
  walk(pool, pool, []);
  return out.sort((a, b) => sum(b) - sum(a) || a.length - b.length || (b[0] ?? 0) - (a[0] ?? 0));
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

function splitLabel(split: readonly number[], pool: number): string {
  const keep = pool - sum(split);
  const kept = keep === 0 ? "" : `, keep ${keep} for defence`;
  if (split.length === 0) return `no attack${kept}`;
  if (split.length === 1)
    return `one attack with ${split[0]} ${split[0] === 1 ? "die" : "dice"}${kept}`;
  return `${split.length} attacks with ${split.join(" + ")} dice${kept}`;
}

const allocationSchemas: z.ZodType<number[]>[] = [];
const allocationChoices: Choice<number[]>[][] = [];

function allocationSchema(pool: number): z.ZodType<number[]> {
  return (allocationSchemas[pool] ??= z.preprocess(
    (v) => (typeof v === "number" ? (v === 0 ? [] : [v]) : v),
    z
      .array(z.int().min(1, "each attack rolls at least 1 die"), {
        error: "answer the dice of each attack, as a number or a list such as [2, 1]",
      })
      .refine((xs) => sum(xs) <= pool, { error: `at most ${pool} dice in all (the pool)` }),
  ) as unknown as z.ZodType<number[]>);
}

/** Offense: the dice of each attack this turn ([3], [2, 1], [] ...); a number is one attack. */
export function askAttackDice(
  ctx: RuleContext,
  actor: string,
  prompt: () => string,
  pool: number,
  situation: unknown,
): number[] {
  return ask(ctx, actor, QUESTIONS.attackDice, {
    prompt,
    schema: () => allocationSchema(pool),
    choices: () =>
      (allocationChoices[pool] ??= splits(pool).map((s) => ({
        value: s,
        label: splitLabel(s, pool),
        group: s.length > 0 ? "attack" : pool > 0 ? "defend" : "other",
      }))),
    situation,
  });
}

const idSchema = z.string();

/** One of several listed string answers (target, move). */
export function askOne(
  ctx: RuleContext,
  actor: string,
  question: "target" | "move",
  prompt: () => string,
  choices: Choice<string>[],
  situation: unknown,
): string {
  return ask(ctx, actor, question, {
    prompt,
    schema: () => idSchema,
    choices: () => choices,
    situation,
  });
}

/** A roll's label, built only for drivers that show it. */
export function rollLabel(ctx: RuleContext, label: () => string, short: string): string {
  return ctx.explaining ? label() : short;
}
