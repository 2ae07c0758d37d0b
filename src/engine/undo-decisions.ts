// Undo and redo by decisions: what a person at the table calls one step. A step is a decision
// (or a change of the GM's hand) with the rolls that follow it (rolls before the first decision
// go with the first step back).
// `fray play`, the HTTP API and the console take back and give back these steps; Encounter's
// own undo and redo count single answers.
import type { Encounter } from "./encounter.js";

/** What a step-wise undo or redo did: the decisions and the answers in all it took or gave. */
export interface DecisionSteps {
  readonly decisions: number;
  readonly answers: number;
}

/**
 * Takes back the last `steps` decisions and the rolls after each (any number, across rounds):
 * the rolls at the end of the log, then the decision they follow, `steps` times over.
 */
export function undoDecisions(encounter: Encounter, steps = 1): DecisionSteps {
  let decisions = 0;
  let answers = 0;
  while (decisions < steps && encounter.log.length > 0) {
    if (encounter.log[encounter.log.length - 1]!.kind !== "roll") decisions += 1;
    answers += encounter.undo(1);
  }
  return { decisions, answers };
}

/**
 * Gives back up to `steps` decisions that undo took, each with the rolls after it: the mirror
 * of `undoDecisions`, so that one undone step comes back whole.
 */
export function redoDecisions(encounter: Encounter, steps = 1): DecisionSteps {
  let decisions = 0;
  let answers = 0;
  while (encounter.canRedo > 0) {
    answers += encounter.redo(1);
    if (encounter.log[encounter.log.length - 1]!.kind === "roll") continue;
    if (decisions === steps) {
      // The next step's decision: it stays to redo (undo puts it back on top of the redo stack).
      answers -= encounter.undo(1);
      break;
    }
    decisions += 1;
  }
  return { decisions, answers };
}
