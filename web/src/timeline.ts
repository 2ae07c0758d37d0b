// "What happened" in causal order: every answer of the log (a roll with its dice, a decision)
// followed by what it caused (the explanations given once it was in), as `at` ties each
// explanation to the number of answers given by then.
import type { LogAnswer } from "./log-steps.js";
import type { Explanation } from "./types.js";

export type TimelineEntry =
  | { readonly kind: "answer"; readonly n: number; readonly answer: LogAnswer }
  | { readonly kind: "explanation"; readonly at: number; readonly explanation: Explanation };

export function timeline(
  log: readonly LogAnswer[],
  explanations: readonly Explanation[],
): TimelineEntry[] {
  const byAt = new Map<number, Explanation[]>();
  for (const e of explanations) byAt.set(e.at, [...(byAt.get(e.at) ?? []), e]);
  const caused = (at: number): TimelineEntry[] =>
    (byAt.get(at) ?? []).map((explanation) => ({ kind: "explanation", at, explanation }));
  return [
    ...caused(0),
    ...log.flatMap((answer, i): TimelineEntry[] => [
      { kind: "answer", n: i + 1, answer },
      ...caused(i + 1),
    ]),
  ];
}

/** The timeline cut into steps: an answer with what it caused (and first what came before any). */
export function timelineSteps(entries: readonly TimelineEntry[]): TimelineEntry[][] {
  const steps: TimelineEntry[][] = [];
  for (const entry of entries) {
    const last = steps[steps.length - 1];
    if (entry.kind === "answer" || last === undefined) steps.push([entry]);
    else last.push(entry);
  }
  return steps;
}
