// The advisor at an encounter's next decision, as `fray advise` and the HTTP API give it: rolls
// pending before the decision are rolled from the seed first, as `fray play` would, and listed.
import { adviseDecision, type Advice, type AdviceOptions } from "../engine/advice.js";
import { seededRoll } from "../engine/drivers/live.js";
import type { Encounter } from "../engine/encounter.js";

/** Rolls on `encounter` up to its next decision, then ranks that decision's options. */
export function adviseNextDecision(
  encounter: Encounter,
  seed: number,
  samples: number,
  more: Pick<AdviceOptions, "horizon" | "maxStates" | "progress"> = {},
): { advice: Advice; rolled: string[] } {
  const rolled: string[] = [];
  for (
    let status = encounter.status;
    status.kind === "pending" && status.choice.kind === "roll";
    status = encounter.status
  ) {
    const answer = seededRoll(status.choice, seed);
    encounter.give(answer);
    rolled.push(`${answer.label}: ${answer.dice ?? answer.value}`);
  }
  return {
    advice: adviseDecision(encounter.definition, encounter.log, { ...more, seed, samples }),
    rolled,
  };
}
