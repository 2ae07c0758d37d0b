// `fray merge <parts...>`: puts together the parts that `fray sim --shard I/N` or
// `fray sweep --shard I/N` wrote on N machines (src/sim/sim-part.ts, sweep/sweep-part.ts) and
// reports the whole as `fray sim` or `fray sweep` would have on one machine: the same numbers,
// to the last digit, for any N.
import type { Command } from "commander";
import { readText } from "../../app/files.js";
import { InputError } from "../../engine/input-error.js";
import { rulesets } from "../../app/rulesets.js";
import type { Named } from "../../sim/part-format.js";
import { mergeSimParts, readSimPart, SIM_PART_FORMAT } from "../../sim/sim-part.js";
import { mergeSweepParts, readSweepPart, SWEEP_PART_FORMAT } from "../../sim/sweep/sweep-part.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { chartFormat } from "../../sim/charts/format.js";
import { reportSim } from "./sim.js";
import { reportSweep } from "./sweep.js";

interface MergeOptions {
  json?: boolean;
  chart?: string;
  out?: string;
}

const FORMATS = [SIM_PART_FORMAT, SWEEP_PART_FORMAT] as const;

/** The file's JSON and the kind of part it says it is. */
function readPart(path: string): { value: unknown; format: (typeof FORMATS)[number] } {
  const text = readText(path, "a shard's part");
  if (text.trim() === "") {
    throw new InputError(
      `${path}: empty: the shard wrote no part`,
      path,
      "run the shard again and check what it printed on standard error",
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(
      `${path}: not JSON (${(error as Error).message})`,
      path,
      "give the files that fray sim --shard or fray sweep --shard wrote, unchanged",
    );
  }
  const format = (value as { format?: unknown } | null)?.format;
  const known = FORMATS.find((f) => f === format);
  if (known === undefined) {
    throw new InputError(
      `${path}: not a shard's part (its format is ${JSON.stringify(format)}, not ${FORMATS.join(" or ")})`,
      `${path}: format`,
      "give the files that fray sim --shard or fray sweep --shard wrote, unchanged",
    );
  }
  return { value, format: known };
}

export async function merge(paths: readonly string[], options: MergeOptions): Promise<void> {
  if (options.chart !== undefined) chartFormat(options.chart);
  const read = paths.map((path) => ({ path, ...readPart(path) }));
  const format = read[0]?.format;
  const other = read.find((r) => r.format !== format);
  if (other !== undefined) {
    throw new InputError(
      `${other.path}: a ${other.format} part among ${format} parts`,
      other.path,
      "merge the parts of one simulation or of one sweep at a time",
    );
  }
  if (format === SIM_PART_FORMAT) {
    if (options.out !== undefined) {
      throw new InputError(
        "--out: a simulation's parts merge into one result",
        "--out",
        "--json prints it as JSON (fray merge ... --json > result.json)",
      );
    }
    const parts: Named<ReturnType<typeof readSimPart>>[] = read.map((r) => ({
      path: r.path,
      part: readSimPart(r.value, r.path),
    }));
    const merged = mergeSimParts(parts, rulesets);
    const log = parts[0]!.part.log === undefined ? undefined : "the log";
    await reportSim(merged.result, merged.definition, { ...options, log });
    return;
  }
  const parts = read.map((r) => ({ path: r.path, part: readSweepPart(r.value, r.path) }));
  const result = mergeSweepParts(parts, rulesets);
  const head = parts[0]!.part;
  const definition = parseEncounterFile(head.encounter, rulesets, `${parts[0]!.path}: encounter`);
  await reportSweep(result, definition, head, options);
}

export function registerMerge(program: Command): void {
  program
    .command("merge")
    .description(
      "put together the parts of a simulation or sweep run with --shard I/N on several machines",
    )
    .argument("<parts...>", "the N parts (JSON files written by fray sim/sweep --shard I/N)")
    .option("--json", "print the result as JSON")
    .option("--chart <file>", "write a chart of the result (.svg or .png)")
    .option("--out <file>", "a sweep's results as .csv or .json")
    .action(async (paths: string[], options: MergeOptions) => {
      await merge(paths, options);
    });
}
