// Starts the HTTP API on a SQLite database or a PostgreSQL one (open-store.ts): what `fray serve`
// runs. An empty database gets the demo encounter, so that there is a fight to open. Who holds the GM's rights is settled here
// (gm-rights.ts): on an address other machines reach, never nobody.
import { FrayError } from "../core/errors.js";
import { buildApp, type App } from "./app.js";
import { storeDemoIfEmpty } from "./demo.js";
import { hostNames } from "./request-guard.js";
import type { EncounterJson } from "./encounter-json.js";
import { gmPath, gmRights, isLoopback, publicUrls } from "./gm-rights.js";
import type { JobLimits } from "./job-runner.js";
import { startJobs, type ServerJobs } from "./jobs.js";
import type { KeptGmSecret } from "./kept-gm-secret.js";
import { openDatabase } from "./open-store.js";

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  /** The SQLite database file (created if need be), or a PostgreSQL database's postgres:// address. */
  readonly db: string;
  /** The GM's secret (FRAY_GM_SECRET); without one, made unless on loopback (gm-rights.ts). */
  readonly gmSecret?: string | undefined;
  /** Host names it answers as besides its own (a proxy's in front of it): request-guard.ts. */
  readonly allowHosts?: readonly string[];
  /** The budget of its heavy work; by default DEFAULT_JOB_LIMITS (jobs.ts). */
  readonly jobLimits?: JobLimits | undefined;
  /** Another build of the jobs' worker module (startJobs in jobs.ts); by default its own. */
  readonly jobWorker?: URL | undefined;
  /** Whether its job threads warm the advisor up while idle (startJobs in jobs.ts): fray serve. */
  readonly warmJobs?: boolean | undefined;
  /**
   * A job runner of the caller's, left open when the server closes (`jobLimits` and `jobWorker`
   * are then its own): servers started one after another in one process share its threads,
   * whose first job loads the rulesets (the console's browser tests). By default the server
   * starts one and closes it.
   */
  readonly jobs?: ServerJobs | undefined;
}

export interface RunningServer {
  readonly app: App;
  readonly url: string;
  /** The demo encounter, when this start stored it. */
  readonly demo: EncounterJson | null;
  /** How many encounters the database holds once started (the demo included): what it found. */
  readonly encounters: number;
  /** The addresses other machines reach it at (none on loopback). */
  readonly urls: readonly string[];
  /** The GM's console with the secret made, on each address; null if none was made. */
  readonly gmLinks: readonly string[] | null;
  /** The file that keeps the secret made for the next starts (null: made for this run only). */
  readonly gmSecretKept: KeptGmSecret | null;
  /** Whether the GM's routes need a secret. */
  readonly secured: boolean;
}

/** Listens until `app.close()`, which closes the database too, and the job runner it started. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  // What goes wrong with the events of other processes is logged, once there is a log.
  let logged = (error: unknown): void => void error;
  const { store, events, close } = await openDatabase(options.db, (error) => logged(error));
  // After the database opens: a secret made is kept beside it (a `--db` in no folder says so).
  const rights = await closingOnError(close, () =>
    gmRights(options.host, options.gmSecret, options.db),
  );
  const demo = await storeDemoIfEmpty(store);
  const encounters = await store.count();
  let urls: string[] = [];
  const jobs = options.jobs ?? startJobs(options.jobLimits, options.jobWorker, options.warmJobs);
  const app = await buildApp({
    store,
    events,
    logErrors: true,
    gmSecret: rights.secret,
    publicUrls: () => urls,
    hosts: hostNames(options.host, options.allowHosts),
    jobs,
    describeAtStart: !isLoopback(options.host),
  });
  if (options.jobs === undefined) app.addHook("onClose", () => jobs.close());
  logged = (error) => app.log.error(error);
  app.addHook("onClose", close);
  try {
    const url = await app.listen({ port: options.port, host: options.host });
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : options.port;
    urls = publicUrls(options.host, port);
    const secret = rights.made ? rights.secret : null;
    const gmLinks =
      secret === null ? null : (urls.length > 0 ? urls : [url]).map((u) => `${u}${gmPath(secret)}`);
    const secured = rights.secret !== null;
    return { app, url, demo, encounters, urls, gmLinks, gmSecretKept: rights.kept, secured };
  } catch (error) {
    await app.close();
    throw new FrayError(
      `--host ${options.host} --port ${options.port}: cannot listen: ${(error as Error).message}`,
      "--port",
      // Said as typed: a GM of the quick start's `npm start` met EADDRINUSE with no flag to hand.
      `choose another port (\`fray serve --port ${options.port + 1}\`, or \`npm start -- --port ${options.port + 1}\`), or stop what listens on this one`,
    );
  }
}

/** `make()`, or, if it throws, `close()` before the error goes on. */
async function closingOnError<T>(close: () => Promise<void>, make: () => T): Promise<T> {
  try {
    return make();
  } catch (error) {
    await close();
    throw error;
  }
}
