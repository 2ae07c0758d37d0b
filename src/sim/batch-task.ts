// One batch of runs as sent to a worker thread. Rulesets hold functions and cannot cross threads,
// so a task carries the encounter file's content (as parsed, after any sweep edits) and the URL of
// a module exporting the ruleset registry (`rulesets`); the worker re-parses the file once and
// keeps the definition for the following batches. With the registry Fray ships, the task also names
// the module of the encounter's ruleset alone (docs/architecture.md, "Layers": one folder per rule
// system, src/rulesets/<id>/), and the worker loads only that: the whole registry took a worker
// about twice as long to load (every ruleset and its tables), time in which it plays no fight. A
// simulation from a fight in progress carries the answers given so far too, and the worker finds
// their position once, with the definition.
import type { Answer } from "../engine/answers.js";
import type { RulesetRegistry } from "../engine/encounter-file.js";
import { parseEncounterFile, type EncounterDefinition } from "../engine/encounter-file.js";
import type { JsonObject } from "../engine/json.js";
import type { Position } from "../engine/position.js";
import type { BatchRange } from "./run-batch.js";
import { simulationPosition } from "./start.js";

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
  /** The answers given so far, when the fights start from their position (start.ts). */
  readonly answers?: readonly Answer[];
}

/** What a worker plays: the encounter, from its start or from a position. */
export interface TaskFight {
  readonly definition: EncounterDefinition;
  readonly position: Position | undefined;
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

async function prepare(task: BatchTask): Promise<TaskFight> {
  const definition = await load(task);
  const answers = task.answers;
  return {
    definition,
    position: answers === undefined ? undefined : simulationPosition(definition, answers),
  };
}

let cached: { key: string; fight: Promise<TaskFight> } | undefined;

/**
 * The definition a task describes and the position its answers lead to, found once per worker
 * and simulation. The promise is what is kept: a worker receives its first two tasks together
 * (runner.ts), and both wait for one parse.
 */
export function taskFight(task: BatchTask): Promise<TaskFight> {
  const key = [
    task.registry,
    task.rulesetModule,
    JSON.stringify(task.file),
    JSON.stringify(task.answers ?? null),
  ].join("\n");
  if (cached?.key !== key) cached = { key, fight: prepare(task) };
  return cached.fight;
}
