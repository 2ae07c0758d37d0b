// One batch of runs as sent to a worker thread. Rulesets hold functions and cannot cross threads,
// so a task carries the encounter file's content (as parsed, after any sweep edits) and the URL of
// a module exporting the ruleset registry (`rulesets`); the worker re-parses the file once and
// keeps the definition for the following batches. With the registry Fray ships, the task also
// names the module of the encounter's ruleset alone (DESIGN.md: one folder per rule system,
// src/rulesets/<id>/), and the worker loads only that: the whole registry took a worker about
// twice as long to load (every ruleset and its tables), time in which it plays no fight.
import type { RulesetRegistry } from "../engine/encounter-file.js";
import { parseEncounterFile, type EncounterDefinition } from "../engine/encounter-file.js";
import type { JsonObject } from "../engine/json.js";
import type { BatchRange } from "./run-batch.js";

export interface BatchTask extends BatchRange {
  /** URL of an ES module that exports `rulesets: RulesetRegistry`. */
  readonly registry: string;
  /**
   * URL of the module of the file's ruleset alone, if known; it must export the ruleset (the
   * object whose `id` is the file's `ruleset`). The worker falls back to `registry` otherwise.
   */
  readonly rulesetModule?: string;
  readonly file: JsonObject;
  /** Names the file in error messages. */
  readonly source: string;
}

/** The registry Fray ships (src/rulesets/index.ts), as a module URL for workers. */
export const DEFAULT_REGISTRY = new URL("../rulesets/index.js", import.meta.url).href;

/** The module of ruleset `id` in the registry Fray ships; undefined for any other registry. */
export function rulesetModuleOf(registry: string, id: string): string | undefined {
  if (registry !== DEFAULT_REGISTRY) return undefined;
  return new URL(`../rulesets/${encodeURIComponent(id)}/index.js`, import.meta.url).href;
}

/** The ruleset exported by `task.rulesetModule`, as a registry of one; undefined if none is. */
async function oneRuleset(task: BatchTask): Promise<RulesetRegistry | undefined> {
  const id = task.file["ruleset"];
  if (task.rulesetModule === undefined || typeof id !== "string") return undefined;
  // A module that is not there, or does not export the ruleset, leaves it to the registry,
  // which reports the same problems as the main thread's parse did.
  const mod = (await import(task.rulesetModule).catch(() => undefined)) as
    Record<string, unknown> | undefined;
  const ruleset = Object.values(mod ?? {}).find(
    (x) => typeof x === "object" && x !== null && (x as { id?: unknown }).id === id,
  );
  return ruleset === undefined ? undefined : { [id]: ruleset as RulesetRegistry[string] };
}

async function load(task: BatchTask): Promise<EncounterDefinition> {
  let registry = await oneRuleset(task);
  if (registry === undefined) {
    const mod = (await import(task.registry)) as { rulesets?: RulesetRegistry };
    if (mod.rulesets === undefined) throw new Error(`${task.registry} exports no \`rulesets\``);
    registry = mod.rulesets;
  }
  return parseEncounterFile(task.file, registry, task.source);
}

let cached: { key: string; def: Promise<EncounterDefinition> } | undefined;

/**
 * The definition a task describes, parsed once per worker and encounter. The promise is what is
 * kept: a worker receives its first two tasks together (runner.ts), and both wait for one parse.
 */
export function taskDefinition(task: BatchTask): Promise<EncounterDefinition> {
  const key = `${task.registry}\n${task.rulesetModule}\n${JSON.stringify(task.file)}`;
  if (cached?.key !== key) cached = { key, def: load(task) };
  return cached.def;
}
