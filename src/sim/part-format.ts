// What every shard's part holds besides its results (sim-part.ts, sweep/sweep-part.ts): the
// shard, the work it was a share of (the encounter file, the seed, the runs, the round limit), and
// the check, when parts are merged, that they are the N shards of one piece of work, each once.
import { z } from "zod";
import { InputError } from "../engine/input-error.js";
import type { JsonObject } from "../engine/json.js";
import type { EncounterDefinition } from "../engine/encounter-file.js";
import { emptyAggregate, mergeInto, type FightAggregate } from "./aggregate.js";
import { MAX_SHARDS, type Shard } from "./shard.js";

const count = z.number().int().nonnegative();
const counts = z.array(count);

/** A simulation's aggregate as JSON (aggregate.ts). */
export const aggregateSchema = z.strictObject({
  runs: count,
  sides: z.array(z.string()),
  wins: counts,
  draws: count,
  mutualKills: count,
  rounds: counts,
  combatants: z.array(z.string()),
  survived: counts,
  health: z.array(z.number()),
  survivorHealth: z.array(z.number()),
}) satisfies z.ZodType<FightAggregate>;

export const shardSchema = z
  .strictObject({ index: z.number().int().min(1), of: z.number().int().min(1).max(MAX_SHARDS) })
  .refine((s) => s.index <= s.of, { message: "a shard's index is between 1 and its count" });

export const shareSchema = z
  .strictObject({ from: count, to: count })
  .refine((s) => s.from <= s.to, { message: "a share runs from a lower index to a higher one" });

/** The fields of a part that say what work it is a share of: equal in every shard's part. */
export const workFields = {
  /** The encounter file's name when the shard ran (for the report; not compared). */
  source: z.string(),
  /** The encounter file's content, as parsed. */
  encounter: z.record(z.string(), z.json()),
  seed: z.number().int(),
  runs: count,
  maxRounds: count,
};

/** What every part holds: its shard and the work. */
export interface PartHead {
  readonly shard: Shard;
  readonly source: string;
  readonly encounter: JsonObject;
  readonly seed: number;
  readonly runs: number;
  readonly maxRounds: number;
}

/** A part read from a file, named by it for errors. */
export interface Named<P> {
  readonly path: string;
  readonly part: P;
}

/** The first field of `a` that `b` gives another value (JSON compared), or undefined. */
function differingField(a: object, b: object, fields: readonly string[]): string | undefined {
  const json = (o: object, k: string) => JSON.stringify((o as Record<string, unknown>)[k]);
  return fields.find((k) => json(a, k) !== json(b, k));
}

/**
 * The parts in shard order, after checking that they are the shards 1 to N of one piece of work
 * (every field in `same` equal), each exactly once.
 */
export function inShardOrder<P extends PartHead>(
  parts: readonly Named<P>[],
  same: readonly string[],
  rerun: string,
): Named<P>[] {
  const first = parts[0];
  if (first === undefined) throw new InputError("merge: no parts given", "merge");
  for (const other of parts.slice(1)) {
    const field = differingField(first.part, other.part, same);
    const of = first.part.shard.of !== other.part.shard.of;
    if (of || field !== undefined) {
      const what = of ? "shard count" : field!;
      throw new InputError(
        `${other.path}: its ${what} differs from ${first.path}'s: the parts are of different work`,
        other.path,
        "merge the parts of one command run with --shard 1/N to N/N (the same file, seed, runs and options)",
      );
    }
  }
  const n = first.part.shard.of;
  const byIndex = new Map<number, Named<P>>();
  for (const p of parts) {
    const twice = byIndex.get(p.part.shard.index);
    if (twice !== undefined) {
      throw new InputError(
        `${p.path}: shard ${p.part.shard.index}/${n} again (also ${twice.path})`,
        p.path,
        "give each shard's part once",
      );
    }
    byIndex.set(p.part.shard.index, p);
  }
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    const list = missing.slice(0, 10).join(", ") + (missing.length > 10 ? ", ..." : "");
    throw new InputError(
      `merge: shard${missing.length > 1 ? "s" : ""} ${list} of ${n} missing`,
      "merge",
      `${rerun} --shard ${missing[0]}/${n} writes the missing part`,
    );
  }
  return Array.from({ length: n }, (_, i) => byIndex.get(i + 1)!);
}

/**
 * `into` with `agg` (read from `path`) added; an InputError when `agg` is not of the encounter's
 * sides and combatants, or of another round limit.
 */
export function addPart(into: FightAggregate, agg: FightAggregate, path: string): void {
  try {
    mergeInto(into, agg);
  } catch {
    throw new InputError(
      `${path}: its sides, combatants or round limit are not the encounter's`,
      `${path}: aggregate`,
      "the part was changed after it was written: write it again with --shard",
    );
  }
}

/** An empty aggregate of `definition` with `agg` added (checked as `addPart` does). */
export function aggregateOf(
  definition: EncounterDefinition,
  maxRounds: number,
  agg: FightAggregate,
  path: string,
): FightAggregate {
  const total = emptyAggregate(definition, maxRounds);
  addPart(total, agg, path);
  return total;
}
