// The server's heavy work as jobs: the same result in this thread (run from the TypeScript
// sources) and on a worker thread (from a tsc build); on the worker threads, a bounded queue
// (BusyError past it), cancelling a waiting or running job, progress, the time budget, and through
// HTTP: a GET answered while four heavy requests run, 429 with Retry-After when the queue is full,
// the heavy requests stopped when their clients go away, a request past its memory budget stopped
// with a 422, and the budget fray serve is given.
import { request as httpRequest, type ClientRequest } from "node:http";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { adviseNextDecision } from "../app/advise-pending.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import type { JsonObject } from "../engine/json.js";
import { answer } from "../engine/test-support/scripted.js";
import { rulesets } from "../rulesets/index.js";
import { tscBuild, type TscBuild } from "../test-support/tsc-build.js";
import type { App } from "./app.js";
import type { BusyError } from "./errors.js";
import type { JobLimits } from "./job-runner.js";
import type { AdviceTask, ServerJobs, SimulationTask } from "./jobs.js";
import { jobs as jobTable } from "./jobs.js";
import { builtApp } from "./test-support/built-app.js";
import { JobRunner } from "./job-runner.js";
import { startServer as startFromSources } from "./start.js";

const demoText = readFileSync(
  new URL("../../examples/cartyrion/tombril-and-the-hill-giant.yaml", import.meta.url),
  "utf8",
);
const demo = parse(demoText) as JsonObject;

const definition = () => parseEncounterFile(demo, rulesets, "encounter 1");

/** The demo after its initiative roll of 5: Tombril's first decision (the worked example). */
const advice: AdviceTask = {
  file: demo,
  source: "encounter 1",
  answers: answer(new Encounter(definition()), [[5]]).log,
  seed: 5,
  samples: 2_000,
};

/** The advice as `fray advise` gives it, in this thread (worked out once, for every test). */
let directAdvice: ReturnType<typeof adviseNextDecision> | undefined;
function direct() {
  directAdvice ??= adviseNextDecision(
    Encounter.fromAnswers(definition(), advice.answers),
    advice.seed,
    2_000,
  );
  return directAdvice;
}

/** A simulation long enough to be still running when the test cancels it. */
const long: SimulationTask = { file: demo, source: "file", seed: 1, runs: 100_000, maxRounds: 500 };

// A time budget no test here means to reach (the time budget has a test of its own): at load 30 on
// two cores, the advice on a worker thread took over a minute.
const LIMITS: JobLimits = { threads: 1, queue: 1, timeMs: 180_000, memoryMb: 512 };

/** Waits until `check()` holds (each turn 20 ms later), failing after 30 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 30_000) throw new Error(`still not ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("jobs run from the TypeScript sources", () => {
  it("run in this thread, with what fray advise answers, and report their progress", async () => {
    const runner = new JobRunner(jobTable, LIMITS, new URL("./no-such-worker.js", import.meta.url));
    const expected = direct();
    expect(expected.advice.options.length).toBeGreaterThan(1);
    expect(await runner.run("advise", advice)).toEqual(expected);
    const reports: unknown[] = [];
    const job = runner.submit(
      "simulate",
      { ...long, runs: 2_000 },
      { onProgress: (p) => reports.push(p) },
    );
    expect((await job.result).runs).toBe(2_000);
    expect(reports.at(-1)).toMatchObject({ runs: 2_000, total: 2_000 });
    expect(job.progress).toBe(reports.at(-1));
    await runner.close();
  }, 180_000);
});

describe("jobs run from the build", () => {
  let build: TscBuild;
  let start: (limits?: JobLimits) => ServerJobs;

  beforeAll(async () => {
    build = tscBuild("server/job-worker.js");
    start = (await build.load<typeof import("./jobs.js")>("server/jobs.js")).startJobs;
  });

  it("run on a worker thread, with the same advice, while this thread goes on", async () => {
    const runner = start(LIMITS);
    // A turn of this thread's event loop (where the server answers other requests) comes before
    // the advice: in this thread, it would come only after the whole enumeration.
    let turned = false;
    const advised = runner.run("advise", advice).then((result) => ({ result, turned }));
    setImmediate(() => {
      turned = true;
    });
    const { result, turned: turnedFirst } = await advised;
    expect(turnedFirst).toBe(true);
    expect(result).toEqual(direct());
    // A failure comes back as a FrayError with its place and hint.
    await expect(
      runner.run("advise", { ...advice, file: { ...demo, ruleset: "gurps" } }),
    ).rejects.toThrow(/encounter 1: ruleset: unknown ruleset "gurps"/);
    await runner.close();
    // Two enumerations of the worked example on a worker thread: slow on a busy machine.
  }, 180_000);

  it("wait in a bounded queue, refuse one more, and stop when cancelled, waiting or running", async () => {
    const runner = start(LIMITS);
    const reports: unknown[] = [];
    const first = runner.submit("simulate", long, { onProgress: (p) => reports.push(p) });
    const second = runner.submit("simulate", long);
    expect(runner.busy).toBe(2);
    const third = runner.submit("simulate", long);
    const refused = await third.result.catch((error: unknown) => error);
    // (The runner is the build's: its errors are the build's classes, told apart by name.)
    expect(refused).toMatchObject({
      name: "BusyError",
      message: "the server is busy: 1 heavy requests run and 1 wait, the most it takes",
    });
    expect((refused as BusyError).retryAfter).toBeGreaterThanOrEqual(1);
    // The running simulation reports its runs as its batches end.
    await until(() => reports.length > 0, "reporting");
    expect(first.progress).toMatchObject({ total: 100_000 });
    // The waiting one leaves the queue; the running one's thread is stopped.
    second.cancel(new Error("no longer wanted"));
    await expect(second.result).rejects.toThrow("no longer wanted");
    expect(runner.busy).toBe(1);
    first.cancel();
    await expect(first.result).rejects.toThrow("the job was cancelled");
    expect(runner.busy).toBe(0);
    // And the runner takes work again.
    const small = await runner.run("simulate", { ...long, runs: 500 });
    expect(small.runs).toBe(500);
    await runner.close();
  });

  it("keep one thread ready from the start and past the idle timeout, for the next job (#16)", async () => {
    // Only the pool's timers are faked: the idle timeout (5 minutes) passes at once.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const runner = start(LIMITS);
      const ready = runner.threadIds;
      expect(ready).toHaveLength(1);
      expect((await runner.run("simulate", { ...long, runs: 200 })).runs).toBe(200);
      expect(runner.threadIds).toEqual(ready);
      vi.advanceTimersByTime(5 * 60_000 + 1_000);
      expect(runner.threadIds).toEqual(ready);
      // The next job runs on that thread: none is started for it.
      expect((await runner.run("simulate", { ...long, runs: 200 })).runs).toBe(200);
      expect(runner.threadIds).toEqual(ready);
      await runner.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("warm a thread started while idle with the warm-up jobs, at the start and after a thread is stopped, never before a job (#16)", async () => {
    const { JobRunner: BuiltRunner } =
      await build.load<typeof import("./job-runner.js")>("server/job-runner.js");
    const { jobs: builtJobs } = await build.load<typeof import("./jobs.js")>("server/jobs.js");
    const worker = new URL(build.url("server/job-worker.js"));
    const small = { ...long, runs: 50 };
    const warmUps = [
      { name: "advise" as const, input: advice },
      { name: "simulate" as const, input: small },
    ];
    // Idle from its start: the ready thread runs both, then the table's first job.
    const runner = new BuiltRunner(builtJobs, LIMITS, worker, undefined, warmUps);
    expect(await runner.warmedUp()).toBe(2);
    const [ready] = runner.threadIds;
    expect(await runner.run("advise", advice)).toEqual(direct());
    // A running job cancelled stops its thread: the one that replaces it, while nothing runs, is
    // warmed in its turn.
    const reports: unknown[] = [];
    const job = runner.submit("simulate", long, { onProgress: (p) => reports.push(p) });
    await until(() => reports.length > 0, "reporting");
    job.cancel();
    await expect(job.result).rejects.toThrow("the job was cancelled");
    await until(() => runner.warmed === 4, "warmed again");
    expect(runner.threadIds).toHaveLength(1);
    expect(runner.threadIds).not.toContain(ready);
    await runner.close();
    // A job submitted at the start comes first: no warm-up runs before or after it.
    const busy = new BuiltRunner(builtJobs, LIMITS, worker, undefined, warmUps);
    expect((await busy.run("simulate", small)).runs).toBe(50);
    expect(await busy.warmedUp()).toBe(0);
    await busy.close();
  }, 180_000);

  it("stop a job past its time budget, with a TooMuchWorkError that says the limit", async () => {
    const runner = start({ ...LIMITS, timeMs: 300 });
    const stopped = await runner.run("simulate", long).catch((error: unknown) => error);
    expect(stopped).toMatchObject({
      name: "TooMuchWorkError",
      message: "simulate: stopped after 0.3 s, the most one request may take",
      where: "server",
    });
    await runner.close();
  });
});

/** A POST of `body` to the server at `base`: its reply (status, Retry-After, body) as a promise; `destroy` hangs up. */
function postTo(base: string, path: string, body: object) {
  let req: ClientRequest | undefined;
  const replied = new Promise<{ status: number; retryAfter: string | undefined; body: string }>(
    (resolve, reject) => {
      req = httpRequest(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers["retry-after"],
            body: text,
          }),
        );
      });
      req.on("error", reject);
      req.end(JSON.stringify(body));
    },
  );
  return { replied, destroy: () => req?.destroy() };
}

describe("the HTTP API from the build, with two threads and two places in the queue", () => {
  let app: App;
  let jobs: ServerJobs;
  let base: string;

  beforeAll(async () => {
    ({ app, jobs, base } = await builtApp({ ...LIMITS, threads: 2, queue: 2 }));
  });

  afterAll(() => app.close());

  const post = (path: string, body: object) => postTo(base, path, body);

  it("answers a GET while four heavy requests run, refuses a fifth with 429, and stops them all when their clients go", async () => {
    const body = { file: demoText, runs: 100_000, seed: 1 };
    const heavy = [1, 2, 3, 4].map(() => post("/simulations", body));
    let finished = 0;
    for (const h of heavy)
      void h.replied.then(
        () => (finished += 1),
        () => undefined,
      );
    await until(() => jobs.busy === 4, "four heavy requests taken");

    const get = await fetch(`${base}/rulesets`);
    expect(get.status).toBe(200);
    const listed = (await get.json()) as { rulesets: unknown[] };
    expect(listed.rulesets.length).toBe(Object.keys(rulesets).length);
    expect(finished).toBe(0);

    const fifth = await post("/simulations", body).replied;
    expect(fifth.status).toBe(429);
    expect(Number(fifth.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(fifth.body)).toEqual({
      error: "the server is busy: 2 heavy requests run and 2 wait, the most it takes",
      where: "server",
      hint: `try again in ${fifth.retryAfter} s`,
    });

    for (const h of heavy) h.destroy();
    await until(() => jobs.busy === 0, "every heavy request stopped");
    expect(finished).toBe(0);
    // The threads are free again: a small simulation is answered.
    const small = await post("/simulations", { file: demoText, runs: 200, seed: 1 }).replied;
    expect(small.status).toBe(200);
    expect(JSON.parse(small.body)).toMatchObject({ runs: 200 });
  });
});

describe("the HTTP API from the build, with a memory budget of 64 MB", () => {
  let app: App;
  let jobs: ServerJobs;
  let base: string;

  beforeAll(async () => {
    // Files of up to a million values, as FRAY_MAX_FILE_VALUES lets a server read them: the
    // thread (which copies the environment when it starts) then has only the memory budget.
    vi.stubEnv("FRAY_MAX_FILE_VALUES", "1000000");
    // Time enough that the memory budget, not the clock, stops the hoard of numbers below on a
    // busy machine too. 64 MB, not fray serve's 512: the same stop, reached after an eighth of the
    // parse (the 512 MB one took four minutes at load 30 on two cores).
    ({ app, jobs, base } = await builtApp({ ...LIMITS, timeMs: 600_000, memoryMb: 64 }));
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await app.close();
  });

  it("stops a request past its memory budget with a 422, and goes on answering", async () => {
    // 0.6 MB of YAML, a list of 300,000 numbers: within the 4 MB a file may have and the values
    // raised above, but its parse takes about 270 MB of heap (reading a value takes up to a
    // kilobyte: src/app/files.ts), four times the budget.
    const file = `title: a hoard of numbers\nnotes: [${Array(300_000).fill("1").join(",")}]\n`;
    const refused = await postTo(base, "/encounters", { file }).replied;
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: "create: stopped at 64 MB, the most memory one request may use",
      where: "server",
    });
    expect(jobs.busy).toBe(0);
    const created = await postTo(base, "/encounters", { file: demoText }).replied;
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toMatchObject({ title: "Tombril and the Hill Giant" });
  }, 240_000);
});

describe("fray serve's budget, from the build", () => {
  it("stops a heavy request past the seconds startServer was given, with a 422", async () => {
    const build = tscBuild("server/job-worker.js");
    const { startServer } = await build.load<typeof import("./start.js")>("server/start.js");
    const db = join(mkdtempSync(join(tmpdir(), "fray-job-budget-")), "fray.sqlite");
    // The database gets its demo encounter from the sources (the build has no examples beside it).
    await (await startFromSources({ port: 0, host: "127.0.0.1", db })).app.close();
    const jobLimits = { threads: 1, queue: 1, timeMs: 300, memoryMb: 512 };
    const server = await startServer({ port: 0, host: "127.0.0.1", db, jobLimits });
    try {
      const res = await fetch(`${server.url}/simulations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ file: demoText, runs: 100_000, seed: 1 }),
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        error: "simulate: stopped after 0.3 s, the most one request may take",
        where: "server",
      });
    } finally {
      await server.app.close();
    }
  });
});
