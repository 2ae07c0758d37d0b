// Heavy work off the thread that answers requests: exact odds, simulations, autoplay, advice,
// large creations. A job is a named function of a job table (jobs.ts) run on a pool of worker
// threads, with a budget of time and memory, cancelled when its client goes away, and waiting
// in a bounded queue: past it, a request is refused at once (429 with Retry-After). The thread
// that answers requests stays free, so that a GET is answered at once however busy the workers.
// One thread is kept ready from the start, loaded with the rulesets in use, so that the first job
// after a pause does not wait for a thread to start; the others are dropped when idle. Given
// warm-up jobs, the runner runs them on a thread it starts while no job is running or waiting
// (at its start, and when a thread replaces one stopped), so that V8 has compiled them before
// the first job of the table: they stop at the first job submitted, which never waits behind
// more than the one in progress.
//
// Its interface (docs/http-api.md, "Heavy work"):
// - a job is a function of the job table (jobs.ts) `(input, report) => output`: input and output
//   are plain data, for they cross threads by structured clone; `report(progress)` sends plain
//   data back as it goes (a share done, a count), as often as it likes;
// - `submit(name, input, { signal, onProgress })` queues it and returns a Job at once: its
//   `result` (a promise), its last `progress`, and `cancel()`; aborting `signal` cancels it too;
// - `run(name, input, signal)` is `submit(...).result`, for a route whose client waits for it,
//   with `signal` = `clientGone(reply)`;
// - what a worker thread needs before a job that it cannot know by itself (the rulesets loaded
//   with --ruleset) goes with every job as its context: `context()` on this side, and
//   `jobEntry(table, prepare)` prepares the thread with it before the job runs.
// A FrayError thrown by the job comes back as one, of the same kind (so a 404 stays a 404); a job
// over its budget fails with a TooMuchWorkError (422); a full queue with a BusyError (429).
//
// Run from the build, the jobs run on worker threads (piscina loads the built job-worker.js). Run
// from the TypeScript sources (the API's tests), where a worker thread cannot load the module,
// they run in this thread with the same queue; the threads are tested from a tsc build.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import type { FastifyReply } from "fastify";
import { Piscina } from "piscina";
import { FrayError } from "../core/errors.js";
import { BusyError, ConflictError, NotFoundError, TooMuchWorkError } from "./errors.js";

/** Sends a job's progress (plain data) to whoever submitted it. */
export type Report = (progress: unknown) => void;

/** Plain data in, plain data out (a promise of it allowed): what may cross threads. */
export type JobTable = Readonly<Record<string, (input: never, report: Report) => unknown>>;

export type JobInput<T extends JobTable, N extends keyof T> = Parameters<T[N]>[0];
export type JobOutput<T extends JobTable, N extends keyof T> = Awaited<ReturnType<T[N]>>;

export interface JobLimits {
  /** Jobs that run at once, each on a worker thread of its own. */
  readonly threads: number;
  /** Jobs that may wait for a thread; one more is refused (429). */
  readonly queue: number;
  /** Longest a job may run, in milliseconds (its wait excluded). */
  readonly timeMs: number;
  /** Heap a worker thread may use, in MB; past it the job is stopped. */
  readonly memoryMb: number;
}

/** Threads for jobs by default: every core but one, which answers requests; at most four. */
export const DEFAULT_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

/** Why a job stopped when its client hung up: nobody is left to answer, and nothing failed. */
export class ClientGoneError extends Error {
  constructor() {
    super("the client went away");
  }
}

/** A signal aborted when the client goes away before `reply` is sent: its job is then stopped. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort(new ClientGoneError());
  });
  return controller.signal;
}

/** How a job's failure crosses threads: a FrayError's fields and its kind. */
export interface JobFailure {
  readonly kind: string;
  readonly message: string;
  readonly where?: string;
  readonly hint?: string;
}

export type JobReply =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly failure: JobFailure };

/** What a worker thread is sent: the job's name, its input, and where to send its progress. */
/**
 * What a worker thread posts on a job's progress port once its modules are loaded and the job
 * begins: until then the thread is not stopped (Node 20 aborts the whole process, "FATAL ERROR:
 * v8::Module::IsGraphAsync must be used on an instantiated module", when a worker is terminated
 * while it is still instantiating its modules).
 */
const STARTED = "fray-job-started";

/** The name of no job: a message that only prepares the thread with its context (the warm-up). */
const PREPARE = "fray-prepare";

export interface JobMessage {
  readonly name: string;
  readonly input: unknown;
  /** What the thread is prepared with before the job (plain data; see `jobEntry`). */
  readonly context?: unknown;
  readonly progress?: MessagePort | undefined;
}

/** A submitted job. */
export interface Job<R> {
  /** Its output; rejects with its error, a BusyError when refused, or the reason it was cancelled. */
  readonly result: Promise<R>;
  /** What it last reported (`report(progress)`); undefined until it reports. */
  readonly progress: unknown;
  /** Stops it, waiting or running; `result` then rejects with `reason`. */
  cancel(reason?: Error): void;
}

/** A job run only to have V8 compile its code on a thread before the first job (see above). */
export interface WarmUp<T extends JobTable> {
  readonly name: keyof T & string;
  readonly input: unknown;
}

export interface SubmitOptions {
  /** Aborting it cancels the job (`clientGone(reply)`: when the client goes away). */
  readonly signal?: AbortSignal | undefined;
  /** Called with each progress the job reports. */
  readonly onProgress?: ((progress: unknown) => void) | undefined;
}

/** Runs job `name` of `table`, a FrayError sent back as data (an error crossing threads loses its kind). */
async function runJob(
  table: JobTable,
  name: string,
  input: unknown,
  report: Report,
): Promise<JobReply> {
  const job = Object.hasOwn(table, name) ? table[name] : undefined;
  if (job === undefined) throw new Error(`no job named ${name}`);
  try {
    return { ok: true, value: await job(input as never, report) };
  } catch (error) {
    if (!(error instanceof FrayError)) throw error;
    const failure: JobFailure = {
      kind: error.name,
      message: error.message,
      ...(error.where === undefined ? {} : { where: error.where }),
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    };
    return { ok: false, failure };
  }
}

/**
 * The function a worker module exports as its default: prepares the thread with the message's
 * context (`prepare`, when given), then runs the job named in the message.
 */
export function jobEntry(
  table: JobTable,
  prepare?: (context: unknown) => Promise<void>,
): (message: JobMessage) => Promise<JobReply> {
  return async ({ name, input, context, progress }) => {
    try {
      await prepare?.(context);
      if (name === PREPARE) return { ok: true, value: undefined };
      progress?.postMessage(STARTED);
      return await runJob(table, name, input, (value) => progress?.postMessage(value));
    } finally {
      progress?.close();
    }
  };
}

/** A FrayError of the kind the server tells apart (its status), from its data. */
function revive(failure: JobFailure): FrayError {
  const { kind, message, where, hint } = failure;
  switch (kind) {
    case "NotFoundError":
      return new NotFoundError(message, where, hint);
    case "ConflictError":
      return new ConflictError(message, where, hint);
    default:
      return new FrayError(message, where, hint);
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** One job waiting for a thread. */
interface Waiting {
  readonly start: () => void;
  readonly cancel: (reason: unknown) => void;
}

const ASK_LESS =
  "ask for less (fewer runs, a smaller encounter), or run it with the fray command, which has no such limit";

export class JobRunner<T extends JobTable> {
  private readonly pool: Piscina | undefined;
  private readonly waiting: Waiting[] = [];
  private running = 0;
  /** Milliseconds the last jobs took, to tell a refused client when to come back. */
  private readonly recent: number[] = [];
  /** The warm-up of the threads started while idle: awaited before the pool closes (STARTED). */
  private warming: Promise<unknown>;
  /** Warm-up jobs run to their end, all threads together. */
  private warmedJobs = 0;
  private closing = false;

  constructor(
    private readonly table: T,
    readonly limits: JobLimits,
    /** The built module whose default export is `jobEntry(table, prepare)`. */
    workerFile: URL,
    /** The context sent with every job to its worker thread (see `jobEntry`). */
    private readonly context: () => unknown = () => undefined,
    /** Jobs run on a thread started while idle, before any job of the table (see above). */
    private readonly warmUps: readonly WarmUp<T>[] = [],
  ) {
    this.pool = existsSync(fileURLToPath(workerFile))
      ? new Piscina({
          filename: workerFile.href,
          // One thread kept ready while the server runs, started with it: the first advice after a
          // pause at the table is not cold (#16). The others are dropped a while after their last
          // job, so that at rest the jobs hold one thread's memory.
          minThreads: 1,
          maxThreads: limits.threads,
          idleTimeout: 5 * 60_000,
          resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64 },
        })
      : undefined;
    // The thread kept ready loads the rulesets in use (--ruleset) before any job asks for them.
    // Its failure, if any, is the first job's to tell (it prepares the thread the same way).
    this.warming =
      this.pool
        ?.run({ name: PREPARE, input: undefined, context: this.context() })
        .catch(() => {}) ?? Promise.resolve();
    // The thread kept ready is warmed once prepared, as is a thread started while nothing runs,
    // which replaces one stopped (a job cancelled or over its budget). One started for a job that
    // waits is warmed by that job.
    this.pool?.on("workerCreate", () => {
      if (this.busy === 0) this.warming = this.warming.then(() => this.warmUp());
    });
  }

  /** Warm-up jobs run to their end so far, on every thread (none once a job came first). */
  get warmed(): number {
    return this.warmedJobs;
  }

  /** `warmed` once the warm-ups under way, if any, have ended (those chained meanwhile too). */
  async warmedUp(): Promise<number> {
    for (let awaited: unknown; awaited !== this.warming;) await (awaited = this.warming);
    return this.warmedJobs;
  }

  /** Runs the warm-up jobs on an idle thread, one at a time, until a job is submitted. */
  private async warmUp(): Promise<void> {
    for (const { name, input } of this.warmUps) {
      if (this.pool === undefined || this.closing || this.busy > 0) return;
      const message: JobMessage = { name, input, context: this.context() };
      // A warm-up that fails (an example gone from the package) only leaves its code cold.
      const reply = (await this.pool.run(message).catch(() => undefined)) as JobReply | undefined;
      if (reply?.ok === true) this.warmedJobs += 1;
    }
  }

  /** The ids of the worker threads that are up (none when the jobs run in this thread). */
  get threadIds(): readonly number[] {
    return this.pool?.threads.map((thread) => thread.threadId) ?? [];
  }

  /** Jobs running and waiting. */
  get busy(): number {
    return this.running + this.waiting.length;
  }

  /**
   * Queues job `name` on `input` and returns it at once. Its result rejects with a BusyError when
   * the queue is full. Cancelling it (or aborting `options.signal`) removes it from the queue, or
   * stops the thread it runs on.
   */
  submit<N extends keyof T & string>(
    name: N,
    input: JobInput<T, N>,
    options: SubmitOptions = {},
  ): Job<JobOutput<T, N>> {
    const controller = new AbortController();
    const signal = options.signal;
    const cancelled =
      signal === undefined ? controller.signal : AbortSignal.any([signal, controller.signal]);
    let progress: unknown;
    const onProgress = (value: unknown) => {
      progress = value;
      options.onProgress?.(value);
    };
    const result = this.execute(name, input, cancelled, onProgress) as Promise<JobOutput<T, N>>;
    return {
      result,
      get progress() {
        return progress;
      },
      cancel: (reason = new Error("the job was cancelled")) => controller.abort(reason),
    };
  }

  /** Runs job `name` on `input` to its output: `submit(...).result`. */
  run<N extends keyof T & string>(
    name: N,
    input: JobInput<T, N>,
    signal?: AbortSignal,
  ): Promise<JobOutput<T, N>> {
    return this.submit(name, input, { signal }).result;
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const w of this.waiting.splice(0)) w.cancel(new Error("the server is closing"));
    await this.warmedUp();
    await this.pool?.destroy();
  }

  private async execute(
    name: string,
    input: unknown,
    signal: AbortSignal,
    onProgress: (value: unknown) => void,
  ): Promise<unknown> {
    signal.throwIfAborted();
    // A thread is taken here, or handed over by the job that ends before this one's turn.
    if (this.running < this.limits.threads) this.running += 1;
    else await this.place(signal);
    const started = performance.now();
    try {
      const reply =
        this.pool === undefined
          ? await runJob(this.table, name, input, onProgress)
          : await this.onThread(this.pool, name, input, signal, onProgress);
      if (!reply.ok) throw revive(reply.failure);
      return reply.value;
    } finally {
      this.recent.push(performance.now() - started);
      if (this.recent.length > 10) this.recent.shift();
      const next = this.waiting.shift();
      if (next === undefined) this.running -= 1;
      else next.start();
    }
  }

  /**
   * The BusyError a job submitted now would be refused with (every thread taken and the queue
   * full), or undefined: for a route that answers before its job ends, to refuse at once.
   */
  refusal(): BusyError | undefined {
    if (this.running < this.limits.threads || this.waiting.length < this.limits.queue) return;
    const mean = this.recent.reduce((a, b) => a + b, 0) / Math.max(1, this.recent.length);
    const retryAfter = Math.min(60, Math.max(1, Math.ceil(mean / 1000)));
    return new BusyError(
      `the server is busy: ${this.running} heavy requests run and ${this.waiting.length} wait, the most it takes`,
      retryAfter,
    );
  }

  /** Waits for a free thread in the queue, or refuses when the queue is full. */
  private place(signal: AbortSignal): Promise<void> {
    const refused = this.refusal();
    if (refused !== undefined) throw refused;
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        start: () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
        cancel: reject,
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** Runs the job on a worker thread of the pool, stopped when over its budget or cancelled. */
  private async onThread(
    pool: Piscina,
    name: string,
    input: unknown,
    signal: AbortSignal,
    onProgress: (value: unknown) => void,
  ): Promise<JobReply> {
    const budget = AbortSignal.timeout(this.limits.timeMs);
    // A cancel or the budget stops the thread, but only once the job has begun on it (STARTED).
    const stop = new AbortController();
    const stopping = AbortSignal.any([signal, budget]);
    let started = false;
    const onStop = () => {
      if (started) stop.abort(stopping.reason);
    };
    stopping.addEventListener("abort", onStop, { once: true });
    const channel = new MessageChannel();
    channel.port1.on("message", (value: unknown) => {
      if (value !== STARTED) return onProgress(value);
      started = true;
      if (stopping.aborted) onStop();
    });
    const message: JobMessage = { name, input, context: this.context(), progress: channel.port2 };
    try {
      return (await pool.run(message, {
        signal: stop.signal,
        transferList: [channel.port2],
      })) as JobReply;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (budget.aborted) {
        throw new TooMuchWorkError(
          `${name}: stopped after ${seconds(this.limits.timeMs)}, the most one request may take`,
          "server",
          ASK_LESS,
        );
      }
      if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") {
        throw new TooMuchWorkError(
          `${name}: stopped at ${this.limits.memoryMb} MB, the most memory one request may use`,
          "server",
          ASK_LESS,
        );
      }
      throw error;
    } finally {
      stopping.removeEventListener("abort", onStop);
      channel.port1.close();
    }
  }
}
