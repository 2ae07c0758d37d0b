import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../random.js";
import { NotationError, compileDice } from "./index.js";

const compareOp = fc.constantFrom("", "=", ">", ">=", "<", "<=");
const small = fc.integer({ min: -1, max: 12 });
const depth = fc.option(
  fc.integer({ min: 1, max: 4 }).map((d) => `#${d}`),
  { nil: "" },
);

const term = fc
  .record({
    count: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    sides: fc.constantFrom("1", "2", "3", "4", "6", "8", "10", "12", "20", "%", "F"),
    reroll: fc.option(fc.tuple(fc.constantFrom("r", "ro"), compareOp, small, depth), {
      nil: undefined,
    }),
    explode: fc.option(
      fc.tuple(
        fc.constantFrom("!", "!!", "!p", "!!p"),
        fc.option(fc.tuple(compareOp, small), { nil: undefined }),
        depth,
      ),
      { nil: undefined },
    ),
    keep: fc.option(
      fc.tuple(fc.constantFrom("kh", "kl", "dh", "dl", "k", "d"), fc.integer({ min: 0, max: 5 })),
      {
        nil: undefined,
      },
    ),
    success: fc.option(fc.tuple(fc.constantFrom("=", ">", ">=", "<", "<="), small), {
      nil: undefined,
    }),
    failure: fc.option(fc.tuple(compareOp, small), { nil: undefined }),
  })
  .map((t) => {
    let s = `${t.count ?? ""}d${t.sides}`;
    if (t.reroll)
      s += `${t.reroll[0]}${t.reroll[1]}${Math.max(t.reroll[1] === "" ? 0 : -1, t.reroll[2])}${t.reroll[0] === "r" ? t.reroll[3] : ""}`;
    if (t.explode) {
      const [style, compare, d] = t.explode;
      s +=
        style +
        (compare ? `${compare[0]}${compare[0] === "" ? Math.abs(compare[1]) : compare[1]}` : "") +
        d;
    }
    if (t.keep) s += `${t.keep[0]}${t.keep[1]}`;
    if (t.success) {
      s += `${t.success[0]}${t.success[1]}`;
      if (t.failure)
        s += `f${t.failure[0]}${t.failure[0] === "" ? Math.abs(t.failure[1]) : t.failure[1]}`;
    }
    return s;
  });

const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    term,
    term,
    fc.integer({ min: 0, max: 20 }).map(String),
    fc
      .tuple(tie("e"), fc.constantFrom("+", "-", "*"), tie("e"))
      .map(([a, op, b]) => `${a}${op}${b}`),
    tie("e").map((a) => `-(${a})`),
    fc
      .tuple(fc.constantFrom("floor", "ceil", "round"), tie("e"), fc.integer({ min: 1, max: 6 }))
      .map(([f, a, b]) => `${f}((${a})/${b})`),
    fc
      .tuple(fc.constantFrom("min", "max"), tie("e"), tie("e"))
      .map(([f, a, b]) => `${f}(${a},${b})`),
    tie("e").map((a) => `abs(${a})`),
  ),
})).e;

function onlyNotationErrors(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof NotationError)) throw error;
  }
}

describe("properties (fast-check, fixed seeds)", () => {
  it("random valid expressions throw nothing but NotationError, and roll inside their odds", () => {
    fc.assert(
      fc.property(expression, fc.integer(), (text, seed) => {
        onlyNotationErrors(() => {
          const dice = compileDice(text);
          const { total, dice: trace } = dice.roll(Rng.fromSeed(seed));
          expect(Number.isSafeInteger(total)).toBe(true);
          expect(total).toBeGreaterThanOrEqual(dice.range.lo);
          expect(total).toBeLessThanOrEqual(dice.range.hi);
          for (const d of trace) expect(d.kept).toBe(!d.dropped && !d.rerolled);
          const dist = dice.dist();
          const mass = dist.probabilities().reduce((a, b) => a + b, 0);
          expect(Math.abs(mass + dist.truncated - 1)).toBeLessThan(1e-9);
          expect(dist.p(total) > 0 || dist.truncated > 0).toBe(true);
          expect(dist.min).toBeGreaterThanOrEqual(dice.range.lo);
          expect(dist.max).toBeLessThanOrEqual(dice.range.hi);
        });
      }),
      { seed: 7, numRuns: 400 },
    );
  });

  it("random strings never crash or hang the parser", () => {
    const notationChars = fc
      .array(fc.constantFrom(..."0123456789dDkhlropf!%F<>=#+-*/(),. \tmaxinbsceu".split("")), {
        maxLength: 40,
      })
      .map((cs) => cs.join(""));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), notationChars), (text) => {
        onlyNotationErrors(() => {
          compileDice(text).roll(Rng.fromSeed(1));
        });
      }),
      { seed: 11, numRuns: 3000 },
    );
  });

  it("an error's column points inside the text, or just past its end", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        try {
          compileDice(text);
        } catch (error) {
          if (!(error instanceof NotationError)) throw error;
          if (error.column !== undefined) {
            expect(error.column).toBeGreaterThanOrEqual(1);
            expect(error.column).toBeLessThanOrEqual(text.length + 1);
          }
        }
      }),
      { seed: 13, numRuns: 2000 },
    );
  });
});
