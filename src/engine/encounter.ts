// An encounter in play. Its log is the list of answers; its state is derived by replaying the
// answers from the last snapshot (snapshots are taken at round ends and are only a cache). Undo
// drops answers from the end, across any number of rounds; redo puts them back; a branch is a new
// encounter on a prefix of the answers (docs/architecture.md, "How a procedure stops at a choice
// point").
import { cloneState } from "./clone.js";
import type { Answer } from "./answers.js";
import type { Section } from "./choice.js";
import type { EncounterDefinition } from "./encounter-file.js";
import { makeExplanation, type Explanation } from "./explanation.js";
import { PendingChoice, type PendingChoiceData } from "./drivers/pending.js";
import { ScriptContext } from "./drivers/script.js";
import { AnswerError, checkDecision, checkRoll } from "./drivers/validate.js";
import type { Json } from "./json.js";
import type { CombatantView, Outcome, Viewer } from "./ruleset.js";

export type EncounterStatus =
  | { readonly kind: "pending"; readonly choice: PendingChoiceData }
  | { readonly kind: "over"; readonly outcome: Outcome };

interface Snapshot {
  readonly at: number;
  readonly round: number;
  readonly state: object;
  readonly explained: number;
}

/** Fights that run this long end as a draw (a guard against rules that cannot end a fight). */
export const DEFAULT_MAX_ROUNDS = 500;

const ROUND: Section = { id: "fray-round", title: "Round" };

export class Encounter {
  private answers: Answer[] = [];
  private redoStack: Answer[] = [];
  private snapshots: Snapshot[];
  private explained: Explanation[] = [];
  private live!: { state: object; round: number; status: EncounterStatus };

  constructor(
    readonly definition: EncounterDefinition,
    readonly maxRounds: number = DEFAULT_MAX_ROUNDS,
  ) {
    const state = definition.ruleset.setup(definition.setup);
    this.snapshots = [{ at: 0, round: 0, state: cloneState(state), explained: 0 }];
    this.replay();
  }

  /** Rebuilds an encounter from recorded answers; a wrong answer fails with its position. */
  static fromAnswers(definition: EncounterDefinition, answers: readonly Answer[]): Encounter {
    const encounter = new Encounter(definition);
    encounter.answers = [...answers];
    encounter.replay();
    if (encounter.status.kind === "over" && encounter.consumed < answers.length) {
      throw new AnswerError(
        `the fight is over after ${encounter.consumed} answers but the log has ${answers.length}`,
        `answer ${encounter.consumed + 1}`,
        "the log does not fit this encounter: check the ruleset version and switches",
        encounter.consumed + 1,
      );
    }
    return encounter;
  }

  get ruleset() {
    return this.definition.ruleset;
  }

  /** The current state; treat it as read-only (it is the engine's copy). */
  get state(): object {
    return this.live.state;
  }

  get status(): EncounterStatus {
    return this.live.status;
  }

  /** Rounds completed so far. */
  get round(): number {
    return this.live.round;
  }

  get log(): readonly Answer[] {
    return this.answers;
  }

  get explanations(): readonly Explanation[] {
    return this.explained;
  }

  get canRedo(): number {
    return this.redoStack.length;
  }

  view(viewer: Viewer): readonly CombatantView[] {
    return this.ruleset.view(this.live.state, viewer);
  }

  /** Answers the pending choice; refuses an answer the choice does not allow, changing nothing. */
  give(answer: Answer): void {
    const status = this.status;
    if (status.kind !== "pending") {
      throw new AnswerError(
        "the fight is over: there is nothing to answer",
        undefined,
        "undo to go back",
      );
    }
    const choice = status.choice;
    let recorded: Answer;
    if (choice.kind === "roll") {
      if (answer.kind !== "roll") {
        throw new AnswerError(`${choice.label}: the rules ask for a roll, not a decision`);
      }
      recorded = {
        ...answer,
        label: choice.label,
        value: checkRoll(choice.spec, choice.label, answer.value),
      };
    } else {
      if (answer.kind !== "decide") {
        throw new AnswerError(
          `${choice.actor}: ${choice.question}: the rules ask for a decision, not a roll`,
        );
      }
      const value = checkDecision(choice.actor, choice.question, choice.options, answer.value);
      recorded = { kind: "decide", actor: choice.actor, question: choice.question, value };
    }
    const redo = this.redoStack[this.redoStack.length - 1];
    if (redo !== undefined && JSON.stringify(redo) === JSON.stringify(recorded))
      this.redoStack.pop();
    else this.redoStack = [];
    this.answers.push(recorded);
    this.replay();
  }

  /** Answers a pending decision with its policy's answer. */
  decideByPolicy(): Json {
    const status = this.status;
    if (status.kind !== "pending" || status.choice.kind !== "decide") {
      throw new AnswerError("no decision is pending");
    }
    const { actor, question, options } = status.choice;
    const value = options.policy();
    this.give({ kind: "decide", actor, question, value });
    return value;
  }

  /** Takes back the last `steps` answers (any number, across rounds). Returns how many. */
  undo(steps = 1): number {
    const n = Math.min(steps, this.answers.length);
    for (let i = 0; i < n; i += 1) this.redoStack.push(this.answers.pop()!);
    this.snapshots = this.snapshots.filter((s) => s.at <= this.answers.length);
    this.replay();
    return n;
  }

  /** Gives back up to `steps` answers taken by undo. Returns how many. */
  redo(steps = 1): number {
    let n = 0;
    while (n < steps && this.redoStack.length > 0) {
      this.answers.push(this.redoStack.pop()!);
      n += 1;
    }
    this.replay();
    return n;
  }

  /** A new encounter with the first `at` answers of this one: a "what if" from that point. */
  branch(at: number = this.answers.length): Encounter {
    return Encounter.fromAnswers(this.definition, this.answers.slice(0, Math.max(0, at)));
  }

  /** Answers consumed by the rules so far (all of them unless the fight ended early). */
  private consumed = 0;

  private replay(): void {
    const start = this.snapshots[this.snapshots.length - 1]!;
    const rules = this.ruleset;
    this.explained.length = start.explained;
    const state = cloneState(start.state);
    let round = start.round;
    let at = start.at;
    for (;;) {
      const outcome = rules.outcome(state);
      if (outcome !== null || round >= this.maxRounds) {
        this.consumed = at;
        this.live = {
          state,
          round,
          status: {
            kind: "over",
            outcome: outcome ?? {
              winner: null,
              reason: `no side won within ${this.maxRounds} rounds`,
            },
          },
        };
        return;
      }
      const ctx = new ScriptContext(this.answers, rules.id, at);
      this.explained.push(
        makeExplanation(rules.id, at, ROUND, `round ${round + 1} begins`, undefined),
      );
      try {
        rules.round(state, ctx);
      } catch (error) {
        this.explained.push(...ctx.explanations);
        if (!(error instanceof PendingChoice)) throw error;
        this.answers.splice(at, ctx.consumed.length, ...ctx.consumed);
        this.consumed = ctx.used;
        this.live = { state, round, status: { kind: "pending", choice: error.choice } };
        return;
      }
      this.explained.push(...ctx.explanations);
      // The answers as the rules read them: a roll's label is the one the rules give.
      this.answers.splice(at, ctx.consumed.length, ...ctx.consumed);
      round += 1;
      at = ctx.used;
      this.snapshots.push({
        at,
        round,
        state: cloneState(state),
        explained: this.explained.length,
      });
    }
  }
}
