import { describe, expect, it } from "vitest";
import type { DiceNode, DiceTerm } from "./ast.js";
import { NotationError, compileDice } from "./index.js";
import { parseDice } from "./parser.js";

function term(text: string): DiceTerm {
  const { terms } = parseDice(text);
  expect(terms).toHaveLength(1);
  return terms[0] as DiceTerm;
}

function errorOf(text: string): NotationError {
  try {
    compileDice(text);
  } catch (error) {
    if (error instanceof NotationError) return error;
    throw error;
  }
  throw new Error(`${text} parsed`);
}

describe("dice notation: what parses", () => {
  it("NdX, dX, d% and dF", () => {
    expect(term("3d6")).toMatchObject({ count: 3, faces: { kind: "standard", sides: 6 } });
    expect(term("d20")).toMatchObject({ count: 1, faces: { kind: "standard", sides: 20 } });
    expect(term("d%")).toMatchObject({ count: 1, faces: { kind: "standard", sides: 100 } });
    expect(term("4dF")).toMatchObject({ count: 4, faces: { kind: "fudge" } });
    expect(term("2D8")).toMatchObject({ count: 2, faces: { kind: "standard", sides: 8 } });
  });

  it("keeps the source span of every node", () => {
    const { ast } = parseDice("2d6 + 4d6kh3");
    expect(ast).toMatchObject({ kind: "binary", op: "+", span: { start: 0, end: 12 } });
    const right = (ast as Extract<DiceNode, { kind: "binary" }>).right as DiceTerm;
    expect(right.span).toEqual({ start: 6, end: 12 });
    expect(right.keep?.span).toEqual({ start: 9, end: 12 });
    expect(right.index).toBe(1);
  });

  it("keep and drop, with k meaning kh and d meaning dl", () => {
    expect(term("4d6kh3").keep).toMatchObject({ rule: "kh", count: 3 });
    expect(term("4d6k3").keep).toMatchObject({ rule: "kh", count: 3 });
    expect(term("2d20kl1").keep).toMatchObject({ rule: "kl", count: 1 });
    expect(term("4d6dl1").keep).toMatchObject({ rule: "dl", count: 1 });
    expect(term("4d6d1").keep).toMatchObject({ rule: "dl", count: 1 });
    expect(term("5d6dh2").keep).toMatchObject({ rule: "dh", count: 2 });
    expect(term("2d20kh").keep).toMatchObject({ rule: "kh", count: 1 });
  });

  it("explosions: add, compound, penetrate, compare points and depth", () => {
    expect(term("d6!").explode).toMatchObject({
      style: "add",
      compare: undefined,
      depth: undefined,
    });
    expect(term("d6!!").explode).toMatchObject({ style: "compound" });
    expect(term("d6!p").explode).toMatchObject({ style: "penetrate" });
    expect(term("d6!!p").explode).toMatchObject({ style: "compound-penetrate" });
    expect(term("d10!>=9").explode?.compare).toMatchObject({ op: ">=", value: 9 });
    expect(term("d10!9").explode?.compare).toMatchObject({ op: "=", value: 9 });
    expect(term("6d10!!#12kh3").explode).toMatchObject({ style: "compound", depth: 12 });
    expect(term("d6!>4#3").explode).toMatchObject({ compare: { op: ">", value: 4 }, depth: 3 });
  });

  it("rerolls", () => {
    expect(term("d20r1").reroll).toMatchObject({ once: false, compare: { op: "=", value: 1 } });
    expect(term("d20ro<3").reroll).toMatchObject({ once: true, depth: 1 });
    expect(term("d6r<=2#4").reroll).toMatchObject({ compare: { op: "<=", value: 2 }, depth: 4 });
    expect(term("dFr-1").reroll?.compare).toMatchObject({ op: "=", value: -1 });
  });

  it("success and failure counting", () => {
    expect(term("6d10>=8").success?.compare).toMatchObject({ op: ">=", value: 8 });
    expect(term("6d10>7f1").failure?.compare).toMatchObject({ op: "=", value: 1 });
    expect(term("6d10>=8f<=2").failure?.compare).toMatchObject({ op: "<=", value: 2 });
  });

  it("every modifier at once, in the fixed order", () => {
    const t = term("8d6r1!kh5>=4f1");
    expect([t.reroll, t.explode, t.keep, t.success, t.failure].every((m) => m !== undefined)).toBe(
      true,
    );
  });

  it("arithmetic with the usual precedence", () => {
    expect(parseDice("1+2*3").ast).toMatchObject({
      kind: "binary",
      op: "+",
      right: { kind: "binary", op: "*" },
    });
    expect(parseDice("-(d6-2)").ast).toMatchObject({ kind: "negate", operand: { op: "-" } });
    expect(parseDice("floor(2*d6/3)").ast).toMatchObject({
      kind: "divide",
      rounding: "floor",
      numerator: { op: "*" },
    });
    expect(parseDice("max(d6, d8, 3)").ast).toMatchObject({ kind: "call", fn: "max" });
    expect(parseDice("ABS(d6-4)").ast).toMatchObject({ kind: "call", fn: "abs" });
  });
});

describe("dice notation: errors say where and what would fix it", () => {
  it.each([
    ["3d20kx1", '3d20kx1: unknown modifier "kx" at column 6; did you mean "kh"?'],
    ["4d6rr1", '4d6rr1: unknown modifier "rr" at column 5; did you mean "ro"?'],
    ["4d6x", '4d6x: unknown modifier "x" at column 4; explosions are written "!"'],
    ["flor(d6/2)", 'flor(d6/2): unknown name "flor" at column 1; did you mean "floor"?'],
    [
      "2d6+",
      '2d6+: the expression ends too soon at column 5; expected a number, a die such as 2d6, or "("',
    ],
    ["(2d6", '(2d6: expected ")" at column 5; the "(" at column 1 is never closed'],
    [
      "d6/2",
      "d6/2: a division must say how to round at column 3; write floor(a/b), ceil(a/b) or round(a/b)",
    ],
    ["2d0", "2d0: a die needs at least 1 side at column 3"],
    [
      "4d6 kh3",
      '4d6 kh3: unexpected "k" at column 5; modifiers follow the die without spaces, as in 4d6kh3',
    ],
    [
      "3d6f1",
      '3d6f1: "f1" counts failures, which needs a success count before it at column 4; write e.g. 3d6>=5f1',
    ],
  ])("%s", (text, message) => {
    expect(errorOf(text).message).toBe(message);
  });

  it("modifiers written out of the fixed order", () => {
    const e = errorOf("4d6kh3r1");
    expect(e.column).toBe(7);
    expect(e.message).toContain('"r1" must come before "kh3"');
    expect(errorOf("4d6kh3kl1").message).toContain('a second keep modifier "kl1"');
  });

  it("the division must be the whole argument of floor, ceil and round", () => {
    expect(errorOf("floor(d6+1/2)").hint).toContain("floor((a+b)/c)");
    expect(errorOf("floor(d6/2*3)").hint).toContain("floor(a/(b*c))");
    expect(errorOf("floor(d6)").message).toContain("needs a division");
  });

  it("a divisor that can be 0", () => {
    const e = errorOf("floor(10/(d6-3))");
    expect(e.message).toContain("the divisor d6-3 can be 0 (it ranges from -2 to 3)");
    expect(e.column).toBe(11);
  });

  it("an explosion or reroll that could never stop", () => {
    expect(errorOf("d1!").message).toContain("explodes on every face, so it never stops");
    expect(errorOf("d6!>=1").hint).toBe("give a depth, as in !>=1#5");
    expect(errorOf("d6r<7").message).toContain("rerolls every face");
    expect(() => compileDice("d1!#3")).not.toThrow();
    expect(() => compileDice("d6r<7#2")).not.toThrow();
  });

  it("carries the column and the fix as fields of a FrayError", () => {
    const e = errorOf("3d20kx1");
    expect(e.column).toBe(6);
    expect(e.where).toBe("column 6");
    expect(e.hint).toBe('did you mean "kh"?');
    expect(e.reason).toBe('unknown modifier "kx"');
    expect(e.expression).toBe("3d20kx1");
  });
});
