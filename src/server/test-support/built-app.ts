// The HTTP API from the build, listening on a free loopback port, for tests of work on worker
// threads (a worker thread loads the built job-worker.js, never the TypeScript sources): its
// jobs with the limits a test gives, an SQLite store in memory, both closed with the app.
import { tscBuild } from "../../test-support/tsc-build.js";
import type { App } from "../app.js";
import type { JobLimits } from "../job-runner.js";
import type { ServerJobs } from "../jobs.js";

export interface BuiltApp {
  readonly app: App;
  readonly jobs: ServerJobs;
  /** The server's URL, "http://127.0.0.1:<port>". */
  readonly base: string;
}

/** Starts the built API with job threads under `limits`; the caller closes `app`. */
export async function builtApp(limits: JobLimits): Promise<BuiltApp> {
  const build = tscBuild("server/job-worker.js");
  const { buildApp } = await build.load<typeof import("../app.js")>("server/app.js");
  const { SqliteStore } =
    await build.load<typeof import("../sqlite-store.js")>("server/sqlite-store.js");
  const { startJobs } = await build.load<typeof import("../jobs.js")>("server/jobs.js");
  const jobs = startJobs(limits);
  const store = new SqliteStore(":memory:");
  const app = await buildApp({ store, jobs });
  app.addHook("onClose", async () => {
    await jobs.close();
    await store.close();
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, jobs, base };
}
