// The HTTP API's advisor as one task (advisor.ts runs it on a worker thread; piscina loads the
// built dist/server/advice-worker.js): the encounter rebuilt from its stored file and answers,
// then the advisor at its next decision (a ruleset loaded with `--ruleset` loaded here too). Rulesets hold functions and cannot cross threads, so the
// task carries the file's content, as a simulation's batch does (src/sim/batch-task.ts).
import { adviseNextDecision } from "../app/advise-pending.js";
import type { Answer } from "../engine/answers.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import type { JsonObject } from "../engine/json.js";
import { loadRulesetModule, rulesets } from "../app/rulesets.js";

export interface AdviceTask {
  readonly file: JsonObject;
  /** Names the encounter in error messages ("encounter 3"). */
  readonly source: string;
  readonly answers: readonly Answer[];
  /** Seed of the rolls made before the decision, and of sampling a round too large to enumerate. */
  readonly seed: number;
  readonly samples: number;
  /** The module of the encounter's ruleset when it was loaded from outside Fray (`--ruleset`). */
  readonly rulesetModule?: string;
}

export type AdviceResult = ReturnType<typeof adviseNextDecision>;

export default async function adviseTask(task: AdviceTask): Promise<AdviceResult> {
  if (task.rulesetModule !== undefined) await loadRulesetModule(task.rulesetModule);
  const definition = parseEncounterFile(task.file, rulesets, task.source);
  const encounter = Encounter.fromAnswers(definition, task.answers);
  return adviseNextDecision(encounter, task.seed, task.samples);
}
