import { describe, expect, it } from "vitest";
import { compileDice } from "./index.js";
import { enumerate } from "./test-support/enumerate.js";

function expectSame(expression: string, expected: Map<number, number>, tolerance = 1e-12): void {
  const dist = compileDice(expression).dist();
  for (const x of new Set([...expected.keys(), ...dist.outcomes()])) {
    expect(Math.abs(dist.p(x) - (expected.get(x) ?? 0)), `${expression}: P(${x})`).toBeLessThan(
      tolerance,
    );
  }
}

/** Every ordered roll of n dice with the given faces. */
function* tuples(n: number, faces: readonly number[]): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of tuples(n - 1, faces)) for (const f of faces) yield [...rest, f];
}

function bySorting(
  n: number,
  sides: number,
  pick: (sorted: number[]) => number,
): Map<number, number> {
  const faces = Array.from({ length: sides }, (_, i) => i + 1);
  const out = new Map<number, number>();
  const p = Math.pow(sides, -n);
  for (const roll of tuples(n, faces)) {
    const total = pick([...roll].sort((a, b) => a - b));
    out.set(total, (out.get(total) ?? 0) + p);
  }
  return out;
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

describe("keep and drop match sorting every roll", () => {
  it.each([
    ["4d6kh3", 4, 6, (s: number[]) => sum(s.slice(1))],
    ["5d4kl2", 5, 4, (s: number[]) => sum(s.slice(0, 2))],
    ["5d4dh2", 5, 4, (s: number[]) => sum(s.slice(0, 3))],
    ["4d5dl1", 4, 5, (s: number[]) => sum(s.slice(1))],
    ["3d8k1", 3, 8, (s: number[]) => s[2] as number],
    ["6d3kh4", 6, 3, (s: number[]) => sum(s.slice(2))],
    ["3d6kh5", 3, 6, (s: number[]) => sum(s)],
    ["3d6dl3", 3, 6, () => 0],
  ] as const)("%s", (expression, n, sides, pick) => {
    expectSame(expression, bySorting(n, sides, pick));
  });
});

describe("exact odds match enumerating every roll through the sampler", () => {
  it.each([
    "2d6+3",
    "3d4-2d3",
    "2d4*d3",
    "-d6+d4",
    "floor(2d6/3)",
    "ceil(2d6/3)",
    "round(3d4/2)",
    "round(-3d4/2)",
    "floor((d6-4)/d3)",
    "min(d6,d8)",
    "max(d4,d4,d4)",
    "abs(d6-d6)",
    "3dF",
    "2dF+d4",
    "4d3kh2",
    "d%",
    "3d6>=5",
    "4d6>=5f1",
    "3d4<=2",
    "4d4kh2>=3",
    "3d4>3f<2",
    "2d4r1#3",
    "2d4r<=2#4",
    "2d6r<3#2",
    "3d4ro1",
    "2d4ro>=3",
    "d4r1kh1",
    "2d3!#2",
    "2d3!>=2#2",
    "d4!!#3",
    "2d3!!>=2#2",
    "d4!p#3",
    "2d3!!p#2",
    "3d3!#2kh2",
    "3d3!#2kl2",
    "3d3!#2dl1",
    "3d3!#2dh1",
    "2d3!p#2kh1",
    "2d3!p#3dl1",
    "3d3!#2>=3",
    "3d3!#2kh2>=3f1",
    "2d4r1#2!#2",
    "2d4ro2!!#2kh1",
    "2dF!#2",
    "3d3!<2#2kl1",
  ])("%s", (expression) => {
    expectSame(expression, enumerate(compileDice(expression)));
  });
});

describe("explosions without a depth are cut below 1e-12 and say so", () => {
  it.each(["d6!", "2d4!", "d4!!", "3d4!p", "3d6!kh2", "4d4!dl1", "3d4!>=3kh2"])(
    "%s",
    (expression) => {
      const unbounded = compileDice(expression).dist();
      expect(unbounded.truncated).toBeGreaterThan(0);
      expect(unbounded.truncated).toBeLessThan(1e-10);
      const total = unbounded.probabilities().reduce((a, b) => a + b, 0);
      expect(Math.abs(total + unbounded.truncated - 1)).toBeLessThan(1e-12);
      const deep = compileDice(expression.replace(/(![!p]?(?:[<>=]+\d+)?)/, "$1#60")).dist();
      expect(deep.truncated).toBeLessThan(1e-14);
      for (const x of deep.outcomes()) {
        expect(Math.abs(unbounded.p(x) - deep.p(x))).toBeLessThan(1e-10);
      }
    },
  );

  it("r without a depth rerolls until the face no longer matches", () => {
    const d = compileDice("d6r<=2").dist();
    for (const x of [1, 2]) expect(d.p(x)).toBe(0);
    for (const x of [3, 4, 5, 6]) expect(d.p(x)).toBeCloseTo(0.25, 15);
  });

  it("a depth limit lets the last die count its face and stop (AnyDice, icepool)", () => {
    const d = compileDice("d6!#2").dist();
    expect(d.max).toBe(18);
    expect(d.p(18)).toBeCloseTo(1 / 216, 15);
    expect(d.p(17)).toBeCloseTo(1 / 216, 15);
    expect(d.p(12)).toBe(0);
    expect(d.truncated).toBe(0);
  });
});
