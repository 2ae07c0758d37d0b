// A parameter sweep: the same encounter simulated at every point of a grid of values set into
// its file (a combatant's level from 1 to 10, ...). Every point uses the same seed, so points
// differ by the parameter and not by luck (common random numbers).
import {
  parseEncounterFile,
  type EncounterDefinition,
  type RulesetRegistry,
} from "../../engine/encounter-file.js";
import type { JsonObject } from "../../engine/json.js";
import { availableParallelism } from "node:os";
import type { FightAggregate } from "../aggregate.js";
import { runSimulation, SimPool, type SimulationJob, type StopReason } from "../runner.js";
import type { Share } from "../shard.js";
import type { SimSummary } from "../summary.js";
import { gridPoints, type GridPoint, type Vary } from "./grid.js";
import { setPath } from "./set-path.js";

/** A sweep plays every point from the encounter's start (answers would not fit every point). */
export interface SweepJob extends Omit<
  SimulationJob,
  "definition" | "answers" | "onProgress" | "slice"
> {
  /** The encounter file's content, as parsed. */
  readonly file: JsonObject;
  readonly source: string;
  /** Rulesets for parsing each point's file here (workers load `registry`). */
  readonly rulesets: RulesetRegistry;
  readonly varies: readonly Vary[];
  readonly onPoint?: (done: number, total: number, row: SweepRow) => void;
  /** Only the grid points [from, to): a shard's share (shard.ts). Default: every point. */
  readonly points?: Share;
}

export interface SweepRow {
  readonly point: GridPoint;
  readonly summary: SimSummary;
  readonly stopped: StopReason;
  /** The point's runs summed up (what a shard's part keeps: sweep-part.ts). */
  readonly aggregate: FightAggregate;
}

export interface SweepResult {
  readonly varies: readonly Vary[];
  readonly rows: readonly SweepRow[];
  readonly wallSeconds: number;
}

export function pointLabel(point: GridPoint): string {
  return point.map((p) => `${p.path}=${p.value}`).join(", ");
}

/** The encounter at `point`: the file with the point's values set into it, parsed. */
export function pointDefinition(
  job: Pick<SweepJob, "file" | "rulesets" | "source">,
  point: GridPoint,
): EncounterDefinition {
  const file = point.reduce((f, p) => setPath(f, p.path, p.value), job.file);
  return parseEncounterFile(file, job.rulesets, `${job.source} with ${pointLabel(point)}`);
}

export async function runSweep(job: SweepJob): Promise<SweepResult> {
  const grid = gridPoints(job.varies);
  const points = grid.slice(job.points?.from ?? 0, job.points?.to ?? grid.length);
  // Parse every point first, so a value the ruleset refuses fails before any simulation runs.
  const definitions = points.map((point) => pointDefinition(job, point));
  const rows: SweepRow[] = [];
  let wallSeconds = 0;
  // One pool for every point: threads start once, and each re-parses the file once per point.
  const threads = Math.max(1, Math.floor(job.workers ?? availableParallelism()));
  const pool =
    job.pool ??
    (threads > 1 && job.runs > 1_000 ? new SimPool(threads, job.workerFile) : undefined);
  try {
    for (const [k, definition] of definitions.entries()) {
      if (job.signal?.aborted) break;
      const result = await runSimulation({ ...job, definition, pool });
      wallSeconds += result.timing.wallSeconds;
      const row = {
        point: points[k]!,
        summary: result.summary,
        stopped: result.stopped,
        aggregate: result.aggregate,
      };
      rows.push(row);
      job.onPoint?.(k + 1, points.length, row);
    }
  } finally {
    if (job.pool === undefined) await pool?.close();
  }
  return { varies: job.varies, rows, wallSeconds };
}
