import { describe, expect, it } from "vitest";
import { halfWidth, wilson } from "./interval.js";

describe("the Wilson score interval", () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I,
  // method 3 (score interval without continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])("%i out of %i gives [%f, %f]", (k, n, low, high) => {
    const w = wilson(k, n);
    expect(w.p).toBeCloseTo(k / n, 12);
    expect(w.low).toBeCloseTo(low, 4);
    expect(w.high).toBeCloseTo(high, 4);
  });

  it("is exactly 0 or 1 at the ends and symmetric around one half", () => {
    expect(wilson(20, 20).high).toBe(1);
    expect(wilson(0, 20).low).toBe(0);
    const w = wilson(50, 100);
    expect(w.low + w.high).toBeCloseTo(1, 12);
    expect(halfWidth(w)).toBeCloseTo(0.0962, 4);
  });

  it("shrinks like 1/sqrt(n)", () => {
    expect(halfWidth(wilson(5_000, 10_000))).toBeCloseTo(0.0098, 4);
    expect(halfWidth(wilson(500_000, 1_000_000))).toBeCloseTo(0.00098, 5);
  });

  it("knows nothing from no trials", () => {
    expect(wilson(0, 0)).toEqual({ p: 0, low: 0, high: 1 });
  });
});
