// Whole-fight odds as jobs to follow, through HTTP from the build, on one worker thread with one
// place in the queue: the progress a client reads while the job runs only grows and the odds it
// ends with are the one-shot route's (with the same state budget); a third job while two are taken is refused at once (429);
// a cancelled job stops and its thread is free again (the next job runs to its end).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FightOddsProgress, FightOddsResult } from "../app/fight-odds.js";
import type { App } from "./app.js";
import type { FightOddsJobJson } from "./fight-odds-jobs.js";
import type { ServerJobs } from "./jobs.js";
import { exampleText } from "./test-support/app.js";
import { builtApp } from "./test-support/built-app.js";

const ALLEY = "cartyrion/cutpurses-in-an-alley.yaml";
/** Four fighters in a warehouse: their whole fight's exact odds take far more than any test waits. */
const WAREHOUSE = "cartyrion/cedryk-in-the-warehouse.yaml";
/**
 * The warehouse's first 12,000 states: work of about a second on a quiet machine (the alley's
 * whole fight, 385 states in 0.08 s, could end between two readings), stopped by the budget.
 */
const BUDGETED = { from: "start", maxStates: 12_000 };

let app: App;
let jobs: ServerJobs;
let base: string;

beforeAll(async () => {
  // A time budget no test here means to reach: the machine may be loaded.
  ({ app, jobs, base } = await builtApp({ threads: 1, queue: 1, timeMs: 600_000, memoryMb: 512 }));
});

afterAll(() => app.close());

async function call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: object) {
  const res = await fetch(`${base}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function create(example: string): Promise<number> {
  const created = await call<{ id: number }>("POST", "/encounters", { file: exampleText(example) });
  expect(created.status).toBe(201);
  return created.body.id;
}

const jobUrl = (id: number, job?: number) =>
  `/encounters/${id}/fight-odds/jobs${job === undefined ? "" : `/${job}`}`;

/** Reads job `job` every 20 ms until `done(job)` holds; every reading, in order. */
async function follow(
  id: number,
  job: number,
  done: (job: FightOddsJobJson) => boolean,
): Promise<FightOddsJobJson[]> {
  const seen: FightOddsJobJson[] = [];
  for (let waited = 0; ; waited += 20) {
    const read = await call<FightOddsJobJson>("GET", jobUrl(id, job));
    expect(read.status).toBe(200);
    seen.push(read.body);
    if (done(read.body)) return seen;
    if (waited > 170_000) throw new Error(`job ${job} still ${read.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const untimed = (o: FightOddsResult) => ({ ...o, seconds: 0 });

describe("whole-fight odds as jobs, on a worker thread", () => {
  it("report growing progress while they run, and end with the odds of the one-shot route", async () => {
    const id = await create(WAREHOUSE);
    const started = await call<FightOddsJobJson>("POST", jobUrl(id), BUDGETED);
    expect(started.status).toBe(202);
    expect(started.body.status).toBe("running");
    const seen = await follow(id, started.body.id, (job) => job.status !== "running");
    const last = seen.at(-1)!;
    expect(last.status).toBe("done");
    expect(last.error).toBeNull();

    const progress = seen
      .map((job) => job.progress)
      .filter((p): p is FightOddsProgress => p !== null);
    const distinct = new Set(progress.map((p) => JSON.stringify(p)));
    expect(distinct.size).toBeGreaterThan(1);
    for (const [i, p] of progress.entries()) {
      if (i === 0) continue;
      const before = progress[i - 1]!;
      expect(p.states).toBeGreaterThanOrEqual(before.states);
      expect(p.runs).toBeGreaterThanOrEqual(before.runs);
      expect(p.round).toBeGreaterThanOrEqual(before.round);
      expect(p.resolved).toBeGreaterThanOrEqual(before.resolved);
      expect(p.seconds).toBeGreaterThanOrEqual(before.seconds);
    }
    const final = last.result!;
    expect(final.stopped).toBe("state-limit");
    expect(final.states).toBe(BUDGETED.maxStates);
    expect(progress.at(-1)!.states).toBeLessThanOrEqual(final.states);
    expect(progress.at(-1)!.resolved).toBeLessThanOrEqual(1 - final.unresolved.total + 1e-12);

    const oneShot = await call<FightOddsResult>("POST", `/encounters/${id}/fight-odds`, BUDGETED);
    expect(oneShot.status).toBe(200);
    expect(untimed(final)).toEqual(untimed(oneShot.body));
  });

  it("refuse a job at once when the thread and the queue are taken; a cancelled one stops and frees its thread", async () => {
    const warehouse = await create(WAREHOUSE);
    const alley = await create(ALLEY);
    // The warehouse's whole fight (Tombril's, once as long, now takes seconds).
    const long = { from: "start", maxStates: 5_000_000 };
    const running = await call<FightOddsJobJson>("POST", jobUrl(warehouse), long);
    const waiting = await call<FightOddsJobJson>("POST", jobUrl(warehouse), long);
    expect([running.status, waiting.status]).toEqual([202, 202]);
    const refused = await call<{ error: string; where: string }>("POST", jobUrl(alley), {});
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: "the server is busy: 1 heavy requests run and 1 wait, the most it takes",
      where: "server",
    });

    // The waiting job leaves the queue; the running one, once it has reported, is stopped.
    const unqueued = await call<FightOddsJobJson>("DELETE", jobUrl(warehouse, waiting.body.id));
    expect(unqueued.body.status).toBe("cancelled");
    expect(unqueued.body.progress).toBeNull();
    const working = await follow(
      warehouse,
      running.body.id,
      (job) => (job.progress?.states ?? 0) > 0,
    );
    expect(working.at(-1)!.status).toBe("running");
    const cancelled = await call<FightOddsJobJson>("DELETE", jobUrl(warehouse, running.body.id));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect(cancelled.body.result).toBeNull();
    for (let waited = 0; jobs.busy > 0; waited += 20) {
      if (waited > 30_000) throw new Error("the cancelled job still holds its thread");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // It stays cancelled, and the thread takes the next job and runs it to its end.
    expect(
      (await call<FightOddsJobJson>("GET", jobUrl(warehouse, running.body.id))).body,
    ).toMatchObject({ status: "cancelled", result: null });
    const next = await call<FightOddsJobJson>("POST", jobUrl(alley), { maxRounds: 1 });
    expect(next.status).toBe(202);
    const ended = await follow(alley, next.body.id, (job) => job.status !== "running");
    expect(ended.at(-1)).toMatchObject({ status: "done", error: null });
    expect(ended.at(-1)!.result!.roundsWorked).toBe(1);
  });
});
