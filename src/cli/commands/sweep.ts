// `fray sweep <encounter.yaml> --vary <path>=<from>..<to>[:step]`: the win probability with its
// 95% interval at every point of a grid of values set into the encounter (src/sim/sweep), as a
// table, CSV or JSON, and optionally a chart.
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { extname } from "node:path";
import type { Command } from "commander";
import { FrayError } from "../../core/errors.js";
import { parseEncounterFile, type EncounterDefinition } from "../../engine/encounter-file.js";
import { rulesetModuleUrl, rulesets } from "../../app/rulesets.js";
import { sweepPart, sweepShare } from "../../sim/sweep/sweep-part.js";
import { chartFormat } from "../../sim/charts/format.js";
import { interval, percent } from "../../sim/report.js";
import { parseVary } from "../../sim/sweep/grid.js";
import { pointLabel, runSweep, type SweepResult } from "../../sim/sweep/sweep.js";
import { sweepTable, toCsv, toJson } from "../../sim/sweep/table.js";
import { readDataFile } from "../../app/files.js";
import {
  MAX_ROUNDS_LIMIT,
  parseSeed,
  parseShard,
  positiveInt,
  RUNS_LIMIT,
  WORKERS_LIMIT,
} from "../options.js";
import { interruptOnCtrlC } from "../interrupt.js";

export interface SweepOptions {
  vary: string[];
  runs?: string;
  seed?: string;
  workers?: string;
  maxRounds?: string;
  out?: string;
  chart?: string;
  json?: boolean;
  shard?: string;
}

function outFormat(path: string): "csv" | "json" {
  const ext = extname(path).toLowerCase();
  if (ext === ".csv") return "csv";
  if (ext === ".json") return "json";
  throw new FrayError(`--out ${path}: the file must end in .csv or .json`, "--out");
}

function formatText(result: SweepResult): string {
  const rows = result.rows.map((r) => {
    const sides = r.summary.sides
      .map((s) => `${s.name} ${percent(s.win.p)} ${interval(s.win)}`)
      .join("   ");
    return `  ${pointLabel(r.point)}:  ${sides}   rounds ${r.summary.rounds.mean.toFixed(1)}`;
  });
  return rows.join("\n") + "\n";
}

export async function sweep(path: string, options: SweepOptions): Promise<SweepResult> {
  const file = readDataFile(path);
  const definition = parseEncounterFile(file, rulesets, path);
  if (options.vary.length === 0)
    throw new FrayError("sweep: give at least one --vary <path>=<from>..<to>[:step]", "--vary");
  const varies = options.vary.map(parseVary);
  const seed = parseSeed(options.seed) ?? definition.seed ?? 1;
  const runs = positiveInt(options.runs, "--runs", 10_000, 1, RUNS_LIMIT);
  const maxRounds = positiveInt(options.maxRounds, "--max-rounds", 500, 1, MAX_ROUNDS_LIMIT);
  const shard = parseShard(options.shard);
  if (shard !== undefined) refuseWithShard(options);
  if (options.out !== undefined) outFormat(options.out);
  if (options.chart !== undefined) chartFormat(options.chart);
  const ctrlC = interruptOnCtrlC();
  const tty = process.stderr.isTTY === true && options.json !== true;
  let result: SweepResult;
  try {
    result = await runSweep({
      file: definition.file,
      source: path,
      rulesets,
      rulesetModule: rulesetModuleUrl(definition.ruleset.id),
      varies,
      seed,
      runs,
      workers: positiveInt(
        options.workers,
        "--workers",
        Math.min(availableParallelism(), WORKERS_LIMIT.max),
        1,
        WORKERS_LIMIT,
      ),
      maxRounds,
      signal: ctrlC.signal,
      ...(shard === undefined ? {} : { points: sweepShare(shard, options.vary) }),
      onPoint: (done, total, row) => {
        if (tty) process.stderr.write(`  [${done}/${total}] ${pointLabel(row.point)}\n`);
      },
    });
  } finally {
    ctrlC.release();
  }
  if (shard !== undefined) {
    const work = { shard, source: path, encounter: definition.file, vary: options.vary };
    process.stdout.write(
      JSON.stringify(sweepPart({ ...work, seed, runs, maxRounds }, result)) + "\n",
    );
    process.stderr.write(
      `shard ${shard.index}/${shard.of}: ${result.rows.length} point${result.rows.length === 1 ? "" : "s"} in ${result.wallSeconds.toFixed(2)} s\n`,
    );
    return result;
  }
  await reportSweep(result, definition, { seed, runs }, options);
  return result;
}

/** With --shard, the options that need every shard's points: they belong to `fray merge`. */
function refuseWithShard(options: SweepOptions): void {
  for (const [flag, given] of [
    ["--out", options.out !== undefined],
    ["--chart", options.chart !== undefined],
    ["--json", options.json === true],
  ] as const) {
    if (given) {
      throw new FrayError(
        `--shard with ${flag}: a shard writes its part as JSON on standard output`,
        flag,
        `leave out ${flag} here and give it to fray merge parts/*.json ${flag}`,
      );
    }
  }
}

/** Writes a sweep's result as `fray sweep` does: --out, --chart, and the table or --json. */
export async function reportSweep(
  result: SweepResult,
  definition: EncounterDefinition,
  { seed, runs }: { readonly seed: number; readonly runs: number },
  options: Pick<SweepOptions, "out" | "chart" | "json">,
): Promise<void> {
  const format = options.out === undefined ? undefined : outFormat(options.out);
  if (options.out !== undefined) {
    writeFileSync(options.out, format === "csv" ? toCsv(sweepTable(result)) : toJson(result));
  }
  if (options.chart !== undefined) {
    const { sweepChart } = await import("../../sim/charts/sweep-chart.js");
    await sweepChart(result, definition.title, options.chart);
  }
  if (options.json) {
    process.stdout.write(toJson(result));
  } else {
    process.stdout.write(
      `${definition.title} (${definition.ruleset.title}, seed ${seed}, ${runs.toLocaleString("en-US")} fights per point, ${result.wallSeconds.toFixed(2)} s)\n` +
        formatText(result) +
        (options.out === undefined ? "" : `results written to ${options.out}\n`) +
        (options.chart === undefined ? "" : `chart written to ${options.chart}\n`),
    );
  }
}

export function registerSweep(program: Command): void {
  program
    .command("sweep")
    .description("win probability over a grid of parameter values (CSV, JSON, chart)")
    .argument("<encounter>", "encounter file (YAML or JSON)")
    .option(
      "--vary <path=from..to[:step]>",
      "a value to vary, e.g. combatants.tombril.level=1..10 (repeatable: every combination)",
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option("--runs <n>", "fights per point (default 10000)")
    .option("--seed <n>", "seed, the same at every point (default: the file's seed, else 1)")
    .option("--workers <n>", "threads (default: every core)")
    .option(
      "--max-rounds <n>",
      "a fight still going after this many rounds is a draw (default 500)",
    )
    .option("--out <file>", "write the results as .csv or .json")
    .option("--chart <file>", "write the win-probability chart (.svg or .png)")
    .option("--json", "print the results as JSON")
    .option(
      "--shard <I/N>",
      "simulate shard I's share of the grid's points of N and print its part as JSON; fray merge puts the parts together",
    )
    .action(async (path: string, options: SweepOptions) => {
      await sweep(path, options);
    });
}
