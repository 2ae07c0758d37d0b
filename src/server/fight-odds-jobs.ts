// Whole-fight odds as jobs a client follows (POST /encounters/:id/fight-odds/jobs): the job starts
// at once and its id comes back; GET tells its status and its progress (round, distinct states,
// runs of the rules, probability resolved so far, seconds) while it runs, then its odds or its
// error; DELETE cancels it, which stops its worker thread (job-runner.ts). The jobs are kept in
// this process's memory: the newest KEPT that have ended stay to be read, the others go.
import type { FightOddsProgress, FightOddsResult } from "../app/fight-odds.js";
import { FrayError } from "../core/errors.js";
import { errorBody, NotFoundError, statusOf, type ErrorBody } from "./errors.js";
import type { FightOddsTask, ServerJobs } from "./jobs.js";

export type FightOddsJobStatus = "running" | "done" | "failed" | "cancelled";

/** What GET .../fight-odds/jobs/:job answers. */
export interface FightOddsJobJson {
  readonly id: number;
  readonly encounter: number;
  /** The encounter's version the odds are of. */
  readonly version: number;
  readonly from: "here" | "start";
  readonly status: FightOddsJobStatus;
  /** What the work last reported; null until it starts reporting. */
  readonly progress: FightOddsProgress | null;
  /** The odds, once done (the reply of POST /encounters/:id/fight-odds). */
  readonly result: FightOddsResult | null;
  /** Why it failed (a 422 past the job's budget of time or memory, ...). */
  readonly error: (ErrorBody & { readonly status: number }) | null;
}

interface Entry {
  json: FightOddsJobJson;
  /** Stops the job (its thread is stopped). */
  cancel: () => void;
}

/** Jobs that have ended kept to be read, the oldest dropped first. */
const KEPT = 64;

export class FightOddsJobs {
  private readonly entries = new Map<number, Entry>();
  private next = 1;

  constructor(private readonly jobs: ServerJobs) {}

  /** Starts the odds of `task` (of encounter `encounter` at `version`); refused at once when busy. */
  start(
    encounter: number,
    version: number,
    from: "here" | "start",
    task: FightOddsTask,
  ): FightOddsJobJson {
    const refused = this.jobs.refusal();
    if (refused !== undefined) throw refused;
    const id = this.next++;
    const json: FightOddsJobJson = {
      id,
      encounter,
      version,
      from,
      status: "running",
      progress: null,
      result: null,
      error: null,
    };
    // Kept before it is submitted: run in this thread, the job reports before submit returns.
    const entry: Entry = { json, cancel: () => undefined };
    this.entries.set(id, entry);
    const job = this.jobs.submit("fightOdds", task, {
      onProgress: (progress) => this.update(id, { progress: progress as FightOddsProgress }),
    });
    entry.cancel = () => job.cancel(new Error("the fight odds were cancelled"));
    job.result.then(
      (result) => this.end(id, { status: "done", result }),
      (error: unknown) =>
        this.end(
          id,
          entry.json.status === "cancelled"
            ? {}
            : { status: "failed", error: failure(error as Error) },
        ),
    );
    return entry.json;
  }

  /** The job `id` of encounter `encounter`. */
  get(encounter: number, id: number): FightOddsJobJson {
    return this.entry(encounter, id).json;
  }

  /** Stops job `id` if it runs (its thread is stopped); answers it as it then is. */
  cancel(encounter: number, id: number): FightOddsJobJson {
    const entry = this.entry(encounter, id);
    if (entry.json.status === "running") {
      this.update(id, { status: "cancelled" });
      entry.cancel();
    }
    return entry.json;
  }

  private entry(encounter: number, id: number): Entry {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.json.encounter !== encounter) {
      throw new NotFoundError(
        `encounter ${encounter} has no fight-odds job ${id}`,
        "params: job",
        `jobs are kept in the server's memory until ${KEPT} newer ones have ended, or it restarts: start another with POST /encounters/${encounter}/fight-odds/jobs`,
      );
    }
    return entry;
  }

  private update(id: number, change: Partial<FightOddsJobJson>): void {
    const entry = this.entries.get(id);
    if (entry !== undefined) entry.json = { ...entry.json, ...change };
  }

  /** Records how job `id` ended, and forgets the oldest ended jobs past KEPT. */
  private end(id: number, change: Partial<FightOddsJobJson>): void {
    this.update(id, change);
    const ended = [...this.entries.values()].filter((e) => e.json.status !== "running");
    for (const old of ended.slice(0, Math.max(0, ended.length - KEPT)))
      this.entries.delete(old.json.id);
  }
}

/** A job's error as the API would answer it, with its status (error-handler.ts). */
function failure(error: Error): ErrorBody & { readonly status: number } {
  if (error instanceof FrayError) {
    const fray: FrayError = error;
    return { status: statusOf(fray), ...errorBody(fray.message, fray.where, fray.hint) };
  }
  return { status: 500, ...errorBody("internal error: the server failed on this request") };
}
