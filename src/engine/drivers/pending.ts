// A choice point that has no answer yet. The script driver throws it to stop a procedure where
// it stands; whoever runs the encounter asks the table (or a policy) and replays with the answer.
import type { DecisionOptions, RollSpec } from "../choice.js";
import type { Json } from "../json.js";
import type { Outcome } from "../ruleset.js";

export type PendingRoll = {
  readonly kind: "roll";
  readonly index: number;
  readonly label: string;
  readonly actor: string | undefined;
  readonly spec: RollSpec;
};

export type PendingDecision = {
  readonly kind: "decide";
  readonly index: number;
  readonly actor: string;
  readonly question: string;
  readonly options: DecisionOptions<Json>;
};

export type PendingChoiceData = PendingRoll | PendingDecision;

/** Where the JavaScript engine has one (V8), how many frames a new Error's stack keeps. */
const stackFrames = Error as { stackTraceLimit?: number };

/**
 * Control flow, not a failure: thrown at every replay that stops at a choice (each answer the
 * server takes, each step of auto-play), caught by whoever runs the round. An Error still (for
 * the catches that pass on what is not theirs), but made without a stack trace, whose capture
 * was most of a throw's cost.
 */
export class PendingChoice extends Error {
  constructor(readonly choice: PendingChoiceData) {
    const frames = stackFrames.stackTraceLimit;
    stackFrames.stackTraceLimit = 0;
    super(`pending ${choice.kind} at answer ${choice.index}`);
    stackFrames.stackTraceLimit = frames;
  }
}

/**
 * A change of the GM's hand ended the fight where it stands in the log (a ruling, or the rules
 * once the change was applied): the round stops there and the encounter is over.
 */
export class FightEnded extends Error {
  constructor(
    readonly outcome: Outcome,
    /** Answers used, the change included. */
    readonly used: number,
  ) {
    super(`the fight ended at answer ${used}: ${outcome.reason}`);
  }
}
