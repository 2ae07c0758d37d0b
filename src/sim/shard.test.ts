import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shareOf } from "./shard.js";

describe("a shard's share", () => {
  it("the N shares take every item once, in order, differing in size by one at most", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 500 }), (n, count) => {
        const shares = Array.from({ length: n }, (_, i) => shareOf({ index: i + 1, of: n }, count));
        expect(shares[0]!.from).toBe(0);
        expect(shares[n - 1]!.to).toBe(count);
        shares.slice(1).forEach((s, i) => expect(s.from).toBe(shares[i]!.to));
        const sizes = shares.map((s) => s.to - s.from);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("cuts 9 batches over 7 shards as 1, 1, 1, 2, 1, 1, 2", () => {
    const sizes = Array.from({ length: 7 }, (_, i) => shareOf({ index: i + 1, of: 7 }, 9)).map(
      (s) => s.to - s.from,
    );
    expect(sizes).toEqual([1, 1, 1, 2, 1, 1, 2]);
  });
});
