// The last result, for the card beside the prompt: the encounter's `lastResult` when the reply
// carries it; until then the last step of the log that caused something (a decision with the
// rolls after it, as "Undo the last decision" counts a step), its dice and the explanations it
// caused. It stays until a newer step causes something.
import { decisionText, lastStep, type LogAnswer } from "./log-steps.js";
import type { Encounter, Explanation, ResultData } from "./types.js";

type ResultEncounter = Encounter & { readonly lastResult?: ResultData | null };

export function lastResultOf(encounter: Encounter): ResultData | null {
  const given = (encounter as ResultEncounter).lastResult;
  if (given !== undefined) return given;
  const nameOf = (id: string) => encounter.views.gm.find((c) => c.id === id)?.name ?? id;
  return resultFromLog(encounter.log, encounter.explanations, nameOf);
}

export function resultFromLog(
  log: readonly LogAnswer[],
  explanations: readonly Explanation[],
  nameOf: (id: string) => string,
): ResultData | null {
  const at = Math.max(0, ...explanations.map((e) => e.at));
  if (at === 0) return null;
  const step = lastStep(log.slice(0, at));
  const start = at - step.length;
  const first = step[0];
  const heading =
    first === undefined
      ? "Before the first answer"
      : first.kind === "decide"
        ? `${nameOf(first.actor)}: ${decisionText(first)}`
        : (first.label ?? "the GM changes the fight");
  return {
    at,
    heading,
    rolls: step.flatMap((a) =>
      a.kind === "roll"
        ? [
            {
              label: a.label,
              dice: a.dice ?? `= ${a.value}`,
              ...(a.by === undefined ? {} : { by: a.by }),
            },
          ]
        : [],
    ),
    changes: [],
    explanations: explanations
      .filter((e) => e.at > start && e.at <= at)
      .map(({ rule, text }) => ({ rule, text })),
  };
}
