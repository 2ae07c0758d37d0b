import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Budget } from "./budget.js";
import { NotationError } from "./errors.js";
import { exactDist } from "./exact.js";
import { parseDice } from "./parser.js";
import { checkBounds } from "./bounds.js";

// Exact odds are bounded work: every limit is checked by the budget before the work it pays for,
// so that no expression runs for long or fills the memory before its error. The fuzz runs with a
// small budget, so that each call stays well bounded whatever the expression; the default budget
// (about a second) is the same code with a larger number.

function compiled(text: string) {
  const { ast } = parseDice(text);
  checkBounds(text, ast);
  return ast;
}

function refusal(text: string, budget: Budget): NotationError {
  try {
    exactDist(text, compiled(text), budget);
  } catch (error) {
    if (error instanceof NotationError) return error;
    throw error;
  }
  throw new Error(`${text}: no error`);
}

describe("exact odds refuse what is too large before building it", () => {
  it("a written explosion depth too wide for exact odds costs no work before its error", () => {
    // Each of these once ran for tens of seconds and gigabytes before the same error.
    for (const text of ["1d1000000!#999", "1d100000!#1000", "3d50000!!#200kh2"]) {
      const budget = new Budget(text);
      expect(refusal(text, budget).reason).toMatch(/exact odds would span .* outcomes/);
      expect(budget.spent).toBe(0);
    }
  });

  it("an explosion that never happens does not widen the bound", () => {
    // d% never shows a face below 1, so the depth #2 adds nothing; the product is within the width.
    const text = "7d%!p<1#2*12d%r<14!!p#2";
    const dist = exactDist(text, compiled(text));
    expect(dist.min).toBe(7 * 12 * 14);
    expect(dist.max).toBe(700 * 298 * 12);
  });

  it("division counts what it costs: a call per pair of outcomes, not a multiply-add", () => {
    const text = "round(7d%!p<1#2*12d%r<14!!p#2/ceil(14d3!/4d%r>12))";
    const error = refusal(text, new Budget(text));
    expect(error.reason).toContain("steps of work");
    // Refused at the division (column 1) before its 224 million pairs: it once took 5.4 s.
    expect(error.column).toBe(1);
  });
});

const big = fc.oneof(
  fc.integer({ min: 0, max: 12 }),
  fc.integer({ min: 0, max: 1000 }),
  fc.constantFrom(100, 1000, 10_000, 100_000, 1_000_000),
);
const compare = fc.constantFrom("", "=", ">", ">=", "<", "<=");
const depth = fc.option(
  big.map((d) => `#${d}`),
  { nil: "" },
);
const term = fc
  .record({
    count: big,
    sides: fc.oneof(big.filter((x) => x > 0).map(String), fc.constantFrom("%", "F")),
    reroll: fc.option(fc.tuple(fc.constantFrom("r", "ro"), compare, big, depth), { nil: null }),
    explode: fc.option(
      fc.tuple(
        fc.constantFrom("!", "!!", "!p", "!!p"),
        fc.option(fc.tuple(compare, big), { nil: null }),
        depth,
      ),
      { nil: null },
    ),
    keep: fc.option(fc.tuple(fc.constantFrom("kh", "kl", "dh", "dl"), big), { nil: null }),
    success: fc.option(fc.tuple(fc.constantFrom("=", ">", ">=", "<", "<="), big), { nil: null }),
  })
  .map(({ count, sides, reroll, explode, keep, success }) => {
    let s = `${count}d${sides}`;
    if (reroll) s += reroll[0] + reroll[1] + reroll[2] + (reroll[0] === "r" ? reroll[3] : "");
    if (explode) s += explode[0] + (explode[1] ? explode[1][0] + explode[1][1] : "") + explode[2];
    if (keep) s += keep[0] + keep[1];
    if (success) s += success[0] + success[1];
    return s;
  });
const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small" },
    term,
    term,
    big.map(String),
    fc.tuple(tie("e"), fc.constantFrom("+", "-", "*"), tie("e")).map(([a, op, b]) => a + op + b),
    tie("e").map((a) => `-(${a})`),
    fc
      .tuple(fc.constantFrom("floor", "ceil", "round"), tie("e"), tie("e"))
      .map(([f, a, b]) => `${f}((${a})/max(1,${b}))`),
    fc
      .tuple(fc.constantFrom("min", "max"), tie("e"), tie("e"))
      .map(([f, a, b]) => `${f}(${a},${b})`),
    tie("e").map((a) => `abs(${a})`),
  ),
})).e;

describe("fuzz: large dice, deep explosions, wide products (fast-check, fixed seed)", () => {
  it("every expression gives its odds within the budget or a NotationError, nothing else", () => {
    const limit = 2_000_000;
    fc.assert(
      fc.property(expression, (text) => {
        let ast;
        try {
          ast = compiled(text);
        } catch (error) {
          if (error instanceof NotationError) return;
          throw error;
        }
        const budget = new Budget(text, limit);
        try {
          const dist = exactDist(text, ast, budget);
          const mass = dist.probabilities().reduce((a, b) => a + b, 0);
          expect(Math.abs(mass + dist.truncated - 1)).toBeLessThan(1e-6);
        } catch (error) {
          if (!(error instanceof NotationError)) throw error;
          expect(error.reason).toMatch(/steps of work|outcomes/);
        }
        expect(budget.spent).toBeLessThanOrEqual(limit);
      }),
      { seed: 14, numRuns: 300 },
    );
  });
});
