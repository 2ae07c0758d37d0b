// A reroll at the GM's request: the last answer, a roll, is taken back and Fray rolls it again.
// Fray's dice come from the roll's position in the log (undo then "Fray rolls" gives the same
// dice), so each reroll is another attempt with a stream of its own: fresh dice, the same ones
// every time the log is replayed. The new answer keeps the dice it replaced.
import type { RollAnswer } from "./answers.js";
import { seededRoll } from "./drivers/live.js";
import { AnswerError } from "./drivers/validate.js";
import type { Encounter } from "./encounter.js";

export function rerollLast(encounter: Encounter, seed: number): RollAnswer {
  const last = encounter.log[encounter.log.length - 1];
  if (last === undefined || last.kind !== "roll") {
    throw new AnswerError(
      last === undefined
        ? "nothing to roll again: no answer given yet"
        : "the last answer is not a roll: only the last roll can be rolled again",
      "log",
      "undo to the roll first, or roll the pending roll",
    );
  }
  encounter.undo(1);
  const status = encounter.status;
  if (status.kind !== "pending" || status.choice.kind !== "roll") {
    throw new Error("undoing a roll must leave that roll pending");
  }
  const rolled = seededRoll(status.choice, seed, (last.attempt ?? 0) + 1);
  const answer: RollAnswer = {
    ...rolled,
    rerolled: [...(last.rerolled ?? []), last.dice ?? String(last.value)],
  };
  encounter.give(answer);
  return answer;
}
