import { describe, expect, it } from "vitest";
import { gridPoints, parseVary } from "./grid.js";

describe("--vary", () => {
  it("reads from..to with step 1 by default", () => {
    expect(parseVary("combatants.ann.hp=3..6")).toEqual({
      path: "combatants.ann.hp",
      values: [3, 4, 5, 6],
    });
  });

  it("reads a step, decimals without float noise, and a single value", () => {
    expect(parseVary("options.x=10..20:5").values).toEqual([10, 15, 20]);
    expect(parseVary("options.x=0..0.3:0.1").values).toEqual([0, 0.1, 0.2, 0.3]);
    expect(parseVary("options.x=-1..1").values).toEqual([-1, 0, 1]);
    expect(parseVary("a=4..4").values).toEqual([4]);
    expect(parseVary("a=1..10:4").values).toEqual([1, 5, 9]);
  });

  it("refuses what it cannot read, with the expected form", () => {
    expect(() => parseVary("hp=1-10")).toThrow(/<path>=<from>\.\.<to>\[:step\]/);
    expect(() => parseVary("hp=5..1")).toThrow(/backwards/);
    expect(() => parseVary("hp=1..5:0")).toThrow(/step must be positive/);
    expect(() => parseVary("hp=1..100000")).toThrow(
      "--vary hp: 100,000 values, over the limit of 10,000 points a sweep",
    );
  });

  it("refuses a grid too large before building it, however small each range", () => {
    // Four ranges of 100 values each: every one within the limit, their product 10^8 points.
    const varies = ["a", "b", "c", "d"].map((x) => parseVary(`${x}=1..100`));
    expect(() => gridPoints(varies)).toThrow(
      "--vary: the grid has 100,000,000 points (100 x 100 x 100 x 100), over the limit of 10,000 points a sweep",
    );
    expect(() => gridPoints(varies)).toThrow(
      expect.objectContaining({ hint: expect.stringMatching(/sweep the grid in parts/) }),
    );
  });

  it("crosses several into every combination, the last changing fastest", () => {
    const points = gridPoints([parseVary("a=1..2"), parseVary("b=7..9:2")]);
    expect(points.map((p) => p.map((x) => x.value))).toEqual([
      [1, 7],
      [1, 9],
      [2, 7],
      [2, 9],
    ]);
    expect(points[0]!.map((x) => x.path)).toEqual(["a", "b"]);
  });
});
