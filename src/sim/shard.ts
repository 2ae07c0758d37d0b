// Splitting a simulation or a sweep over machines: shard I of N (`--shard I/N`) takes a
// contiguous share of the work items (a simulation's batches, a sweep's grid points), so that
// the shards together take every item once, in order, and their parts merge (parts.ts) into
// exactly the result one machine gives. The share depends only on I, N and the item count.

/** Shard `index` (1 to `of`) of `of`. */
export interface Shard {
  readonly index: number;
  readonly of: number;
}

/** Items [from, to) of a list. */
export interface Share {
  readonly from: number;
  readonly to: number;
}

/** Most shards a piece of work is cut into. */
export const MAX_SHARDS = 10_000;

/** Shard `shard`'s share of `count` items: shares differ in size by one item at most. */
export function shareOf(shard: Shard, count: number): Share {
  return {
    from: Math.floor(((shard.index - 1) * count) / shard.of),
    to: Math.floor((shard.index * count) / shard.of),
  };
}
