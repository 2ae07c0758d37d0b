// A position of an encounter: where the answers given so far have brought the fight. It is the
// state at the start of the current round plus the answers already given in that round, because
// a round is the unit the engine replays (snapshots are taken at round ends): to carry on from a
// position, a driver plays the round again from its start through `ReplayContext`, which gives
// the recorded answers first and then hands every later choice point to another driver (the
// policy driver for a simulation, the exact driver for the advisor). The GM's changes among the
// recorded answers are applied where they stand, as replay applies them.
import type { Answer } from "./answers.js";
import type { DecisionOptions, Excess, RollSpec, RuleContext } from "./choice.js";
import { copierOf } from "./clone.js";
import { FightEnded, PendingChoice, type PendingChoiceData } from "./drivers/pending.js";
import { ScriptContext, type GmApplier } from "./drivers/script.js";
import { DEFAULT_MAX_ROUNDS, gmApplier } from "./encounter.js";
import type { EncounterDefinition } from "./encounter-file.js";
import type { Json } from "./json.js";
import type { Outcome } from "./ruleset.js";

/** A fight in progress, waiting at a choice point. */
export interface Position {
  readonly kind: "position";
  /** The state at the start of the current round; shared, so clone it before playing on. */
  readonly roundStart: object;
  /** The current round (1 = the first). */
  readonly round: number;
  /** The answers given in the current round so far, in order. */
  readonly given: readonly Answer[];
  /** The answers replayed to get here, from the start of the fight. */
  readonly answers: number;
  /** The choice point the fight waits at. */
  readonly choice: PendingChoiceData;
  /** The state at that choice point (the current round played up to it). */
  readonly state: object;
}

/** A fight that the answers have ended: there is no position to carry on from. */
export interface FinishedFight {
  readonly kind: "over";
  readonly outcome: Outcome;
  /** Rounds played. */
  readonly rounds: number;
  /** Answers the rules used before the fight ended. */
  readonly answers: number;
  /** The state the fight ended in. */
  readonly state: object;
}

/**
 * Replays `answers` round by round, from the encounter's setup, until a choice point has no
 * answer: that is the position. An answer the rules refuse fails as replay does (`AnswerError`,
 * naming the answer).
 */
export function replayToPosition(
  def: EncounterDefinition,
  answers: readonly Answer[],
): Position | FinishedFight {
  const rules = def.ruleset;
  // Each round is played on a copy made by the ruleset's own `copy` where it has one, as exact
  // odds copy a state: the generic clone gave Swords & Wizardry's fighters other hidden classes
  // than its copies, and the advisor's code, compiled for one, was thrown away at the next call
  // (its group fight: 5.1 s the first call, 10 s each after).
  const copy = copierOf(rules);
  let state: object = rules.setup(def.setup);
  let at = 0;
  let round = 0;
  for (; round < DEFAULT_MAX_ROUNDS; round += 1) {
    const outcome = rules.outcome(state);
    if (outcome !== null) return { kind: "over", outcome, rounds: round, answers: at, state };
    const working = copy(state);
    const ctx = new ScriptContext(answers, rules.id, at, gmApplier(def, working));
    try {
      rules.round(working, ctx);
    } catch (error) {
      if (error instanceof FightEnded) {
        return {
          kind: "over",
          outcome: error.outcome,
          rounds: round,
          answers: error.used,
          state: working,
        };
      }
      if (!(error instanceof PendingChoice)) throw error;
      return {
        kind: "position",
        roundStart: state,
        round: round + 1,
        given: answers.slice(at, error.choice.index),
        answers: error.choice.index,
        choice: error.choice,
        state: working,
      };
    }
    state = working;
    at = ctx.used;
  }
  return {
    kind: "over",
    outcome: { winner: null, reason: `no side won within ${DEFAULT_MAX_ROUNDS} rounds` },
    rounds: round,
    answers: at,
    state,
  };
}

/**
 * Plays on from a position: answers the round's recorded answers first, in order, then hands
 * every later choice point to `inner`. The answers were checked when they were given and again
 * by the replay that found the position, so they are taken as they are (this runs once per
 * simulated fight); they fit because a procedure is a pure function of its answers, and a
 * mismatch means a ruleset that is not. The GM's changes among them are applied with
 * `applyGm` (`gmApplier` over the state the round is played on).
 */
export class ReplayContext implements RuleContext {
  readonly explaining = false;
  private at = 0;
  /** The inner context's, but a recorded roll's answer stands for itself alone. */
  readonly excess: Excess | undefined;
  private replayed: number | null = null;
  /**
   * Resumable points count once the recorded answers are all given (the state holds the rest);
   * none where the inner context has none (a simulation's), so that a ruleset does not write
   * into the state what only a resumed run reads (karn's melee plan) where nothing resumes.
   */
  readonly checkpoint: (() => boolean) | undefined;

  constructor(
    private readonly given: readonly Answer[],
    private readonly inner: RuleContext,
    private readonly applyGm: GmApplier,
  ) {
    const excess = inner.excess;
    this.excess =
      excess === undefined
        ? undefined
        : { mean: () => this.replayed ?? excess.mean(), add: (id, n) => excess.add(id, n) };
    this.checkpoint =
      inner.checkpoint === undefined
        ? undefined
        : () => this.at >= this.given.length && inner.checkpoint?.() === true;
  }

  roll(spec: RollSpec, label: string, actor?: string, low?: number, high?: number): number {
    this.gmChanges(actor);
    const answer = this.next();
    this.replayed = null;
    if (answer === undefined) return this.inner.roll(spec, label, actor, low, high);
    if (answer.kind !== "roll") throw drifted(answer, label);
    this.replayed = answer.value;
    return answer.value;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    this.gmChanges(actor);
    const answer = this.next();
    if (answer === undefined) return this.inner.decide(actor, question, options);
    if (answer.kind !== "decide" || answer.actor !== actor || answer.question !== question)
      throw drifted(answer, `${actor}: ${question}`);
    return answer.value as T;
  }

  explain(): void {}

  private gmChanges(acting: string | undefined): void {
    for (let a = this.given[this.at]; a?.kind === "gm"; a = this.given[this.at]) {
      this.applyGm(a, acting);
      this.at += 1;
    }
  }

  private next(): Answer | undefined {
    const answer = this.given[this.at];
    if (answer !== undefined) this.at += 1;
    return answer;
  }
}

function drifted(answer: Answer, asked: string): Error {
  const found =
    answer.kind === "roll"
      ? answer.label
      : answer.kind === "decide"
        ? `${answer.actor}: ${answer.question}`
        : "a change of the GM's hand";
  return new Error(
    `replay drifted: the rules ask ${asked} where they asked ${found}; a ruleset's procedures must be pure functions of their answers`,
  );
}
