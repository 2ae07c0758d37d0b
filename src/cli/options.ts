// Parsing of option values shared by several commands, and the limits the simulating commands
// check before they start (past them a run would exhaust the memory, or never end).
import { FrayError } from "../core/errors.js";
import { MAX_SHARDS, type Shard } from "../sim/shard.js";

export function parseSeed(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text))
    throw new FrayError(`--seed: "${text}" is not a whole number`, "--seed");
  return Number(text);
}

/** An option's limit: its largest value, and how to get further than it allows. */
export interface OptionLimit {
  readonly max: number;
  readonly beyond: string;
}

/** Most fights one `fray sim` plays (or `fray sweep` at one point): an hour or more of work. */
export const RUNS_LIMIT: OptionLimit = {
  max: 1_000_000_000,
  beyond: "for a tighter estimate, --until-ci 0.001 plays until every win interval is that narrow",
};

/** Most rounds a simulated fight may last: the count of fights by rounds holds one per round. */
export const MAX_ROUNDS_LIMIT: OptionLimit = {
  max: 100_000,
  beyond: "a fight still going after that many rounds is a draw: no rules Fray has need more",
};

/** Most threads a simulation starts. */
export const WORKERS_LIMIT: OptionLimit = {
  max: 64,
  beyond: "more threads than cores only share the cores",
};

/**
 * A whole number option: `10000`, `10_000` or `1e4` alike; `fallback` when it is not given. Past
 * `limit`, the error says the limit and how to go beyond it.
 */
export function positiveInt(
  text: string | undefined,
  flag: string,
  fallback: number,
  min = 1,
  limit?: OptionLimit,
): number {
  if (text === undefined) return fallback;
  const clean = text.replace(/_/g, "");
  const value = Number(clean);
  if (!/^\d+(\.\d+)?(e\d+)?$/i.test(clean) || !Number.isSafeInteger(value) || value < min) {
    throw new FrayError(`${flag}: "${text}" is not a whole number of at least ${min}`, flag);
  }
  if (limit !== undefined && value > limit.max) {
    throw new FrayError(
      `${flag}: ${text} is over the limit of ${limit.max.toLocaleString("en-US")}`,
      flag,
      limit.beyond,
    );
  }
  return value;
}

/** `--shard I/N`: shard I of N (src/sim/shard.ts); undefined when not given. */
export function parseShard(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const example = "for example --shard 3/8 plays the third of eight shares";
  if (m === null) throw new FrayError(`--shard: "${text}" is not I/N`, "--shard", example);
  const index = Number(m[1]);
  const of = Number(m[2]);
  if (!(of >= 1 && of <= MAX_SHARDS)) {
    throw new FrayError(
      `--shard ${text}: the number of shards is from 1 to ${MAX_SHARDS.toLocaleString("en-US")}`,
      "--shard",
      example,
    );
  }
  if (!(index >= 1 && index <= of)) {
    throw new FrayError(`--shard ${text}: the shard is from 1 to ${of}`, "--shard", example);
  }
  return { index, of };
}
