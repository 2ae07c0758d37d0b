// Where a simulation starts: the encounter's start, or the position that the answers already
// given lead to, for "what are the odds now?" in a fight in progress (engine/position.ts). The
// main thread and each worker find the position once per simulation, and every fight is then
// played on from it (`runFightFrom`); the summary says where that was.
import type { Answer } from "../engine/answers.js";
import { AnswerError } from "../engine/drivers/validate.js";
import type { EncounterDefinition } from "../engine/encounter-file.js";
import { replayToPosition, type Position } from "../engine/position.js";

/** Where the fights of a simulation start. */
export interface SimStart {
  /** The round they start in (1 = the first); rounds to the end count from its start. */
  readonly round: number;
  /** Answers replayed from the start of the fight to get there (0: the fight's start). */
  readonly answers: number;
  /** Of those, the answers given in that round so far. */
  readonly answersInRound: number;
}

export const FIGHT_START: SimStart = { round: 1, answers: 0, answersInRound: 0 };

/** The position that `answers` lead to; a fight that they have ended has none to simulate. */
export function simulationPosition(def: EncounterDefinition, answers: readonly Answer[]): Position {
  const replayed = replayToPosition(def, answers);
  if (replayed.kind === "over") {
    throw new AnswerError(
      `the fight is over after ${replayed.answers} answers (${replayed.outcome.reason}): there is nothing left to simulate`,
      "answers",
      "simulate from an earlier answer (undo the last ones), or from the start of the fight",
    );
  }
  return replayed;
}

export function startOf(position: Position): SimStart {
  return {
    round: position.round,
    answers: position.answers,
    answersInRound: position.given.length,
  };
}
