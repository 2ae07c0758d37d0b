// `fray odds <encounter.yaml> [--log partial.jsonl]`: exact odds of the whole fight under the
// policies (src/app/fight-odds.ts), as a table or JSON, with progress on stderr while it works.
// The work runs on a worker thread (encounter-odds-worker.ts) so that Ctrl-C stops it and the odds
// worked out so far are printed (`stopped: "cancelled"`); run from the TypeScript sources (the
// in-process tests), where no built worker is beside this module, it runs on this thread.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { encounterFightOdds, type FightOddsResult } from "../../app/fight-odds.js";
import { parseDecide } from "../../app/exchange-odds.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { sideWins } from "../../engine/side-wins.js";
import { MAX_STATES } from "../../engine/state-graph.js";
import { loadedModuleUrls } from "../../app/ruleset-modules.js";
import { rulesetsToRead } from "../../app/rulesets-to-read.js";
import { FrayError } from "../../core/errors.js";
import { describeStart, percent } from "../../sim/report.js";
import { positiveInt } from "../options.js";
import { interruptOnCtrlC } from "../interrupt.js";

export interface EncounterOddsOptions {
  log?: string;
  decide?: string[];
  maxStates?: string;
  maxRounds?: string;
  json?: boolean;
}

function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map(
    (r) =>
      "  " +
      r
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join("  "),
  );
}

/** A probability to 1e-9, the precision the odds are exact to. */
function exact(p: number): string {
  return `${(p * 100).toFixed(7)}%`;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** Why the work stopped, when it stopped before the fight's end. */
function stoppedLine(odds: FightOddsResult): string | null {
  switch (odds.stopped) {
    case "done":
      return null;
    case "round-limit":
      return `stopped at the round limit: ${odds.roundsWorked} rounds (--max-rounds)`;
    case "state-limit":
      return `stopped at the state budget of ${count(odds.maxStates)} distinct states: exact through round ${odds.start.round + odds.roundsWorked - 1}; raise it with --max-states (e.g. --max-states ${odds.maxStates * 4}) if memory allows, or simulate (fray sim)`;
    case "run-limit":
      return `stopped at the budget of ${count(odds.maxRuns ?? odds.runs)} runs: round ${odds.start.round + odds.roundsWorked} alone has more ways the dice can fall; simulate it (fray sim)`;
    case "cancelled":
      return "stopped by Ctrl-C before the end";
  }
}

export function renderFightOdds(odds: FightOddsResult, ruleset: string): string {
  const lines = [
    `${odds.title} (${ruleset}), exact odds of the whole fight under the tactics`,
    describeStart(odds.start),
    "",
  ];
  const outcomes: string[][] = [["", "probability"]];
  for (const side of odds.sides) outcomes.push([sideWins(side.name), exact(side.win)]);
  outcomes.push(["draw", exact(odds.draw)], ["mutual kill", exact(odds.mutualKill)]);
  lines.push(...table(outcomes), "");
  const r = odds.rounds;
  lines.push(
    `  rounds to the end: mean ${r.mean.toFixed(2)}, median ${r.median}, 90th percentile ${r.p90} (of the fights that end)`,
    "",
  );
  const people: string[][] = [["combatant", "side", "survives", "mean health", "if standing"]];
  for (const c of odds.combatants) {
    people.push([
      c.name,
      c.side,
      percent(c.survival, 2),
      c.meanHealth.toFixed(2),
      c.meanHealthIfStanding === null ? "-" : c.meanHealthIfStanding.toFixed(2),
    ]);
  }
  lines.push(...table(people), "");
  const u = odds.unresolved;
  lines.push(
    `  unresolved: ${u.total.toExponential(2)} (explosions cut off ${u.truncated.toExponential(2)}, fights still going after ${odds.roundsWorked} rounds ${u.ongoing.toExponential(2)}): each probability above is low by at most this`,
  );
  const stop = stoppedLine(odds);
  if (stop !== null) lines.push(`  ${stop}`);
  lines.push(
    `  ${count(odds.states)} distinct states, ${count(odds.runs)} runs of the rules, ${odds.seconds.toFixed(2)} s`,
  );
  return lines.join("\n") + "\n";
}

/** Seconds between two progress lines. */
const PROGRESS_EVERY = 0.2;

/** What `fray odds <encounter>` worked out, for the main thread to print. */
export interface WorkedOut {
  readonly odds: FightOddsResult;
  /** The ruleset's title, for the table's heading. */
  readonly ruleset: string;
}

/** How the work reports its progress and hears that it is to stop. */
export interface WorkHooks {
  /** A progress line, at most every PROGRESS_EVERY seconds. */
  readonly show: (text: string) => void;
  /** True once the user asked to stop (Ctrl-C): the odds worked out so far come back. */
  readonly stopped: () => boolean;
}

/**
 * Parses the encounter (with the file's ruleset alone, rulesets-to-read.ts) and the options and
 * works out the fight's odds (on the worker thread of encounter-odds-worker.ts, or on this one
 * when running from the TypeScript sources).
 */
export async function workOutOdds(
  path: string,
  content: unknown,
  options: EncounterOddsOptions,
  hooks: WorkHooks,
): Promise<WorkedOut> {
  const definition = parseEncounterFile(content, await rulesetsToRead(content), path);
  const answers =
    options.log === undefined
      ? []
      : (await import("../log-answers.js")).readLogOf(options.log, definition, path).log;
  const maxStates = positiveInt(options.maxStates, "--max-states", MAX_STATES);
  const maxRounds = positiveInt(options.maxRounds, "--max-rounds", 500);
  let last = 0;
  const odds = encounterFightOdds(definition, {
    answers,
    decisions: parseDecide(options.decide ?? []),
    maxStates,
    maxRounds,
    progress: (p) => {
      if (p.seconds - last >= PROGRESS_EVERY) {
        last = p.seconds;
        hooks.show(
          `round ${p.round}: ${count(p.states)} states, ${count(p.runs)} runs, ${percent(p.resolved)} of fights ended, ${p.seconds.toFixed(1)} s`,
        );
      }
      return hooks.stopped() ? "stop" : undefined;
    },
  });
  return { odds, ruleset: definition.ruleset.title };
}

/**
 * Progress lines on stderr: on a terminal, one status line rewritten in place and cleared by
 * `done`; elsewhere only when PROGRESS_VARIABLE is set, one line each (for a script or a test
 * that waits for the work to be under way).
 */
function progressLine() {
  const terminal = process.stderr.isTTY === true;
  const enabled = terminal || process.env[PROGRESS_VARIABLE] !== undefined;
  let shown = false;
  return {
    show(text: string) {
      if (!enabled) return;
      shown = true;
      const line = `  ${text} (Ctrl-C stops and prints what was worked out)`;
      process.stderr.write(terminal ? `\r\x1b[K${line}` : `${line}\n`);
    },
    done() {
      if (shown && terminal) process.stderr.write("\r\x1b[K");
      shown = false;
    },
  };
}

/** Set, it makes `fray odds <encounter>` print its progress lines when stderr is no terminal. */
export const PROGRESS_VARIABLE = "FRAY_PROGRESS";

/** The built worker entry beside this module (absent when running from the TypeScript sources). */
const WORKER = new URL("./encounter-odds-worker.js", import.meta.url);

/** What the worker thread is given (encounter-odds-worker.ts). */
export interface OddsWorkerData {
  readonly path: string;
  readonly content: unknown;
  readonly options: EncounterOddsOptions;
  /** Int32 flag: 1 once the user pressed Ctrl-C. */
  readonly stop: SharedArrayBuffer;
  /** The rulesets loaded with --ruleset, which the worker loads too. */
  readonly modules: readonly string[];
}

/** What the worker thread posts: progress lines, then the result or the error. */
export type OddsWorkerMessage =
  | { readonly kind: "progress"; readonly text: string }
  | { readonly kind: "done"; readonly worked: WorkedOut }
  | {
      readonly kind: "fray-error";
      readonly message: string;
      readonly where: string | undefined;
      readonly hint: string | undefined;
    }
  | { readonly kind: "error"; readonly message: string; readonly stack: string | undefined };

/**
 * Works the odds out on a worker thread, so that this thread hears Ctrl-C: the first sets the
 * flag the worker's progress checks, which then stops and sends what was worked out; a second
 * quits at once. The worker's errors are thrown here as they were there.
 */
function workOnWorker(
  path: string,
  content: unknown,
  options: EncounterOddsOptions,
  line: ReturnType<typeof progressLine>,
): Promise<WorkedOut> {
  const stop = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const data: OddsWorkerData = { path, content, options, stop, modules: loadedModuleUrls() };
  const worker = new Worker(WORKER, { workerData: data });
  const ctrlC = interruptOnCtrlC((text) => {
    line.done();
    process.stderr.write(`${text}\n`);
  }, "stopping: printing what was worked out");
  ctrlC.signal.addEventListener("abort", () => Atomics.store(new Int32Array(stop), 0, 1));
  return new Promise<WorkedOut>((resolve, reject) => {
    worker.on("message", (message: OddsWorkerMessage) => {
      switch (message.kind) {
        case "progress":
          line.show(message.text);
          return;
        case "done":
          resolve(message.worked);
          return;
        case "fray-error":
          reject(new FrayError(message.message, message.where, message.hint));
          return;
        case "error":
          reject(Object.assign(new Error(message.message), { stack: message.stack }));
          return;
      }
    });
    worker.on("error", reject);
    worker.on("exit", (code) =>
      reject(new Error(`the worker working out the odds quit (exit code ${code})`)),
    );
  }).finally(() => {
    ctrlC.release();
    void worker.terminate();
  });
}

export async function encounterOdds(
  path: string,
  content: unknown,
  options: EncounterOddsOptions,
): Promise<void> {
  const line = progressLine();
  let worked: WorkedOut;
  try {
    worked = existsSync(fileURLToPath(WORKER))
      ? await workOnWorker(path, content, options, line)
      : await workOutOdds(path, content, options, { show: line.show, stopped: () => false });
  } finally {
    line.done();
  }
  process.stdout.write(
    options.json === true
      ? `${JSON.stringify(worked.odds, null, 2)}\n`
      : renderFightOdds(worked.odds, worked.ruleset),
  );
}
