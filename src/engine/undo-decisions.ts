// Undo and redo by decisions: what a person at the table calls one step. A step is a decision
// (or a change of the GM's hand) with the rolls that follow it; the rolls before the first
// decision are a step of their own.
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
 * Gives back up to `steps` steps that undo took, each a decision with the rolls after it: the
 * mirror of `undoDecisions`, so that one undone step comes back whole. From the log's start, the
 * rolls before the first decision (a round's initiative) are a step of their own, as
 * `undoDecisions` takes them back: undone twice, then redone once, tnt's group fight gave back
 * its five initiative rolls with Weasel's move after them, both steps.
 */
export function redoDecisions(encounter: Encounter, steps = 1): DecisionSteps {
  let decisions = 0;
  let answers = 0;
  let given = 0;
  while (encounter.canRedo > 0) {
    answers += encounter.redo(1);
    const at = encounter.log.length - 1;
    const roll = encounter.log[at]!.kind === "roll";
    // A step begins at a decision, or at the log's start.
    if (roll && at > 0) continue;
    if (given === steps) {
      // The next step's first answer: it stays to redo (undo puts it back on top of the stack).
      answers -= encounter.undo(1);
      break;
    }
    given += 1;
    if (!roll) decisions += 1;
  }
  return { decisions, answers };
}
