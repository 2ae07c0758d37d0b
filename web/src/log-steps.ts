// The log as the GM reads it: each answer in a line, and the step that "Undo the last decision"
// takes back (the last decision with the rolls after it, as engine/undo-decisions.ts counts
// steps for the API's `"unit": "decision"`).
import type { Encounter } from "./types.js";

export type LogAnswer = Encounter["log"][number];

/** The answers the last step holds: from the last decision on (every answer if none). */
export function lastStep(log: readonly LogAnswer[]): readonly LogAnswer[] {
  let start = log.length - 1;
  while (start > 0 && log[start]!.kind !== "decide") start -= 1;
  return log.slice(Math.max(0, start));
}

/** One answer in a line: "Tombril's damage: [5, 3, 4, 3, 2] = 17 (table)", "Tombril: action: …". */
export function answerText(answer: LogAnswer, nameOf: (id: string) => string): string {
  if (answer.kind === "roll") {
    const rolled = answer.dice ?? String(answer.value);
    return `${answer.label}: ${rolled}${answer.by === undefined ? "" : ` (${answer.by})`}`;
  }
  const value = typeof answer.value === "string" ? answer.value : JSON.stringify(answer.value);
  return `${nameOf(answer.actor)}: ${answer.question}: ${value}`;
}
