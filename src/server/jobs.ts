// The HTTP API's heavy work as jobs (job-runner.ts): each a function of plain data to plain data,
// so that it runs on a worker thread, off the thread that answers requests. To add one, add a
// function `(input, report) => output` here and call `jobs.run("name", input, signal)` (or
// `jobs.submit`) from its route; the input, the result and what `report` sends are copied between
// threads, so they are data (no functions, no class instances).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { exchangeOddsJson, exchangeOddsOf } from "../app/exchange-odds.js";
import { readDataFile } from "../app/files.js";
import { adviseNextDecision } from "../app/advise-pending.js";
import {
  encounterFightOdds,
  type FightOddsProgress,
  type FightOddsResult,
} from "../app/fight-odds.js";
import { simResultJson } from "../app/simulation-json.js";
import type { Horizon } from "../engine/advice.js";
import type { Answer } from "../engine/answers.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import type { Json, JsonObject } from "../engine/json.js";
import { loadedModuleUrls, loadRulesetModule, rulesets } from "../app/rulesets.js";
import { runSimulation } from "../sim/runner.js";
import {
  apiTacticsEntry,
  arrivalsOf,
  withTactics,
  type TacticsAssignment,
} from "../app/tactics-assignment.js";
import { fileContent } from "./file-content.js";
import {
  DEFAULT_THREADS,
  JobRunner,
  type JobLimits,
  type Report,
  type WarmUp,
} from "./job-runner.js";
import {
  autoplay,
  changed,
  checkEncounterSize,
  fromFile,
  fromLog,
  type StoredEncounter,
} from "./stored-encounter.js";

/** A file as a request gives it: its YAML or JSON text, or its content. */
export type FileBody = string | Readonly<Record<string, unknown>>;

/** The advisor at an encounter's next decision (GET /encounters/:id/advice). */
export interface AdviceTask {
  readonly file: JsonObject;
  /** Names the encounter in error messages ("encounter 3"). */
  readonly source: string;
  readonly answers: readonly Answer[];
  /** Seed of the rolls made before the decision, and of sampling a round too large to enumerate. */
  readonly seed: number;
  readonly samples: number;
  /** To the end of the round (the default), or ranked by the chance of winning the fight. */
  readonly horizon?: Horizon | undefined;
  /** With the fight horizon: the most distinct states before sampling whole fights instead. */
  readonly maxStates?: number | undefined;
}

export type AdviceResult = ReturnType<typeof adviseNextDecision>;

/** A simulation of an encounter file, from its start or from where `answers` lead. */
export interface SimulationTask {
  readonly file: FileBody;
  readonly source: string;
  readonly answers?: readonly Answer[] | undefined;
  readonly seed: number | undefined;
  readonly runs: number;
  readonly maxRounds: number;
  readonly untilCi?: number | undefined;
  /** Tactics over the file's, by side or combatant id (POST /simulations' `tactics`). */
  readonly tactics?: TacticsAssignment | undefined;
}

export type SimulationJson = ReturnType<typeof simResultJson>;

/** Exact whole-fight odds of a stored encounter, from its start or from where `answers` lead. */
export interface FightOddsTask {
  readonly file: JsonObject;
  readonly source: string;
  readonly answers: readonly Answer[];
  readonly decisions?: Readonly<Record<string, Json>> | undefined;
  readonly maxStates: number;
  readonly maxRounds: number;
  readonly maxRuns?: number | undefined;
}

/** The least time between two reports of a job's progress (each round's start is reported too). */
const PROGRESS_MS = 100;

export const jobs = {
  /** A new encounter from an encounter file (POST /encounters). */
  create: (task: { file: FileBody; source: string; seed: number | undefined }) =>
    fromFile(fileContent(task.file, task.source), task.source, task.seed),

  /** A fight resumed where its log ends (POST /encounters/from-log), within the log's cap. */
  resume: (task: { log: string; source: string; seed: number | undefined; mostAnswers: number }) =>
    fromLog(task.log, task.source, task.seed, task.mostAnswers),

  /** A stored encounter played on by the policies (POST /encounters/:id/autoplay). */
  autoplay: (task: { stored: StoredEncounter; until: "round" | "end"; mostAnswers: number }) =>
    changed(task.stored, (encounter, seed) =>
      autoplay(encounter, seed, task.until, { id: task.stored.id, most: task.mostAnswers }),
    ),

  /** The advisor (GET /encounters/:id/advice). */
  advise: (task: AdviceTask): AdviceResult => {
    const definition = parseEncounterFile(task.file, rulesets, task.source);
    const encounter = Encounter.fromAnswers(definition, task.answers);
    return adviseNextDecision(encounter, task.seed, task.samples, {
      horizon: task.horizon,
      maxStates: task.maxStates,
    });
  },

  /**
   * A simulation (POST /simulations, POST /encounters/:id/simulations), in the job's thread; it
   * reports `{ runs, total, widest }` as batches end.
   */
  simulate: async (task: SimulationTask, report: Report): Promise<SimulationJson> => {
    const content = fileContent(task.file, task.source);
    checkEncounterSize(content, task.source);
    const arrivals = arrivalsOf(task.answers ?? []);
    const definition = withTactics(
      parseEncounterFile(content, rulesets, task.source),
      task.tactics ?? {},
      rulesets,
      "tactics",
      apiTacticsEntry,
      arrivals,
    );
    const result = await runSimulation({
      definition,
      answers: task.answers,
      seed: task.seed ?? definition.seed ?? 1,
      runs: task.runs,
      maxRounds: task.maxRounds,
      untilCi: task.untilCi,
      workers: 1,
      onProgress: report,
    });
    return simResultJson(result, definition, arrivals);
  },

  /**
   * Exact odds of the whole fight (POST /encounters/:id/fight-odds and its jobs), in the job's
   * thread; it reports `{ round, states, runs, resolved, seconds }` as each round starts and at
   * most every PROGRESS_MS in between.
   */
  fightOdds: (task: FightOddsTask, report: Report): FightOddsResult => {
    let last: FightOddsProgress | undefined;
    return encounterFightOdds(parseEncounterFile(task.file, rulesets, task.source), {
      answers: task.answers,
      decisions: task.decisions,
      maxStates: task.maxStates,
      maxRounds: task.maxRounds,
      maxRuns: task.maxRuns,
      progress: (progress) => {
        if (
          last === undefined ||
          progress.round !== last.round ||
          progress.seconds - last.seconds >= PROGRESS_MS / 1000
        ) {
          last = progress;
          report(progress);
        }
      },
    });
  },

  /** Exact odds of one exchange (POST /exchange-odds). */
  exchangeOdds: (task: { file: FileBody; decisions: Readonly<Record<string, Json>> }) =>
    exchangeOddsJson(
      exchangeOddsOf(fileContent(task.file, "file"), "file", task.decisions, rulesets),
    ),
};

export type ServerJobs = JobRunner<typeof jobs>;

/** The budget of the server's jobs unless its options say otherwise (docs/http-api.md, "Limits"). */
export const DEFAULT_JOB_LIMITS: JobLimits = {
  threads: DEFAULT_THREADS,
  queue: 8,
  timeMs: 60_000,
  memoryMb: 512,
};

/** What a job's worker thread is told: the modules of the rulesets loaded with --ruleset. */
interface RulesetContext {
  readonly rulesetModules: readonly string[];
}

/**
 * Loads into a worker thread the rulesets the server loaded with --ruleset (the thread starts
 * with Fray's own only); loading one again is free.
 */
export async function loadRulesets(context: unknown): Promise<void> {
  for (const url of (context as RulesetContext | undefined)?.rulesetModules ?? [])
    await loadRulesetModule(url);
}

/** The worker module beside this one: job-worker.js when built, none in the TypeScript sources. */
const OWN_WORKER = new URL("./job-worker.js", import.meta.url);

/**
 * The duel of each shipped ruleset in the package's examples (bench/advise-duels.js times the
 * same), whose first decisions warm the advisor up (`advisorWarmUps`).
 */
const WARM_UP_DUELS = [
  "cartyrion/duel-sellsword-and-bandit.yaml",
  "dungeons-of-olde/duel.yaml",
  "karn/duel.yaml",
  "swords-wizardry-fitz/duel.yaml",
  "tnt/duel.yaml",
].map((path) => new URL(`../../examples/${path}`, import.meta.url));

/** Rounds an option of a warm-up advice that samples its round (karn's duel takes 2,000). */
const WARM_UP_SAMPLES = 400;

/**
 * The advisor at the first decision of each duel of WARM_UP_DUELS, with few samples: warm-up
 * jobs (job-runner.ts), so that V8 has compiled the advisor and each ruleset's rules and tactics
 * on a thread before the table's first advice (0.1 to 0.5 s each, idle; a file gone from the
 * package is left out). The table's own encounters are not known here.
 */
export function advisorWarmUps(): WarmUp<typeof jobs>[] {
  return WARM_UP_DUELS.flatMap((url) => {
    const path = fileURLToPath(url);
    if (!existsSync(path)) return [];
    const file = readDataFile(path) as JsonObject;
    const seed = typeof file.seed === "number" ? file.seed : 1;
    const task: AdviceTask = { file, source: path, answers: [], seed, samples: WARM_UP_SAMPLES };
    return [{ name: "advise" as const, input: task }];
  });
}

/**
 * The server's job runner: the jobs above on worker threads (job-worker.ts, when built). `worker`
 * is another build of job-worker.js, for a server run from the TypeScript sources whose jobs
 * should run on threads all the same (the console's browser tests: dist/server/job-worker.js).
 * `warmUp`: the threads started while idle first run `advisorWarmUps()` (`fray serve`).
 */
export function startJobs(
  limits: JobLimits = DEFAULT_JOB_LIMITS,
  worker: URL = OWN_WORKER,
  warmUp = false,
): ServerJobs {
  const context = (): RulesetContext => ({ rulesetModules: loadedModuleUrls() });
  return new JobRunner(jobs, limits, worker, context, warmUp ? advisorWarmUps() : []);
}
