import { describe, expect, it } from "vitest";
import { Rng } from "../random.js";
import { NotationError, compileDice, limits } from "./index.js";

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof NotationError) return error.reason;
    throw error;
  }
  throw new Error("no error");
}

describe("limits stop any expression from hanging the process", () => {
  it("dice per term, sides, constants and depth", () => {
    expect(reason(() => compileDice("10001d6"))).toContain("over the limit of 10000");
    expect(() => compileDice("10000d6")).not.toThrow();
    expect(reason(() => compileDice("d1000001"))).toContain("over the limit of 1000000");
    expect(reason(() => compileDice("1000000001"))).toContain("over the limit");
    expect(reason(() => compileDice("d6!#1001"))).toContain("over the limit of 1000");
    expect(reason(() => compileDice("d6r1#1001"))).toContain("over the limit of 1000");
    const manyTerms = Array.from({ length: 11 }, () => "10000d6").join("+");
    expect(reason(() => compileDice(manyTerms))).toContain(
      `more than ${limits.MAX_DICE_PER_EXPRESSION} dice`,
    );
  });

  it("expression size and nesting", () => {
    expect(reason(() => compileDice("1+".repeat(600) + "1"))).toContain("over the limit of 1000");
    expect(reason(() => compileDice("(".repeat(60) + "1" + ")".repeat(60)))).toContain("nesting");
    expect(reason(() => compileDice("-".repeat(60) + "1"))).toContain("nesting");
  });

  it("results beyond exact integers", () => {
    expect(reason(() => compileDice("d1000000*d1000000*d1000000"))).toContain(
      "beyond exact integer",
    );
  });

  it("exact odds too large or too slow to compute say so, quickly", () => {
    expect(reason(() => compileDice("10000d6").dist())).toContain("steps of work");
    expect(reason(() => compileDice("100d1000000kh50").dist())).toContain("outcomes");
    expect(reason(() => compileDice("d1000*d1000*d1000").dist())).toContain("outcomes");
  });

  it("a roll that would use too many dice stops with an error", () => {
    const huge = compileDice("10000d2!>=1#1000");
    expect(reason(() => huge.roll(Rng.fromSeed(1)))).toContain("more than 1000000 dice");
  });

  it("the compile cache stays bounded", () => {
    for (let i = 0; i < limits.CACHE_SIZE + 10; i++) compileDice(`d6+${i}`);
    expect(compileDice("d6+0")).toBe(compileDice("d6+0"));
  });
});
