// `fray serve`: the HTTP API (src/server, docs/http-api.md) on a SQLite database, until Ctrl-C.
// The server's modules load only when this command runs, so other commands start as fast as before.
// On an address other machines reach it prints the GM's link, or why it needs FRAY_GM_SECRET.
import type { Command } from "commander";
import { FrayError } from "../../core/errors.js";
import type { App } from "../../server/app.js";
import type { EncounterJson } from "../../server/encounter-json.js";
import type { JobLimits } from "../../server/job-runner.js";
import type { KeptGmSecret } from "../../server/kept-gm-secret.js";
import { positiveInt, WORKERS_LIMIT } from "../options.js";

export interface ServeOptions {
  port?: string;
  host?: string;
  db?: string;
  allowHost?: string[];
  jobThreads?: string;
  jobQueue?: string;
  jobSeconds?: string;
  jobMemory?: string;
  maxCombatants?: string;
  maxRuns?: string;
  maxReplyMb?: string;
}

/**
 * The limits of one request that `fray serve`'s flags raise: each sets its environment variable,
 * which the server reads where it checks the limit (and its worker threads, started after, copy).
 */
export function raiseLimits(options: ServeOptions, limits: readonly RaisableLimit[]): void {
  for (const { option, flag, variable } of limits) {
    const text = options[option];
    if (text !== undefined) process.env[variable] = String(positiveInt(text, flag, 1));
  }
}

/** A limit a flag of `fray serve` raises: the option's name, its flag, its variable. */
export interface RaisableLimit {
  readonly option: "maxCombatants" | "maxRuns" | "maxReplyMb";
  readonly flag: string;
  readonly variable: string;
}

/**
 * The budget of the server's heavy work (docs/http-api.md, "Limits and heavy work"): `defaults`
 * (DEFAULT_JOB_LIMITS) with what the options raise or lower.
 */
export function jobLimitsOf(options: ServeOptions, defaults: JobLimits): JobLimits {
  const seconds = positiveInt(options.jobSeconds, "--job-seconds", defaults.timeMs / 1000);
  return {
    threads: positiveInt(options.jobThreads, "--job-threads", defaults.threads, 1, WORKERS_LIMIT),
    queue: positiveInt(options.jobQueue, "--job-queue", defaults.queue, 0),
    timeMs: seconds * 1000,
    // Below 64 MB a worker thread cannot even load the rulesets.
    memoryMb: positiveInt(options.jobMemory, "--job-memory", defaults.memoryMb, 64),
  };
}

/** Starts the server and returns once it listens; it runs until Ctrl-C (or `close()`). */
export async function serve(options: ServeOptions): Promise<App> {
  const port = positiveInt(options.port, "--port", 4000, 0);
  if (port > 65_535) throw new FrayError(`--port: ${port} is not a port (0 to 65535)`, "--port");
  const db = options.db ?? process.env["FRAY_DB"] ?? "fray.sqlite";
  const { startServer } = await import("../../server/start.js");
  const { shownAddress } = await import("../../server/postgres-store.js");
  const { DEFAULT_JOB_LIMITS } = await import("../../server/jobs.js");
  const jobLimits = jobLimitsOf(options, DEFAULT_JOB_LIMITS);
  const { COMBATANTS_VARIABLE } = await import("../../server/stored-encounter.js");
  const { RUNS_VARIABLE } = await import("../../server/schemas.js");
  const { REPLY_MB_VARIABLE } = await import("../../server/reply-cap.js");
  raiseLimits(options, [
    { option: "maxCombatants", flag: "--max-combatants", variable: COMBATANTS_VARIABLE },
    { option: "maxRuns", flag: "--max-runs", variable: RUNS_VARIABLE },
    { option: "maxReplyMb", flag: "--max-reply-mb", variable: REPLY_MB_VARIABLE },
  ]);
  const host = options.host ?? "127.0.0.1";
  const gmSecret = process.env["FRAY_GM_SECRET"];
  const allowHosts = options.allowHost ?? [];
  const { app, url, demo, encounters, urls, gmLinks, gmSecretKept, secured } = await startServer({
    port,
    host,
    db,
    gmSecret,
    allowHosts,
    jobLimits,
    warmJobs: true,
  });
  const shownDb = shownAddress(db);
  const stop = () => {
    process.stdout.write(`Fray stopped; its encounters stay in ${shownDb} for its next start.\n`);
    void app.close();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.stdout.write(
    tableLine(urls, gmLinks, secured) +
      `Fray HTTP API at ${url} (its OpenAPI description: ${url}/openapi.json)\n` +
      consoleLines(host, url, gmLinks, gmSecretKept, secured) +
      `database ${shownDb}: ${databaseHolds(demo, encounters)}\n` +
      "Ctrl-C stops it.\n",
  );
  return app;
}

/**
 * What the database holds, said at each start: a GM who stopped the server mid-fight (Ctrl-C, a
 * crash) and started it again read only "database fray.sqlite", and could not tell whether the
 * fight was still there before opening the console.
 */
function databaseHolds(demo: EncounterJson | null, encounters: number): string {
  if (demo !== null) return `stored the demo encounter ${demo.id}, "${demo.title}"`;
  if (encounters === 1) return "holds 1 encounter, as it was left; the console opens it";
  const count = encounters.toLocaleString("en");
  return `holds ${count} encounters, each as it was left; the console lists them, the last played first`;
}

/**
 * What `fray serve` prints first when other machines can reach it (README, quick start): the link
 * the GM opens and the address the players' phones use, before the API's own address on this
 * machine, which a new GM read first and opened.
 */
function tableLine(
  urls: readonly string[],
  gmLinks: readonly string[] | null,
  secured: boolean,
): string {
  if (urls.length === 0 && gmLinks === null) return "";
  const gm = gmLinks ?? urls.map((u) => (secured ? `${u}/#/gm/<FRAY_GM_SECRET>` : `${u}/`));
  const phones =
    urls.length === 0
      ? ""
      : `; the players' phones open the links it gives them, at ${urls.join(" or ")}`;
  return `the GM's console: open ${gm.join(" or ")} (keep this link to yourself)${phones}\n`;
}

/** What `fray serve` prints of the GM's console: where to open it, and who else can reach it. */
function consoleLines(
  host: string,
  url: string,
  gmLinks: readonly string[] | null,
  kept: KeptGmSecret | null,
  secured: boolean,
): string {
  if (gmLinks === null) {
    return secured
      ? `the GM's console: open ${url}/#/gm/<FRAY_GM_SECRET> in a browser (docs/console.md)\n`
      : `the GM's console: open ${url}/ in a browser (docs/console.md)\n` +
          "only this machine can open it: for the players' phones, start it with --host 0.0.0.0 " +
          "(docs/console.md, The players' screens)\n";
  }
  const why = `--host ${host}: other machines can reach this server, so the GM's routes need a secret, and none was set in FRAY_GM_SECRET: `;
  const secret =
    kept === null
      ? "made one for this run (set FRAY_GM_SECRET to keep one across restarts).\n"
      : kept.made
        ? `made one and kept it in ${kept.file}, so that the GM's link stays the same after a restart (delete the file for a new one).\n`
        : `took the one kept in ${kept.file} since the first start: the GM's link is the same.\n`;
  return why + secret;
}

export function registerServe(program: Command): void {
  program
    .command("serve")
    .description(
      "serve the HTTP API (docs/http-api.md), keeping encounters in SQLite or PostgreSQL (docs/scaling.md)",
    )
    .option("--port <n>", "port to listen on (default 4000)")
    .option("--host <host>", "address to listen on (default 127.0.0.1)")
    .option(
      "--db <file|url>",
      "SQLite database file (created if need be), or a PostgreSQL database postgres://user:password@host/db; default: FRAY_DB, else fray.sqlite here",
    )
    .option(
      "--allow-host <name...>",
      "answer as this host name too (a proxy in front of it); by default only as the address it listens on and, on 0.0.0.0, this machine's names",
    )
    .option(
      "--job-threads <n>",
      "heavy requests (simulations, advice, autoplay) run at once, each on a thread (default: the cores but one, at most 4)",
    )
    .option(
      "--job-queue <n>",
      "heavy requests that may wait for a thread; one more is a 429 (default 8)",
    )
    .option("--job-seconds <s>", "longest a heavy request may run; past it a 422 (default 60)")
    .option(
      "--job-memory <MB>",
      "heap a heavy request's thread may use; past it a 422 (default 512)",
    )
    .option("--max-combatants <n>", "most combatants in one encounter (default 100)")
    .option("--max-runs <n>", "most fights in one simulation request (default 100,000)")
    .option("--max-reply-mb <MB>", "largest reply; past it a 422 (default 32)")
    .action(async (options: ServeOptions) => {
      await serve(options);
    });
}
