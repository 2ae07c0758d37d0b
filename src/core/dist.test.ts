import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dist } from "./dist.js";

const d6 = Dist.die(6);
const sum2d6 = d6.add(d6);

describe("Dist", () => {
  it("a die is uniform over its faces", () => {
    expect(d6.outcomes()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(d6.p(3)).toBeCloseTo(1 / 6, 15);
    expect(d6.p(7)).toBe(0);
    expect(d6.mean()).toBeCloseTo(3.5, 15);
    expect(d6.sd()).toBeCloseTo(Math.sqrt(35 / 12), 15);
    expect([d6.min, d6.max]).toEqual([1, 6]);
  });

  it("adds independent distributions by convolution", () => {
    expect(sum2d6.p(7)).toBeCloseTo(6 / 36, 15);
    expect(sum2d6.p(2)).toBeCloseTo(1 / 36, 15);
    expect(sum2d6.mean()).toBeCloseTo(7, 14);
    expect(Dist.constant(3).add(d6).outcomes()).toEqual([4, 5, 6, 7, 8, 9]);
    const sparse = Dist.fromEntries([
      [0, 0.5],
      [1000000, 0.5],
    ]).add(
      Dist.fromEntries([
        [0, 0.5],
        [7, 0.5],
      ]),
    );
    expect(sparse.outcomes()).toEqual([0, 7, 1000000, 1000007]);
  });

  it("gives P(X >= t), P(X <= t) and percentiles", () => {
    expect(sum2d6.atLeast(10)).toBeCloseTo(6 / 36, 15);
    expect(sum2d6.atLeast(2)).toBeCloseTo(1, 15);
    expect(sum2d6.atLeast(13)).toBe(0);
    expect(sum2d6.atMost(4)).toBeCloseTo(6 / 36, 15);
    expect(sum2d6.atMost(1)).toBe(0);
    expect(sum2d6.percentile(0.5)).toBe(7);
    expect(sum2d6.percentile(0)).toBe(2);
    expect(sum2d6.percentile(1)).toBe(12);
    expect(() => sum2d6.percentile(50)).toThrow(RangeError);
  });

  it("compares two independent distributions", () => {
    const { win, tie, lose } = d6.compare(d6);
    expect(tie).toBeCloseTo(1 / 6, 15);
    expect(win).toBeCloseTo(15 / 36, 15);
    expect(lose).toBeCloseTo(15 / 36, 15);
    expect(Dist.constant(5).compare(d6)).toEqual({ win: 4 / 6, tie: 1 / 6, lose: 1 / 6 });
  });

  it("maps and combines outcomes", () => {
    expect(d6.map((x) => x % 2).entries()).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    const hi = d6.combine(d6, Math.max);
    expect(hi.p(6)).toBeCloseTo(11 / 36, 15);
    expect(() => d6.map((x) => x / 2)).toThrow(RangeError);
  });

  it("samples by inverse CDF", () => {
    expect(d6.sample(0)).toBe(1);
    expect(d6.sample(0.1666)).toBe(1);
    expect(d6.sample(1 / 6 + 1e-9)).toBe(2);
    expect(d6.sample(0.9999999)).toBe(6);
    const truncated = Dist.fromEntries(
      [
        [1, 0.5],
        [2, 0.4],
      ],
      0.1,
    );
    expect(truncated.sample(0.95)).toBe(2);
    expect(truncated.truncated).toBe(0.1);
  });

  it("rejects what is not a distribution", () => {
    expect(() => Dist.fromEntries([])).toThrow(RangeError);
    expect(() => Dist.fromEntries([[1.5, 1]])).toThrow(RangeError);
    expect(() => Dist.fromEntries([[1, -0.5]])).toThrow(RangeError);
    expect(() => Dist.die(0)).toThrow(RangeError);
    expect(() => Dist.uniform(3, 1)).toThrow(RangeError);
  });

  it("is immutable", () => {
    expect(Object.isFrozen(d6.outcomes())).toBe(true);
    expect(Object.isFrozen(d6.entries())).toBe(true);
  });

  it("keeps its invariants for any small distribution (property)", () => {
    const entries = fc.array(
      fc.tuple(fc.integer({ min: -50, max: 50 }), fc.double({ min: 0.01, max: 1, noNaN: true })),
      {
        minLength: 1,
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(entries, entries, (a, b) => {
        const norm = (xs: [number, number][]) => {
          const total = xs.reduce((s, [, p]) => s + p, 0);
          return Dist.fromEntries(xs.map(([x, p]) => [x, p / total] as [number, number]));
        };
        const A = norm(a);
        const B = norm(b);
        const { win, tie, lose } = A.compare(B);
        expect(win + tie + lose).toBeCloseTo(1, 12);
        const S = A.add(B);
        expect(S.mean()).toBeCloseTo(A.mean() + B.mean(), 9);
        expect(S.sd() ** 2).toBeCloseTo(A.sd() ** 2 + B.sd() ** 2, 9);
        expect(S.probabilities().reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
        for (const x of A.outcomes()) {
          expect(A.atLeast(x) + A.atMost(x - 1)).toBeCloseTo(1, 12);
          expect(A.sample(A.atMost(x) - 1e-12)).toBeLessThanOrEqual(x);
        }
        expect(A.percentile(0.5)).toBeGreaterThanOrEqual(A.min);
        expect(A.mean()).toBeGreaterThanOrEqual(A.min - 1e-9);
        expect(A.mean()).toBeLessThanOrEqual(A.max + 1e-9);
      }),
      { seed: 20240601, numRuns: 300 },
    );
  });
});
