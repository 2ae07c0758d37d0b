// An encounter in play. Its log is the list of answers; its state is derived by replaying the
// answers from the last snapshot (snapshots are taken at round ends and are only a cache). Undo
// drops answers from the end, across any number of rounds; redo puts them back; a branch is a new
// encounter on a prefix of the answers (docs/architecture.md, "How a procedure stops at a choice
// point"). A change of the GM's hand is an answer too: replay applies it where it stands
// (gm-changes.ts).
import { copierOf } from "./clone.js";
import { decideAnswer, playerOf, type AnsweredBy, type Answer } from "./answers.js";
import type { Section } from "./choice.js";
import type { EncounterDefinition } from "./encounter-file.js";
import { makeExplanation, type Explanation } from "./explanation.js";
import { applyGmChange, gmCombatants, type GmCombatant } from "./gm-changes.js";
import { FightEnded, PendingChoice, type PendingChoiceData } from "./drivers/pending.js";
import { ScriptContext, type GmApplier } from "./drivers/script.js";
import { AnswerError, checkDecision, checkRoll } from "./drivers/validate.js";
import type { Json } from "./json.js";
import type { CombatantView, Outcome, Ruleset, TurnOrder, Viewer } from "./ruleset.js";

export type EncounterStatus =
  | { readonly kind: "pending"; readonly choice: PendingChoiceData }
  | { readonly kind: "over"; readonly outcome: Outcome };

interface Snapshot {
  readonly at: number;
  readonly round: number;
  readonly state: object;
  readonly explained: number;
}

/** Where replaying answers from a snapshot has brought the fight. */
interface Played {
  readonly state: object;
  readonly round: number;
  readonly status: EncounterStatus;
  /** Answers the rules used (all of them unless the fight ended before the last). */
  readonly consumed: number;
}

/** Fights that run this long end as a draw (a guard against rules that cannot end a fight). */
export const DEFAULT_MAX_ROUNDS = 500;

const ROUND: Section = { id: "fray-round", title: "Round" };

/** The GM's changes applied to `state`, the working state of the round being replayed. */
export function gmApplier(definition: EncounterDefinition, state: object): GmApplier {
  const rules = definition.ruleset as Ruleset<object>;
  const sides = definition.setup.sides;
  return (answer, acting) => applyGmChange(rules, state, answer.change, { sides, acting });
}

/** The combatant a pending choice asks or rolls for (a decision of "gm" or a side has none). */
export function actingOf(choice: PendingChoiceData): string | undefined {
  return choice.actor;
}

export class Encounter {
  private answers: Answer[] = [];
  private redoStack: Answer[] = [];
  private snapshots: Snapshot[];
  private explained: Explanation[] = [];
  private live!: Played;
  /**
   * The ruleset's own copy where it has one, as exact odds and `replayToPosition` copy: the
   * generic clone gave fighters other hidden classes than the ruleset's copies, and V8 threw
   * the rules' and tactics' compiled code away when a state of the other kind came along.
   */
  private readonly copy: (state: object) => object;

  constructor(
    readonly definition: EncounterDefinition,
    readonly maxRounds: number = DEFAULT_MAX_ROUNDS,
  ) {
    this.copy = copierOf(definition.ruleset as Ruleset<object>);
    const state = definition.ruleset.setup(definition.setup);
    this.snapshots = [{ at: 0, round: 0, state: this.copy(state), explained: 0 }];
    this.replay();
  }

  /** Rebuilds an encounter from recorded answers; a wrong answer fails with its position. */
  static fromAnswers(definition: EncounterDefinition, answers: readonly Answer[]): Encounter {
    const encounter = new Encounter(definition);
    encounter.answers = [...answers];
    encounter.replay();
    if (encounter.status.kind === "over" && encounter.live.consumed < answers.length) {
      throw new AnswerError(
        `the fight is over after ${encounter.live.consumed} answers but the log has ${answers.length}`,
        `answer ${encounter.live.consumed + 1}`,
        "the log does not fit this encounter: check the ruleset version and switches",
        encounter.live.consumed + 1,
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

  /** The answers undo took back, the next one to redo last. */
  get redoable(): readonly Answer[] {
    return this.redoStack;
  }

  view(viewer: Viewer): readonly CombatantView[] {
    return this.ruleset.view(this.live.state, viewer);
  }

  /** The order of the round in play, with the combatant the pending choice is for acting. */
  order(): TurnOrder {
    const status = this.live.status;
    return this.ruleset.order(
      this.live.state,
      status.kind === "pending" ? actingOf(status.choice) : undefined,
    );
  }

  /** What the GM may change by hand on each combatant, where the fight stands. */
  gmCombatants(): GmCombatant[] {
    return gmCombatants(this.ruleset as Ruleset<object>, this.live.state);
  }

  /**
   * The state after the first `n` answers (at the choice point the next one answers, or where
   * the fight ended): replays from the last snapshot before it, changing nothing here.
   */
  stateAfter(n: number): object {
    if (n === this.answers.length) return this.live.state;
    const start = [...this.snapshots].reverse().find((s) => s.at <= n) ?? this.snapshots[0]!;
    return this.play(start, this.answers.slice(0, n), []).state;
  }

  /**
   * Answers the pending choice, or makes a change of the GM's hand there; refuses an answer the
   * choice does not allow, or a change the rules refuse, changing nothing.
   */
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
    if (answer.kind === "gm") {
      recorded = { kind: "gm", change: answer.change };
    } else if (choice.kind === "roll") {
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
          `${choice.options.prompt}: the rules ask for a decision, not a roll`,
          `${choice.actor}: ${choice.question}`,
        );
      }
      const value = checkDecision(choice.actor, choice.question, choice.options, answer.value);
      recorded = decideAnswer(choice.actor, choice.question, choice.options, value, answer);
    }
    const redoStack = this.redoStack;
    this.answers.push(recorded);
    try {
      this.replay();
    } catch (error) {
      // Only a change of the GM's hand is checked by the replay itself.
      this.answers.pop();
      this.replay();
      throw error;
    }
    const given = this.answers[this.answers.length - 1]!;
    const redo = redoStack[redoStack.length - 1];
    if (redo !== undefined && JSON.stringify(redo) === JSON.stringify(given)) redoStack.pop();
    else this.redoStack = [];
  }

  /** The actor's tactic's answer to the pending decision (undefined when none is pending). */
  get tacticAnswer(): Json | undefined {
    const status = this.status;
    if (status.kind !== "pending" || status.choice.kind !== "decide") return undefined;
    const { actor, question, options } = status.choice;
    return this.definition.playbook.answer(actor, question, options);
  }

  /** Answers a pending decision with the actor's tactic's answer (at a player's request, when `by` says). */
  decideByPolicy(by: AnsweredBy = {}): Json {
    const status = this.status;
    if (status.kind !== "pending" || status.choice.kind !== "decide") {
      throw new AnswerError("no decision is pending");
    }
    const { actor, question, options } = status.choice;
    const value = this.definition.playbook.answer(actor, question, options);
    this.give({ kind: "decide", actor, question, value, ...playerOf(by) });
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

  private replay(): void {
    const start = this.snapshots[this.snapshots.length - 1]!;
    this.explained.length = start.explained;
    this.live = this.play(start, this.answers, this.explained, this.snapshots);
  }

  /**
   * Replays `answers` from `start` round by round until a choice point has no answer or the
   * fight ends. Explanations go to `explained`, the snapshots of rounds completed to `snapshots`;
   * the answers used are kept as the driver read them (with their labels worked out).
   */
  private play(
    start: Snapshot,
    answers: Answer[],
    explained: Explanation[],
    snapshots?: Snapshot[],
  ): Played {
    const rules = this.ruleset;
    const state = this.copy(start.state);
    const applyGm = gmApplier(this.definition, state);
    let round = start.round;
    let at = start.at;
    for (;;) {
      const outcome = rules.outcome(state);
      if (outcome !== null || round >= this.maxRounds) {
        const ended: Outcome = outcome ?? {
          winner: null,
          reason: `no side won within ${this.maxRounds} rounds`,
        };
        return { state, round, status: { kind: "over", outcome: ended }, consumed: at };
      }
      const ctx = new ScriptContext(answers, rules.id, at, applyGm);
      explained.push(makeExplanation(rules.id, at, ROUND, `round ${round + 1} begins`, undefined));
      const keep = () => {
        explained.push(...ctx.explanations);
        ctx.consumed.forEach((a, i) => (answers[at + i] = a));
      };
      try {
        rules.round(state, ctx);
      } catch (error) {
        keep();
        if (error instanceof FightEnded) {
          return {
            state,
            round,
            status: { kind: "over", outcome: error.outcome },
            consumed: error.used,
          };
        }
        if (!(error instanceof PendingChoice)) throw error;
        return {
          state,
          round,
          status: { kind: "pending", choice: error.choice },
          consumed: ctx.used,
        };
      }
      keep();
      round += 1;
      at = ctx.used;
      snapshots?.push({ at, round, state: this.copy(state), explained: explained.length });
    }
  }
}
