import { describe, expect, it } from "vitest";
import { emptyRounds, meanRounds, roundsQuantile, totalRuns } from "./rounds-histogram.js";

describe("the rounds histogram", () => {
  const h = emptyRounds(10);
  // 10 fights: rounds 1,1,2,2,2,3,3,4,5,9
  for (const r of [1, 1, 2, 2, 2, 3, 3, 4, 5, 9]) h[r]! += 1;

  it("counts, averages and takes exact quantiles of whole rounds", () => {
    expect(h).toHaveLength(11);
    expect(totalRuns(h)).toBe(10);
    expect(meanRounds(h)).toBeCloseTo(3.2, 12);
    expect(roundsQuantile(h, 0.5)).toBe(2);
    expect(roundsQuantile(h, 0.9)).toBe(5);
    expect(roundsQuantile(h, 1)).toBe(9);
    expect(roundsQuantile(h, 0.1)).toBe(1);
  });

  it("gives 0 for no fights", () => {
    expect(roundsQuantile(emptyRounds(5), 0.5)).toBe(0);
    expect(meanRounds(emptyRounds(5))).toBe(0);
  });
});
