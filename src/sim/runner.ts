// Runs a simulation: cuts the runs into batches (batch-plan.ts), plays them in this thread and,
// with more than one thread, on a pool of worker threads (piscina) at the same time, merges their
// aggregates in batch order, reports progress, stops early on an abort signal (Ctrl-C) or, with
// `untilCi`, once every side's win interval is narrow enough. This is the one module of src/sim
// that uses threads and the clock (wall time and runs per second in `timing`); nothing it
// returns besides `timing` depends on either. A job with `answers` plays every fight from the
// position they lead to (start.ts) instead of the encounter's start.
//
// Why this thread plays too (bench/sim.js, docs/benchmarks.md): it has the encounter parsed and
// its code loaded already, while a worker spends a few hundred milliseconds loading the rulesets
// and warming up before its first batch comes back; and with N threads on N cores, a pool of N
// workers left this thread to wake up for every batch on a core that the workers were using.
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { Answer } from "../engine/answers.js";
import type { EncounterDefinition } from "../engine/encounter-file.js";
import { DEFAULT_MAX_ROUNDS } from "../engine/encounter.js";
import type { Position } from "../engine/position.js";
import { emptyAggregate, mergeInto, type FightAggregate } from "./aggregate.js";
import { DEFAULT_REGISTRY, rulesetModuleOf, type BatchTask } from "./batch-task.js";
import { batchAt, batchCount, batchSize, UNTIL_CI_BATCH } from "./batch-plan.js";
import { runBatch, type BatchRange } from "./run-batch.js";
import type { Share } from "./shard.js";
import { FIGHT_START, simulationPosition, startOf } from "./start.js";
import { summarize, widestWinHalfWidth, type SimSummary } from "./summary.js";

export interface SimulationJob {
  readonly definition: EncounterDefinition;
  /**
   * The answers given so far in a fight in progress (a log's answers): every fight starts from
   * the position they lead to, the current round replayed with its answers (start.ts). Without
   * them, from the encounter's start.
   */
  readonly answers?: readonly Answer[];
  readonly seed: number;
  /** Runs to play; with `untilCi`, the most runs to play before giving up. */
  readonly runs: number;
  readonly maxRounds?: number;
  /**
   * Threads that play: 1 is this thread alone; N is this thread and N - 1 worker threads.
   * Default: every core.
   */
  readonly workers?: number;
  /** Stop once every side's win interval is narrower than ± this (e.g. 0.01). */
  readonly untilCi?: number;
  /** A module exporting `rulesets` for the workers (default: the registry Fray ships). */
  readonly registry?: string;
  /**
   * The URL of the module that exports the encounter's ruleset, for one loaded from outside
   * Fray (`--ruleset`): the workers load it instead of looking the ruleset up in `registry`.
   */
  readonly rulesetModule?: string;
  /** The worker entry (default: worker.js beside this module; must be built JavaScript). */
  readonly workerFile?: string;
  /**
   * A pool to play on (with this thread) instead of starting one (a sweep shares one over its
   * points); it is left running. Its thread count replaces `workers`.
   */
  readonly pool?: SimPool;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SimProgress) => void;
  /**
   * Only the batches [from, to) of the runs' cut (batch-plan.ts): a shard's share (shard.ts).
   * The result then keeps each batch's aggregate in `batches`, so that the shards' results
   * merge into exactly the one a single run gives. Default: every batch.
   */
  readonly slice?: Share;
}

export interface SimProgress {
  readonly runs: number;
  /** Runs planned (the cap when stopping at a target interval). */
  readonly total: number;
  /** The widest win interval so far (±). */
  readonly widest: number;
}

export type StopReason = "completed" | "interval-reached" | "interrupted";

export interface SimulationResult {
  readonly summary: SimSummary;
  readonly aggregate: FightAggregate;
  readonly stopped: StopReason;
  /** With `slice`: the aggregate of each batch of the slice merged, in batch order. */
  readonly batches?: readonly FightAggregate[];
  readonly timing: {
    readonly wallSeconds: number;
    readonly runsPerSecond: number;
    readonly workers: number;
  };
}

type Executor = {
  run(range: BatchRange): Promise<FightAggregate>;
  /** Resolves once the executor can start a batch at once (a worker: its ruleset loaded). */
  prepare(): Promise<void>;
  close(): Promise<void>;
};

function inThread(def: EncounterDefinition, position: Position | undefined): Executor {
  return {
    run: (range) =>
      new Promise((resolve, reject) =>
        // Yield to the event loop between batches so that Ctrl-C, progress and the workers'
        // messages get through.
        setImmediate(() => {
          try {
            resolve(runBatch(def, range, position));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        }),
      ),
    prepare: async () => {},
    close: async () => {},
  };
}

/**
 * Batches handed to each worker at once: one to play and one waiting in its queue, so that it
 * never waits for this thread, which is busy with a batch of its own when a result comes back.
 */
const TASKS_PER_WORKER = 2;

/**
 * Worker threads for simulations on `threads` threads (this one plays too); `close()` it. A worker
 * starts with the first task that needs it, not with the pool, so that the pool sees each worker's
 * start-up end ('workerCreate', once its modules are loaded).
 */
export class SimPool {
  private readonly piscina: Piscina;
  /** Thread ids of the workers whose modules are loaded. */
  private readonly started = new Set<number>();
  /** Tasks sent and not yet settled. */
  private readonly tasks = new Set<Promise<unknown>>();

  constructor(
    /** Threads that play: this one and `threads - 1` workers (at least 2 in all). */
    readonly threads: number,
    workerFile: string = new URL("./worker.js", import.meta.url).href,
  ) {
    if (!(threads >= 2)) throw new RangeError(`a pool needs 2 threads or more, got ${threads}`);
    this.piscina = new Piscina({
      filename: workerFile,
      minThreads: 0,
      maxThreads: threads - 1,
      // A worker, once started, stays until the pool closes.
      idleTimeout: Infinity,
      concurrentTasksPerWorker: TASKS_PER_WORKER,
      // A worker's default young generation is small; rulesets allocate a state per fight, and
      // with the default a worker spent ~45% more CPU per fight than the main thread (bench/sim.js).
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
    this.piscina.on("workerCreate", (worker: { readonly id: number }) =>
      this.started.add(worker.id),
    );
  }

  /** Runs `task` on a worker (starting one if the pool has fewer than it may). */
  run(task: BatchTask): Promise<FightAggregate> {
    const result = this.piscina.run(task) as Promise<FightAggregate>;
    const settled = result.then(
      () => {},
      () => {},
    );
    this.tasks.add(settled);
    void settled.then(() => this.tasks.delete(settled));
    return result;
  }

  /**
   * Stops the workers once no task runs and every worker has loaded its modules: Node 20 aborts
   * the whole process ("FATAL ERROR: v8::Module::IsGraphAsync must be used on an instantiated
   * module") when a worker thread is stopped while it still loads modules, at its start or in a
   * task's import of a ruleset. A simulation that ends before its workers are ready (this thread
   * played every batch) waits for their start-up here.
   */
  async close(): Promise<void> {
    await Promise.all(this.tasks);
    await new Promise<void>((resolve) => {
      const check = () => {
        if (!this.piscina.threads.every((t) => this.started.has(t.threadId))) return;
        this.piscina.off("workerCreate", check);
        this.piscina.off("workerDestroy", check);
        resolve();
      };
      this.piscina.on("workerCreate", check);
      this.piscina.on("workerDestroy", check);
      check();
    });
    await this.piscina.destroy();
  }
}

function workerPool(job: SimulationJob, pool: SimPool, owned: boolean): Executor {
  const registry = job.registry ?? DEFAULT_REGISTRY;
  const file = job.definition.file;
  const base = {
    registry,
    rulesetModule:
      job.rulesetModule ??
      (typeof file["ruleset"] === "string"
        ? rulesetModuleOf(registry, file["ruleset"])
        : undefined),
    file,
    source: job.definition.title,
    ...(job.answers === undefined ? {} : { answers: job.answers }),
  };
  const run = (range: BatchRange) => pool.run({ ...base, ...range });
  return {
    run,
    // An empty batch: the worker loads the ruleset and parses the file, and plays nothing.
    prepare: () => run({ seed: job.seed, from: 0, to: 0, maxRounds: 1 }).then(() => undefined),
    close: () => (owned ? pool.close() : Promise.resolve()),
  };
}

export async function runSimulation(job: SimulationJob): Promise<SimulationResult> {
  const started = performance.now();
  // Found here first, so that answers that do not lead to a position fail before any thread starts.
  const position =
    job.answers === undefined ? undefined : simulationPosition(job.definition, job.answers);
  const maxRounds = job.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const size = job.untilCi === undefined ? batchSize(job.runs) : UNTIL_CI_BATCH;
  if (job.slice !== undefined && job.untilCi !== undefined) {
    // Where to stop depends on every batch before, which another shard plays.
    throw new RangeError("a slice of the batches cannot stop at a target interval");
  }
  const first = job.slice?.from ?? 0;
  const end = job.slice?.to ?? batchCount(job.runs, size);
  const planned = end > first ? batchAt(end - 1, job.runs, size).to - first * size : 0;
  const requested =
    job.pool?.threads ?? Math.max(1, Math.floor(job.workers ?? availableParallelism()));
  const threads = Math.max(1, Math.min(requested, end - first));
  const here = inThread(job.definition, position);
  const workers =
    threads <= 1
      ? undefined
      : job.pool !== undefined
        ? workerPool(job, job.pool, false)
        : workerPool(job, new SimPool(threads, job.workerFile), true);

  const total = emptyAggregate(job.definition, maxRounds);
  const done = new Map<number, FightAggregate>();
  const kept: FightAggregate[] = [];
  let merged = first; // batches [first, merged) are in `total`
  let next = first; // next batch to hand out
  let stopped: StopReason = "completed";
  let failure: unknown;
  const stopping = () =>
    stopped !== "completed" || failure !== undefined || job.signal?.aborted === true;

  const mergeReady = () => {
    for (let agg = done.get(merged); agg !== undefined; agg = done.get(merged)) {
      if (job.slice !== undefined) kept.push(agg);
      mergeInto(total, agg);
      done.delete(merged);
      merged += 1;
      if (job.untilCi !== undefined && widestWinHalfWidth(total) < job.untilCi) {
        stopped = "interval-reached";
        return;
      }
    }
  };

  const lane = async (executor: Executor): Promise<void> => {
    while (!stopping() && next < end) {
      const batch = batchAt(next, job.runs, size);
      next += 1;
      try {
        const agg = await executor.run({
          seed: job.seed,
          from: batch.from,
          to: batch.to,
          maxRounds,
        });
        if (stopped === "interval-reached") return;
        done.set(batch.index, agg);
        mergeReady();
        const runs = total.runs + [...done.values()].reduce((s, a) => s + a.runs, 0);
        job.onProgress?.({ runs, total: planned, widest: widestWinHalfWidth(total) });
      } catch (error) {
        failure ??= error;
      }
    }
  };

  // A worker lane takes batches only once its worker is ready: until then this thread plays
  // them, instead of leaving them queued behind the worker's start-up (a few hundred
  // milliseconds); a simulation shorter than that waits for its workers only to close the pool.
  const workerLane = async (executor: Executor, thisThreadDone: Promise<void>): Promise<void> => {
    const prepared = executor.prepare();
    // Once this thread has played every batch, a preparation's failure stops nothing: not reported.
    prepared.catch(() => {});
    try {
      const ready = await Promise.race([
        prepared.then(() => true),
        thisThreadDone.then(() => false),
      ]);
      if (ready) await lane(executor);
    } catch (error) {
      failure ??= error;
    }
  };

  try {
    const thisThread = lane(here);
    const lanes = [thisThread];
    if (workers !== undefined) {
      const inFlight = (threads - 1) * TASKS_PER_WORKER;
      for (let i = 0; i < inFlight; i++) lanes.push(workerLane(workers, thisThread));
    }
    await Promise.all(lanes);
  } finally {
    await workers?.close();
  }
  if (failure !== undefined) throw failure;
  if (stopped === "completed" && job.signal?.aborted === true && merged < end) {
    stopped = "interrupted";
    // Keep every batch that finished, in batch order, even past a gap left by an unfinished one.
    for (const index of [...done.keys()].sort((a, b) => a - b)) mergeInto(total, done.get(index)!);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  return {
    summary: summarize(
      job.definition,
      total,
      job.seed,
      position === undefined ? FIGHT_START : startOf(position),
    ),
    aggregate: total,
    stopped,
    ...(job.slice === undefined ? {} : { batches: kept }),
    timing: {
      wallSeconds,
      runsPerSecond: wallSeconds > 0 ? total.runs / wallSeconds : 0,
      workers: threads,
    },
  };
}
