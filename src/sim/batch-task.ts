// One batch of runs as sent to a worker thread. Rulesets hold functions and cannot cross threads,
// so a task carries the encounter file's content (as parsed, after any sweep edits) and the URL of
// a module exporting the ruleset registry (`rulesets`); the worker re-parses the file once and
// keeps the definition for the following batches.
import type { RulesetRegistry } from "../engine/encounter-file.js";
import { parseEncounterFile, type EncounterDefinition } from "../engine/encounter-file.js";
import type { JsonObject } from "../engine/json.js";
import type { BatchRange } from "./run-batch.js";

export interface BatchTask extends BatchRange {
  /** URL of an ES module that exports `rulesets: RulesetRegistry`. */
  readonly registry: string;
  readonly file: JsonObject;
  /** Names the file in error messages. */
  readonly source: string;
}

/** The registry Fray ships (src/rulesets/index.ts), as a module URL for workers. */
export const DEFAULT_REGISTRY = new URL("../rulesets/index.js", import.meta.url).href;

let cached: { key: string; def: EncounterDefinition } | undefined;

/** The definition a task describes, parsed once per worker and encounter. */
export async function taskDefinition(task: BatchTask): Promise<EncounterDefinition> {
  const key = `${task.registry}\n${JSON.stringify(task.file)}`;
  if (cached?.key !== key) {
    const mod = (await import(task.registry)) as { rulesets?: RulesetRegistry };
    if (mod.rulesets === undefined) throw new Error(`${task.registry} exports no \`rulesets\``);
    cached = { key, def: parseEncounterFile(task.file, mod.rulesets, task.source) };
  }
  return cached.def;
}
