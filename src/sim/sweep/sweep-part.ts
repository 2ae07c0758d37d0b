// A sweep's part: what `fray sweep --shard I/N` writes, and how `fray merge` puts the N parts back
// together. A shard simulates a contiguous share of the grid's points (shard.ts), each point
// whole, with the seed every point uses; the merged sweep is the single machine's, point for point.
import { z } from "zod";
import { InputError, parseInput } from "../../engine/input-error.js";
import type { RulesetRegistry } from "../../engine/encounter-file.js";
import {
  aggregateOf,
  aggregateSchema,
  inShardOrder,
  shardSchema,
  shareSchema,
  workFields,
  type Named,
  type PartHead,
} from "../part-format.js";
import { shareOf, type Shard } from "../shard.js";
import { summarize } from "../summary.js";
import { gridPoints, parseVary } from "./grid.js";
import { pointDefinition, type SweepResult, type SweepRow } from "./sweep.js";

export const SWEEP_PART_FORMAT = "fray-sweep-part/1";

const sweepPartSchema = z.strictObject({
  format: z.literal(SWEEP_PART_FORMAT),
  shard: shardSchema,
  ...workFields,
  /** The --vary options as given. */
  vary: z.array(z.string()).min(1),
  points: shareSchema,
  rows: z.array(
    z.strictObject({
      stopped: z.enum(["completed", "interval-reached", "interrupted"]),
      aggregate: aggregateSchema,
    }),
  ),
  wallSeconds: z.number().nonnegative(),
});

export type SweepPart = Omit<z.infer<typeof sweepPartSchema>, "encounter"> & PartHead;

export interface SweepWork {
  readonly shard: Shard;
  readonly source: string;
  readonly encounter: PartHead["encounter"];
  readonly vary: readonly string[];
  readonly seed: number;
  readonly runs: number;
  readonly maxRounds: number;
}

/** The grid points shard `shard` of a sweep over `vary` simulates. */
export function sweepShare(shard: Shard, vary: readonly string[]) {
  return shareOf(shard, gridPoints(vary.map(parseVary)).length);
}

/** The part of `work` that `result` (a sweep of `sweepShare(work.shard, work.vary)`) is. */
export function sweepPart(work: SweepWork, result: SweepResult): SweepPart {
  return {
    format: SWEEP_PART_FORMAT,
    ...work,
    vary: [...work.vary],
    points: sweepShare(work.shard, work.vary),
    rows: result.rows.map((r) => ({ stopped: r.stopped, aggregate: r.aggregate })),
    wallSeconds: result.wallSeconds,
  };
}

/** `value` (read from `path`) as a sweep's part, or an InputError naming the field. */
export function readSweepPart(value: unknown, path: string): SweepPart {
  return parseInput(sweepPartSchema, value, path);
}

/** The command that writes a part of the sweep `part` is of (its --shard left to add). */
function rerunOf(part: SweepPart): string {
  const vary = part.vary.map((v) => `--vary ${v}`).join(" ");
  return `fray sweep ${part.source} ${vary} --seed ${part.seed} --runs ${part.runs} --max-rounds ${part.maxRounds}`;
}

/** The N parts of one sweep, each once, merged into the single machine's result. */
export function mergeSweepParts(
  parts: readonly Named<SweepPart>[],
  registry: RulesetRegistry,
): SweepResult {
  const same = ["encounter", "vary", "seed", "runs", "maxRounds"];
  const rerun = parts[0] === undefined ? "" : rerunOf(parts[0].part);
  const ordered = inShardOrder(parts, same, rerun);
  const head = ordered[0]!.part;
  const varies = head.vary.map(parseVary);
  const grid = gridPoints(varies);
  const rows: SweepRow[] = [];
  for (const { path, part } of ordered) {
    const share = sweepShare(part.shard, part.vary);
    const stopped = part.rows.find((r) => r.stopped !== "completed");
    if (part.rows.length !== share.to - share.from || stopped !== undefined) {
      throw new InputError(
        `${path}: shard ${part.shard.index}/${part.shard.of} was stopped after ${part.rows.length} of its ${share.to - share.from} points`,
        path,
        `${rerun} --shard ${part.shard.index}/${part.shard.of} plays the shard again`,
      );
    }
    part.rows.forEach((row, k) => {
      const point = grid[share.from + k]!;
      const definition = pointDefinition(
        { file: head.encounter, rulesets: registry, source: `${path}: encounter` },
        point,
      );
      const aggregate = aggregateOf(definition, head.maxRounds, row.aggregate, path);
      const summary = summarize(definition, aggregate, head.seed);
      rows.push({ point, summary, stopped: "completed", aggregate });
    });
  }
  const wallSeconds = Math.max(...ordered.map((p) => p.part.wallSeconds));
  return { varies, rows, wallSeconds };
}
