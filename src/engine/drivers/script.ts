// The script driver: answers every choice point from a recorded list (replay, tests, worked
// examples). When the list runs out it throws `PendingChoice`, stopping the procedure there.
import type { DecisionOptions, RollSpec, RuleContext, Section } from "../choice.js";
import type { Answer } from "../answers.js";
import { makeExplanation, type Explanation } from "../explanation.js";
import type { Json } from "../json.js";
import { PendingChoice } from "./pending.js";
import { AnswerError, checkDecision, checkRoll } from "./validate.js";

const DOES_NOT_FIT = "the log does not fit this encounter: check the ruleset version and switches";

/** `check()`, its refusal numbered with the answer it refused (index from 0). */
function numbered<T>(index: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof AnswerError) || error.answer !== undefined) throw error;
    throw new AnswerError(error.message, error.where, error.hint, index + 1);
  }
}

/** An entry of a loose script (tests): a number for a roll, any JSON value for a decision. */
type Loose = { readonly loose: Json };

export class ScriptContext implements RuleContext {
  readonly explaining = true;
  readonly explanations: Explanation[] = [];
  /** The answers actually consumed, with kinds and labels filled in (for loose scripts too). */
  readonly consumed: Answer[] = [];
  private position: number;

  constructor(
    private readonly answers: readonly (Answer | Loose)[],
    private readonly rulesetId: string,
    start = 0,
  ) {
    this.position = start;
  }

  /** A script of bare values: each roll takes the next number, each decision the next value. */
  static fromValues(values: readonly Json[], rulesetId = "test"): ScriptContext {
    return new ScriptContext(
      values.map((loose) => ({ loose })),
      rulesetId,
    );
  }

  /** How many answers have been used. */
  get used(): number {
    return this.position;
  }

  roll(spec: RollSpec, label: string, actor?: string): number {
    const index = this.position;
    const next = this.answers[index];
    if (next === undefined) {
      throw new PendingChoice({ kind: "roll", index, label, actor, spec });
    }
    let value: number;
    if ("loose" in next) {
      if (typeof next.loose !== "number") {
        throw new AnswerError(
          `answer ${index + 1}: ${label} needs a number, got ${JSON.stringify(next.loose)}`,
          undefined,
          undefined,
          index + 1,
        );
      }
      value = numbered(index, () => checkRoll(spec, label, next.loose as number));
      this.consumed.push({ kind: "roll", label, value });
    } else if (next.kind !== "roll") {
      throw new AnswerError(
        `answer ${index + 1} is a decision (${next.actor}: ${next.question}) but the rules ask for a roll: ${label}`,
        `answer ${index + 1}`,
        DOES_NOT_FIT,
        index + 1,
      );
    } else {
      value = numbered(index, () => checkRoll(spec, label, next.value));
      // Recorded with the label the rules give, which a log reader compares with its own.
      this.consumed.push(next.label === label ? next : { ...next, label });
    }
    this.position = index + 1;
    return value;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const index = this.position;
    const next = this.answers[index];
    if (next === undefined) {
      throw new PendingChoice({
        kind: "decide",
        index,
        actor,
        question,
        options: options as unknown as DecisionOptions<Json>,
      });
    }
    let value: T;
    if ("loose" in next) {
      value = numbered(index, () => checkDecision(actor, question, options, next.loose));
    } else if (next.kind !== "decide" || next.actor !== actor || next.question !== question) {
      const found =
        next.kind === "roll" ? `a roll (${next.label})` : `${next.actor}: ${next.question}`;
      throw new AnswerError(
        `answer ${index + 1} is ${found} but the rules ask ${actor}: ${question}`,
        `answer ${index + 1}`,
        DOES_NOT_FIT,
        index + 1,
      );
    } else {
      value = numbered(index, () => checkDecision(actor, question, options, next.value));
    }
    this.consumed.push({ kind: "decide", actor, question, value });
    this.position = index + 1;
    return value;
  }

  explain(section: Section, text: string | (() => string), data?: Json): void {
    this.explanations.push(makeExplanation(this.rulesetId, this.position, section, text, data));
  }
}
