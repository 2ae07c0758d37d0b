// The script driver: answers every choice point from a recorded list (replay, tests, worked
// examples). When the list runs out it throws `PendingChoice`, stopping the procedure there.
// A change of the GM's hand in the list is applied, through `applyGm`, before the next choice
// point; when it ends the fight the driver throws `FightEnded`, stopping the round there.
import type { Blow, DecisionOptions, RollSpec, RuleContext, Section } from "../choice.js";
import { decideAnswer, type Answer, type GmAnswer } from "../answers.js";
import { makeExplanation, type Explanation } from "../explanation.js";
import { GM_SECTION, type GmApplied } from "../gm-changes.js";
import type { Json } from "../json.js";
import { FightEnded, PendingChoice } from "./pending.js";
import { AnswerError, checkDecision, checkRoll } from "./validate.js";

const DOES_NOT_FIT = "the log does not fit this encounter: check the ruleset version and switches";

/** The blow a roll or a question decides, as an answer's field (nothing when none). */
const blowOf = (asked: { readonly blow?: Blow }): { blow?: Blow } =>
  asked.blow === undefined ? {} : { blow: asked.blow };

/** `check()`, its refusal numbered with the answer it refused (index from 0). */
function numbered<T>(index: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof AnswerError) || error.answer !== undefined) throw error;
    throw new AnswerError(error.message, error.where, error.hint, index + 1);
  }
}

/** Applies a GM change to the state being played; `acting` is whom the next choice point asks. */
export type GmApplier = (answer: GmAnswer, acting: string | undefined) => GmApplied;

/** A recorded answer as a mismatch names it. */
function answerFound(answer: Answer): string {
  switch (answer.kind) {
    case "roll":
      return `a roll (${answer.label})`;
    case "decide":
      return `a decision (${answer.actor}: ${answer.question})`;
    case "gm":
      return "a change of the GM's hand";
  }
}

/** An entry of a loose script (tests): a number for a roll, any JSON value for a decision. */
type Loose = { readonly loose: Json };

export class ScriptContext implements RuleContext {
  readonly explaining = true;
  readonly explanations: Explanation[] = [];
  /** The answers actually consumed, with kinds and labels filled in (for loose scripts too). */
  readonly consumed: Answer[] = [];
  /** The dice each roll answered asked for, in order: "Ann's damage" asked for "1d8+2d10". */
  readonly notations: string[] = [];
  private position: number;

  constructor(
    private readonly answers: readonly (Answer | Loose)[],
    private readonly rulesetId: string,
    start = 0,
    private readonly applyGm?: GmApplier,
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

  /** Applies the GM's changes that stand before the next choice point. */
  private gmChanges(acting: string | undefined): void {
    for (;;) {
      const next = this.answers[this.position];
      if (next === undefined || "loose" in next || next.kind !== "gm") return;
      const n = this.position + 1;
      if (this.applyGm === undefined) {
        throw new AnswerError(
          `answer ${n} is a change of the GM's hand, which this driver cannot apply`,
          `answer ${n}`,
          undefined,
          n,
        );
      }
      const applyGm = this.applyGm;
      const applied = numbered(this.position, () => applyGm(next, acting));
      this.consumed.push(applied.answer);
      this.position = n;
      const label = applied.answer.label ?? "the GM changes the fight";
      this.explanations.push(makeExplanation(this.rulesetId, n, GM_SECTION, label, undefined));
      if (applied.outcome !== null) throw new FightEnded(applied.outcome, n);
    }
  }

  roll(spec: RollSpec, label: string, actor?: string): number {
    this.gmChanges(actor);
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
      this.consumed.push({ kind: "roll", label, value, ...blowOf(spec) });
    } else if (next.kind !== "roll") {
      throw new AnswerError(
        `answer ${index + 1} is ${answerFound(next)} but the rules ask for a roll: ${label}`,
        `answer ${index + 1}`,
        DOES_NOT_FIT,
        index + 1,
      );
    } else {
      value = numbered(index, () => checkRoll(spec, label, next.value));
      // Recorded with the label the rules give, which a log reader compares with its own.
      // With the blow the rules say it decides (a log from outside need not carry it).
      const same = next.label === label && next.blow === spec.blow;
      this.consumed.push(same ? next : { ...next, label, ...blowOf(spec) });
    }
    this.notations.push(spec.notation);
    this.position = index + 1;
    return value;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    this.gmChanges(actor);
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
      const found = answerFound(next);
      throw new AnswerError(
        `answer ${index + 1} is ${found} but the rules ask ${actor}: ${question}`,
        `answer ${index + 1}`,
        DOES_NOT_FIT,
        index + 1,
      );
    } else {
      value = numbered(index, () => checkDecision(actor, question, options, next.value));
      if (next.label !== undefined) {
        // Labelled when given: kept as it is (working the label out again costs a listing of
        // the choices at every replay of the round).
        this.consumed.push(next.blow === options.blow ? next : { ...next, ...blowOf(options) });
        this.position = index + 1;
        return value;
      }
    }
    const by = "loose" in next ? {} : next;
    this.consumed.push(decideAnswer(actor, question, options as DecisionOptions<Json>, value, by));
    this.position = index + 1;
    return value;
  }

  explain(section: Section, text: string | (() => string), data?: Json): void {
    this.explanations.push(makeExplanation(this.rulesetId, this.position, section, text, data));
  }
}
