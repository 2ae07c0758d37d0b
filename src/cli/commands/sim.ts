// `fray sim <encounter.yaml>`: plays the encounter many times under the policies and reports win
// chances with 95% intervals, rounds and survival (src/sim). A progress bar with the time left
// shows on a terminal (not with --json); Ctrl-C stops at the next batch and prints what was
// gathered; --until-ci keeps going until every side's win interval is narrow enough. With
// --log, the fights start from where the log's answers have brought the fight (src/sim/start.ts).
import { availableParallelism } from "node:os";
import cliProgress from "cli-progress";
import type { Command } from "commander";
import { FrayError } from "../../core/errors.js";
import type { Answer } from "../../engine/answers.js";
import { parseEncounterFile, type EncounterDefinition } from "../../engine/encounter-file.js";
import { InputError } from "../../engine/input-error.js";
import { rulesetModuleUrl, rulesets } from "../../app/rulesets.js";
import { chartFormat } from "../../sim/charts/format.js";
import { describeStart, formatSummary } from "../../sim/report.js";
import { runSimulation, type SimProgress, type SimulationResult } from "../../sim/runner.js";
import { readDataFile, readText } from "../../app/files.js";
import { simPart, simShare } from "../../sim/sim-part.js";
import { simJson } from "../../app/simulation-json.js";
import {
  arrivalsOf,
  type Arrival,
  parseTacticsText,
  playedTactics,
  withTactics,
} from "../../app/tactics-assignment.js";
import { playedText } from "../../engine/tactics-text.js";
import { readLogOf } from "../log-answers.js";
import { interruptOnCtrlC } from "../interrupt.js";
import {
  MAX_ROUNDS_LIMIT,
  parseSeed,
  parseShard,
  positiveInt,
  RUNS_LIMIT,
  WORKERS_LIMIT,
} from "../options.js";

export interface SimOptions {
  runs?: string;
  seed?: string;
  workers?: string;
  json?: boolean;
  untilCi?: string;
  maxRounds?: string;
  chart?: string;
  log?: string;
  shard?: string;
  tactics?: string;
}

/** Fights `--runs` defaults to when a combatant plays by search (each fight looks far ahead). */
const SEARCH_RUNS = 200;

/** Most runs `--until-ci` plays when --runs is not given. */
const UNTIL_CI_CAP = 10_000_000;

function untilCi(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const x = Number(text);
  if (!(x > 0 && x < 0.5))
    throw new FrayError(
      `--until-ci: "${text}" is not a half-width between 0 and 0.5`,
      "--until-ci",
      "for example --until-ci 0.01 for ±1%",
    );
  return x;
}

/** A progress bar with the time left, on a terminal only. */
export function progressBar(enabled: boolean, untilCi: number | undefined) {
  if (!enabled) return { update: (_: SimProgress) => {}, stop: () => {}, say: undefined };
  const format =
    untilCi === undefined
      ? "  {bar} {percentage}% | {value}/{total} runs | {eta_formatted} left{note}"
      : `  {bar} {value} runs | widest win interval ±{widest} (target ±${untilCi}){note}`;
  const bar = new cliProgress.SingleBar(
    { format, hideCursor: true, clearOnComplete: true, etaBuffer: 50, stream: process.stdout },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(p: SimProgress) {
      if (!started) {
        bar.start(p.total, 0, { widest: "-", note: "" });
        started = true;
      }
      bar.update(p.runs, { widest: p.widest.toFixed(4) });
    },
    stop: () => {
      if (started) bar.stop();
    },
    say: (text: string) => {
      if (started) bar.update({ note: ` | ${text}` });
      else process.stderr.write(`\n${text}\n`);
    },
  };
}

function stoppedNote(result: SimulationResult): string {
  switch (result.stopped) {
    case "completed":
      return "";
    case "interval-reached":
      return " (stopped: every win interval is within the target)";
    case "interrupted":
      return " (interrupted: the runs gathered so far)";
  }
}

/** The answers of the fight in progress that `log` holds: the simulation starts where they end. */
function answersOfLog(log: string, definition: EncounterDefinition, path: string): Answer[] {
  const logged = readLogOf(log, definition, path);
  const status = logged.status;
  if (status.kind === "over") {
    throw new InputError(
      `${log}: the fight in the log is over (${status.outcome.reason}, after ${logged.log.length} answers): nothing is left to simulate`,
      log,
      `simulate from an earlier point (fray play ${log} --at N keeps its first N answers), or leave out --log to simulate from the start`,
    );
  }
  return [...logged.log];
}

/** With --shard, the options that need every shard's runs: they belong to `fray merge`. */
function refuseWithShard(options: SimOptions): void {
  const refuse = (flag: string, why: string, fix: string) =>
    new FrayError(`--shard with ${flag}: ${why}`, flag, fix);
  if (options.untilCi !== undefined)
    throw refuse(
      "--until-ci",
      "where to stop depends on every shard's runs",
      "give --runs instead",
    );
  if (options.chart !== undefined)
    throw refuse(
      "--chart",
      "a shard holds a share of the runs",
      "leave it out here: fray merge parts/*.json --chart <file> draws the whole simulation",
    );
  if (options.json === true)
    throw refuse(
      "--json",
      "a shard writes its part as JSON on standard output",
      "leave it out here: fray merge parts/*.json --json prints the whole result",
    );
}

export async function sim(path: string, options: SimOptions): Promise<SimulationResult> {
  const file = parseEncounterFile(readDataFile(path), rulesets, path);
  const answers = options.log === undefined ? undefined : answersOfLog(options.log, file, path);
  const arrivals = arrivalsOf(answers ?? []);
  const definition = withTactics(
    file,
    options.tactics === undefined ? {} : parseTacticsText(options.tactics, "--tactics"),
    rulesets,
    "--tactics",
    undefined,
    arrivals,
  );
  const seed = parseSeed(options.seed) ?? definition.seed ?? 1;
  const shard = parseShard(options.shard);
  if (shard !== undefined) refuseWithShard(options);
  const target = untilCi(options.untilCi);
  const fallbackRuns =
    target !== undefined ? UNTIL_CI_CAP : definition.playbook.searching ? SEARCH_RUNS : 10_000;
  const runs = positiveInt(options.runs, "--runs", fallbackRuns, 1, RUNS_LIMIT);
  const threads = Math.min(availableParallelism(), WORKERS_LIMIT.max);
  const workers = positiveInt(options.workers, "--workers", threads, 1, WORKERS_LIMIT);
  const maxRounds = positiveInt(options.maxRounds, "--max-rounds", 500, 1, MAX_ROUNDS_LIMIT);
  if (options.chart !== undefined) chartFormat(options.chart);
  const bar = progressBar(process.stdout.isTTY === true && options.json !== true, target);
  const ctrlC = interruptOnCtrlC(bar.say);
  let result: SimulationResult;
  try {
    result = await runSimulation({
      definition,
      rulesetModule: rulesetModuleUrl(definition.ruleset.id),
      answers,
      seed,
      runs,
      workers,
      maxRounds,
      untilCi: target,
      signal: ctrlC.signal,
      onProgress: bar.update,
      ...(shard === undefined ? {} : { slice: simShare(shard, runs) }),
    });
  } finally {
    bar.stop();
    ctrlC.release();
  }
  if (shard !== undefined) {
    const log = options.log === undefined ? undefined : readText(options.log);
    const work = { shard, source: path, encounter: definition.file, log, seed, runs, maxRounds };
    process.stdout.write(JSON.stringify(simPart(work, result)) + "\n");
    process.stderr.write(
      `shard ${shard.index}/${shard.of}: ${result.summary.runs.toLocaleString("en-US")} of ${runs.toLocaleString("en-US")} fights in ${result.timing.wallSeconds.toFixed(2)} s${stoppedNote(result)}\n`,
    );
    return result;
  }
  await reportSim(result, definition, options, arrivals);
  return result;
}

/** Prints a simulation's result as `fray sim` does (text, or --json), and draws its --chart. */
export async function reportSim(
  result: SimulationResult,
  definition: EncounterDefinition,
  options: Pick<SimOptions, "json" | "chart" | "log">,
  arrivals: readonly Arrival[] = [],
): Promise<void> {
  const seed = result.summary.seed;
  if (options.chart !== undefined) {
    const { simChart } = await import("../../sim/charts/sim-chart.js");
    await simChart(result.summary, result.aggregate, options.chart);
  }
  if (options.json) {
    process.stdout.write(simJson(result, definition, arrivals));
  } else {
    const { summary, timing } = result;
    const rate = Math.round(timing.runsPerSecond).toLocaleString("en-US");
    const start =
      options.log === undefined ? "" : `${describeStart(summary.start)} in ${options.log}\n`;
    process.stdout.write(
      `${summary.title} (${definition.ruleset.title}, seed ${seed})\n` +
        start +
        `${summary.runs.toLocaleString("en-US")} fights in ${timing.wallSeconds.toFixed(2)} s (${rate} a second, ${timing.workers} thread${timing.workers === 1 ? "" : "s"})${stoppedNote(result)}\n` +
        `tactics played: ${playedText(definition.setup.sides, [...definition.setup.combatants, ...arrivals], playedTactics(definition, arrivals)).join("; ")}\n\n` +
        `${formatSummary(summary)}\n` +
        (options.chart === undefined ? "" : `\nchart written to ${options.chart}\n`),
    );
  }
}

export function registerSim(program: Command): void {
  program
    .command("sim")
    .description(
      "simulate an encounter many times: win chances with 95% intervals, rounds, survival",
    )
    .argument("<encounter>", "encounter file (YAML or JSON)")
    .option("--runs <n>", "fights to play (default 10000; with --until-ci, the most to play)")
    .option("--seed <n>", "seed: run i uses stream i of it (default: the file's seed, else 1)")
    .option(
      "--log <partial.jsonl>",
      "start from where this log of the encounter (fray play --log) has brought the fight",
    )
    .option("--workers <n>", "threads (default: every core; 1 plays in the main thread)")
    .option(
      "--until-ci <halfwidth>",
      "keep playing until every win interval is within ± this, e.g. 0.01",
    )
    .option(
      "--max-rounds <n>",
      "a fight still going after this many rounds is a draw (default 500; with --log, counted from the log's round)",
    )
    .option(
      "--tactics <who=profile,...>",
      `tactics for everyone (--tactics search) or per side or combatant (goblins=reckless,bram=cautious); with search --runs defaults to ${SEARCH_RUNS}`,
    )
    .option("--chart <file>", "write a chart of the result (.svg or .png)")
    .option("--json", "print the result as JSON")
    .option(
      "--shard <I/N>",
      "play shard I's share of the runs of N and print its part as JSON; fray merge puts the parts together",
    )
    .action(async (path: string, options: SimOptions) => {
      await sim(path, options);
    });
}
