// The log as the GM reads it: each answer in a line, and the step that "Undo the last decision"
// takes back (the last decision with the rolls after it, as engine/undo-decisions.ts counts
// steps for the API's `"unit": "decision"`).
import type { Encounter } from "./types.js";

export type LogAnswer = Encounter["log"][number];

/**
 * The answers the last step holds: from the last decision (or change of the GM's hand) on
 * (every answer if none).
 */
export function lastStep(log: readonly LogAnswer[]): readonly LogAnswer[] {
  let start = log.length - 1;
  while (start > 0 && log[start]!.kind === "roll") start -= 1;
  return log.slice(Math.max(0, start));
}

/**
 * One answer in a line: "Tombril's damage: [5, 3, 4, 3, 2] = 17 (table)", "Tombril: action: …";
 * one a player gave on their screen says who: "Mara typed [5, 3] = 8 for Tombril's damage",
 * "Mara chose for Tombril: …".
 */
export function answerText(answer: LogAnswer, nameOf: (id: string) => string): string {
  if (answer.kind === "roll") {
    const rolled = answer.dice ?? String(answer.value);
    if (answer.player !== undefined) {
      return answer.by === "fray"
        ? `${answer.player} had Fray roll ${answer.label}: ${rolled}`
        : `${answer.player} typed ${rolled} for ${answer.label}`;
    }
    return `${answer.label}: ${rolled}${answer.by === undefined ? "" : ` (${answer.by})`}`;
  }
  if (answer.kind === "gm") return answer.label ?? "the GM changes the fight";
  const chose = `${nameOf(answer.actor)}: ${decisionText(answer)}`;
  return answer.player === undefined ? chose : `${answer.player} chose for ${chose}`;
}

/**
 * What a decision chose: the option's label when the log keeps it, else its question and value.
 */
export function decisionText(answer: Extract<LogAnswer, { kind: "decide" }>): string {
  const { label } = answer as { readonly label?: string };
  if (label !== undefined) return label;
  const value = typeof answer.value === "string" ? answer.value : JSON.stringify(answer.value);
  return `${answer.question}: ${value}`;
}

/**
 * What "Undo the last decision" takes back, in a line: the decision and its rolls, or, past two
 * rolls, how many with the last of them ("gm: fumble: chart, and the 12 rolls after it, the
 * last: …"), since a round of some rules rolls a dozen times after one decision.
 */
export function stepText(step: readonly LogAnswer[], nameOf: (id: string) => string): string {
  const [first, ...rest] = step;
  if (first === undefined) return "";
  const rolls = first.kind === "roll" ? step.length : rest.length;
  if (rolls <= 2) return step.map((a) => answerText(a, nameOf)).join("; ");
  const last = `the last: ${answerText(step[step.length - 1]!, nameOf)}`;
  return first.kind === "roll"
    ? `the ${rolls} rolls so far, ${last}`
    : `${answerText(first, nameOf)}, and the ${rolls} rolls after it, ${last}`;
}
