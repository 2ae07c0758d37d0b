import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileDice, odds } from "./index.js";
import { quickOdds } from "./quick-odds.js";

/** The general path: parser, bounds check and exact interpreter. */
const general = (text: string) => compileDice(text).dist();

const keepOne = fc.constantFrom("", "k", "K", "kh", "kl", "k1", "kh1", "kl1", "KL1", "kh01");
const term = fc.oneof(
  fc.integer({ min: 0, max: 40 }).map(String),
  fc
    .record({
      count: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      d: fc.constantFrom("d", "D"),
      sides: fc.constantFrom(1, 2, 4, 6, 8, 10, 12, 20, 100),
      keep: keepOne,
    })
    .map((t) => `${t.count ?? ""}${t.d}${t.sides}${t.keep}`),
);
const space = fc.constantFrom("", " ", "  ");
/** Sums the quick path must take: terms joined by + and -, the first one possibly negated. */
const quickSum = fc
  .tuple(
    fc.boolean(),
    term,
    fc.array(fc.tuple(space, fc.constantFrom("+", "-"), space, term), { maxLength: 3 }),
    space,
    space,
  )
  .map(
    ([negate, first, rest, before, after]) =>
      before +
      (negate ? "-" : "") +
      first +
      rest.map(([s1, op, s2, t]) => `${s1}${op}${s2}${t}`).join("") +
      after,
  );

describe("exact odds of plain sums without the parser", () => {
  it("give the general interpreter's distribution bit for bit", () => {
    fc.assert(
      fc.property(quickSum, (text) => {
        const quick = quickOdds(text);
        expect(quick, text).toBeDefined();
        expect(quick!.entries(), text).toEqual(general(text).entries());
        expect(quick!.truncated).toBe(0);
      }),
      { seed: 20261122, numRuns: 400 },
    );
  });

  it.each([
    ["3d20kh1+4", "advantage"],
    ["2d20kl1-1", "disadvantage"],
    ["2d6+1d4+3", "plain dice"],
    ["-d6+3", "negated first term"],
    ["4 - 2d20k", "k alone keeps the highest"],
    ["1d20kh1", "keeping one of one die"],
  ])("%s (%s)", (text) => {
    expect(quickOdds(text)!.entries()).toEqual(general(text).entries());
    expect(odds(text).entries()).toEqual(general(text).entries());
  });

  it.each([
    ["4d6kh3", "keeps more than one"],
    ["2d20kh2", "keep count other than 1"],
    ["2d20kh0", "keep count 0"],
    ["2d20dl1", "drop rules"],
    ["2d20d1", "drop rules"],
    ["2d6!", "explosions"],
    ["2d6r1", "rerolls"],
    ["3d6>=5", "success counting"],
    ["d%", "percentile dice"],
    ["dF", "Fudge dice"],
    ["2d6*2", "multiplication"],
    ["(2d6)", "parentheses"],
    ["floor(d6/2)", "functions"],
    ["2d6 kh1", "a space inside a term"],
    ["2 d6", "a space inside a term"],
    ["+2", "a leading plus"],
    ["--3", "a double negation"],
    ["d20+-3", "a negated later term"],
    ["2d6+", "an unfinished sum"],
    ["", "nothing"],
    ["   ", "only spaces"],
    ["2d6\t+1", "tabs"],
    ["0d6", "no dice"],
    ["2d0", "a die without sides"],
    ["1000d6", "more than 999 dice"],
    ["d12345", "more than 9999 sides"],
    ["1234567+d6", "a number of more than 6 digits"],
    ["30d100", "a sum spanning more than 2,000 outcomes"],
    ["d1000+d1000+d1000", "terms spanning more than 2,000 outcomes together"],
  ])("%s goes the general way (%s)", (text) => {
    expect(quickOdds(text)).toBeUndefined();
  });

  it("leaves errors to the general path, which reports them", () => {
    expect(() => odds("2d6+")).toThrow(/ends too soon/);
    expect(() => odds("2d6 kh1")).toThrow(/without spaces/);
  });
});
