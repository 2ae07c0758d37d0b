// A simulation's part: what `fray sim --shard I/N` writes, and how `fray merge` puts the N parts
// back together. A shard plays a contiguous share of the simulation's batches (batch-plan.ts,
// shard.ts); run k uses stream k of the seed whoever plays it, so the parts hold every run of the
// whole simulation once. Counts are whole numbers and add up exactly in any order; the health
// sums are kept per batch and added in batch order, as the runner adds them, so the merged result
// is the single machine's to the last bit.
import { z } from "zod";
import { InputError, parseInput } from "../engine/input-error.js";
import { parseEncounterFile, type RulesetRegistry } from "../engine/encounter-file.js";
import type { EncounterDefinition } from "../engine/encounter-file.js";
import type { Answer } from "../engine/answers.js";
import { readLog } from "../engine/log.js";
import { emptyAggregate, type FightAggregate } from "./aggregate.js";
import { batchCount, batchSize } from "./batch-plan.js";
import {
  addPart,
  aggregateSchema,
  inShardOrder,
  shardSchema,
  shareSchema,
  workFields,
  type Named,
  type PartHead,
} from "./part-format.js";
import type { SimulationResult } from "./runner.js";
import { shareOf, type Share, type Shard } from "./shard.js";
import { FIGHT_START, simulationPosition, startOf } from "./start.js";
import { summarize } from "./summary.js";

export const SIM_PART_FORMAT = "fray-sim-part/1";

const batchHealth = z.strictObject({
  health: z.array(z.number()),
  survivorHealth: z.array(z.number()),
});

const simPartSchema = z.strictObject({
  format: z.literal(SIM_PART_FORMAT),
  shard: shardSchema,
  ...workFields,
  /** The log the fights started from (`fray sim --log`), its text. */
  log: z.string().optional(),
  batches: shareSchema,
  stopped: z.enum(["completed", "interrupted"]),
  /** The shard's runs summed up; its health sums are those of `batchHealth`. */
  aggregate: aggregateSchema,
  batchHealth: z.array(batchHealth),
  wallSeconds: z.number().nonnegative(),
  workers: z.number().int().nonnegative(),
});

export type SimPart = Omit<z.infer<typeof simPartSchema>, "encounter"> & PartHead;

/** The batches shard `shard` of a simulation of `runs` fights plays. */
export function simShare(shard: Shard, runs: number): Share {
  return shareOf(shard, batchCount(runs, batchSize(runs)));
}

export interface SimWork {
  readonly shard: Shard;
  readonly source: string;
  readonly encounter: EncounterDefinition["file"];
  readonly log?: string;
  readonly seed: number;
  readonly runs: number;
  readonly maxRounds: number;
}

/** The part of `work` that `result` (a simulation of `simShare(work.shard, work.runs)`) is. */
export function simPart(work: SimWork, result: SimulationResult): SimPart {
  const { shard, source, encounter, log, seed, runs, maxRounds } = work;
  const batches = result.batches ?? [];
  return {
    format: SIM_PART_FORMAT,
    shard,
    source,
    encounter,
    ...(log === undefined ? {} : { log }),
    seed,
    runs,
    maxRounds,
    batches: simShare(shard, runs),
    stopped: result.stopped === "interrupted" ? "interrupted" : "completed",
    aggregate: result.aggregate,
    batchHealth: batches.map((b) => ({ health: b.health, survivorHealth: b.survivorHealth })),
    wallSeconds: result.timing.wallSeconds,
    workers: result.timing.workers,
  };
}

/** `value` (read from `path`) as a simulation's part, or an InputError naming the field. */
export function readSimPart(value: unknown, path: string): SimPart {
  return parseInput(simPartSchema, value, path);
}

function checkComplete({ path, part }: Named<SimPart>, rerun: string): void {
  const expected = simShare(part.shard, part.runs);
  const played = part.batchHealth.length;
  const whole = expected.to - expected.from;
  if (part.stopped === "interrupted" || played !== whole) {
    throw new InputError(
      `${path}: shard ${part.shard.index}/${part.shard.of} was stopped after ${played} of its ${whole} batches`,
      path,
      `${rerun} --shard ${part.shard.index}/${part.shard.of} plays the shard again`,
    );
  }
  if (part.batches.from !== expected.from || part.batches.to !== expected.to) {
    throw new InputError(
      `${path}: batches ${part.batches.from}..${part.batches.to}, but shard ${part.shard.index}/${part.shard.of} of ${part.runs} runs plays ${expected.from}..${expected.to}`,
      `${path}: batches`,
      "the part was changed after it was written: write it again with fray sim --shard",
    );
  }
}

/** The merged simulation, as `runSimulation` would have returned it on one machine. */
export interface MergedSim {
  readonly definition: EncounterDefinition;
  readonly answers: readonly Answer[] | undefined;
  readonly result: SimulationResult;
}

/** The N parts of one simulation, each once, merged into the single machine's result. */
export function mergeSimParts(
  parts: readonly Named<SimPart>[],
  registry: RulesetRegistry,
): MergedSim {
  const head = parts[0]?.part;
  const rerun =
    head === undefined
      ? ""
      : `fray sim ${head.source} --seed ${head.seed} --runs ${head.runs} --max-rounds ${head.maxRounds}${head.log === undefined ? "" : " --log <the log>"}`;
  const ordered = inShardOrder(parts, ["encounter", "log", "seed", "runs", "maxRounds"], rerun);
  for (const p of ordered) checkComplete(p, rerun);
  const { path, part } = ordered[0]!;
  const definition = parseEncounterFile(part.encounter, registry, `${path}: encounter`);
  const answers =
    part.log === undefined ? undefined : readLog(part.log, registry, `${path}: log`).encounter.log;
  const total: FightAggregate = emptyAggregate(definition, part.maxRounds);
  for (const p of ordered) addPart(total, p.part.aggregate, p.path);
  // The health sums again, batch by batch in batch order: the order the runner adds them in.
  total.health.fill(0);
  total.survivorHealth.fill(0);
  for (const p of ordered) {
    for (const b of p.part.batchHealth) {
      for (let i = 0; i < total.health.length; i += 1) {
        total.health[i]! += b.health[i] ?? 0;
        total.survivorHealth[i]! += b.survivorHealth[i] ?? 0;
      }
    }
  }
  const position = answers === undefined ? undefined : simulationPosition(definition, answers);
  const wallSeconds = Math.max(...ordered.map((p) => p.part.wallSeconds));
  return {
    definition,
    answers,
    result: {
      summary: summarize(
        definition,
        total,
        part.seed,
        position === undefined ? FIGHT_START : startOf(position),
      ),
      aggregate: total,
      stopped: "completed",
      timing: {
        wallSeconds,
        runsPerSecond: wallSeconds > 0 ? total.runs / wallSeconds : 0,
        workers: ordered.reduce((n, p) => n + p.part.workers, 0),
      },
    },
  };
}
