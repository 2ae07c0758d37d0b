import { describe, expect, it } from "vitest";
import { estimate, interval, percent, rollRange } from "./format.js";

describe("numbers as the console writes them", () => {
  it("writes probabilities as percentages and intervals as low-high", () => {
    expect(percent(0.345)).toBe("34.5%");
    expect(interval({ p: 0.345, low: 0.3244, high: 0.3661 })).toBe("32.4%-36.6%");
  });

  it("gives a sampled estimate its half-width, and an exact one none", () => {
    expect(estimate({ value: 66.0431, half: 0.1413 })).toBe("66.0 ± 0.1");
    expect(estimate({ value: 31, half: 0 })).toBe("31.0");
    expect(estimate({ value: 0.13375, half: 0.0048 }, true)).toBe("13.4% ± 0.5%");
    expect(estimate(null)).toBe("-");
  });

  it("gives a roll's range, with no top for exploding dice", () => {
    expect(rollRange({ min: 1, max: 6, open: false })).toBe("1 to 6");
    expect(rollRange({ min: 5, max: 475, open: true })).toBe("5 or more, explosions included");
  });
});
