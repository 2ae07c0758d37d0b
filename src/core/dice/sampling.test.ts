import { describe, expect, it } from "vitest";
import { Dist } from "../dist.js";
import { Rng } from "../random.js";
import { type DieSource, compileDice, formatRoll, roll } from "./index.js";

/** Upper quantile of chi-square with k degrees of freedom (Wilson–Hilferty), z for p = 1e-4. */
function chiSquareCritical(k: number, z = 3.719): number {
  const a = 2 / (9 * k);
  return k * Math.pow(1 - a + z * Math.sqrt(a), 3);
}

/** Chi-square statistic and degrees of freedom of `counts` against `dist`, bins merged to E >= 5. */
function chiSquare(
  counts: Map<number, number>,
  dist: Dist,
  n: number,
): { stat: number; df: number } {
  let stat = 0;
  let bins = 0;
  let expected = 0;
  let observed = 0;
  const close = () => {
    stat += ((observed - expected) * (observed - expected)) / expected;
    bins++;
    expected = 0;
    observed = 0;
  };
  for (const [x, p] of dist.entries()) {
    expected += p * n;
    observed += counts.get(x) ?? 0;
    if (expected >= 5) close();
  }
  expected += dist.truncated * n;
  for (const [x, c] of counts) if (x > dist.max) observed += c;
  if (expected > 0 || observed > 0) {
    if (expected < 5 && bins > 0) {
      bins--;
    }
    if (expected > 0) close();
  }
  return { stat, df: bins - 1 };
}

const N = 20_000;

describe("sampling agrees with the exact distribution (chi-square, fixed seeds)", () => {
  it.each([
    ["4d6kh3", 1],
    ["3d20kh1+5", 2],
    ["6d6!+9", 3],
    ["3d6!!", 4],
    ["2d6!p", 5],
    ["4dF+2", 6],
    ["4d6r1kh3", 7],
    ["2d20ro<5kl1", 8],
    ["8d10>=7f1", 9],
    ["6d6!kh3", 10],
    ["5d6!pdl2", 11],
    ["floor(3d6/2)-round(d6/4)", 12],
    ["min(d20,d20)*max(d4,d4)", 13],
    ["d%+d10!>=9#3", 14],
  ])("%s", (expression, seed) => {
    const dice = compileDice(expression);
    const dist = dice.dist();
    const rng = Rng.fromSeed(seed);
    const counts = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const { total } = dice.roll(rng);
      counts.set(total, (counts.get(total) ?? 0) + 1);
    }
    const { stat, df } = chiSquare(counts, dist, N);
    expect(df).toBeGreaterThan(0);
    expect(stat).toBeLessThan(chiSquareCritical(df));
  });

  it("Dist.sample draws from the distribution", () => {
    const dist = compileDice("10d10kh5").dist();
    const rng = Rng.fromSeed(99);
    const counts = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const x = dist.sample(rng.float());
      counts.set(x, (counts.get(x) ?? 0) + 1);
    }
    const { stat, df } = chiSquare(counts, dist, N);
    expect(stat).toBeLessThan(chiSquareCritical(df));
  });
});

describe("rolls and their trace", () => {
  it("the same seed gives the same roll, every run and every machine", () => {
    const a = roll("6d6!kh3+4d6r1", { seed: 42 });
    const b = roll("6d6!kh3+4d6r1", { seed: 42 });
    expect(b).toEqual(a);
    expect(a.expression).toBe("6d6!kh3+4d6r1");
    expect(a.seed).toBe(42);
    // Pinned: a change here means seeded rolls changed for every user.
    expect(roll("4d6kh3", { seed: 1 }).dice.map((d) => d.value)).toEqual([1, 1, 4, 4]);
    expect(roll("3d20kh1+5", { seed: 2 }).total).toBe(16);
  });

  it("different seeds give different rolls", () => {
    const totals = new Set(Array.from({ length: 20 }, (_, seed) => roll("10d20", { seed }).total));
    expect(totals.size).toBeGreaterThan(10);
  });

  /** A source that serves dice typed in at the table. */
  function typed(...faces: number[]): DieSource {
    let i = 0;
    return {
      die: () => {
        const f = faces[i++];
        if (f === undefined) throw new Error("ran out of dice");
        return f;
      },
    };
  }

  it("marks kept, dropped and exploded dice: [6!, 4, 2d] = 12-style text", () => {
    const r = compileDice("2d6!kh2").roll(typed(6, 2, 4));
    expect(r.total).toBe(10);
    expect(r.dice.map((d) => [d.value, d.kept, d.dropped, d.exploded])).toEqual([
      [6, true, false, true],
      [2, false, true, false],
      [4, true, false, false],
    ]);
    expect(formatRoll(r)).toBe("[6!, 2d, 4] = 10");
  });

  it("rerolled dice stay in the trace and count for nothing", () => {
    const r = compileDice("2d6r1").roll(typed(1, 1, 5, 3));
    expect(r.total).toBe(8);
    expect(formatRoll(r)).toBe("[1r, 1r, 5, 3] = 8");
    expect(compileDice("d6ro1").roll(typed(1, 1)).total).toBe(1);
  });

  it("compounding adds to the same die; penetrating counts each extra die one less", () => {
    expect(formatRoll(compileDice("d6!!").roll(typed(6, 6, 2)))).toBe("[14!] = 14");
    expect(formatRoll(compileDice("d6!p").roll(typed(6, 6, 2)))).toBe("[6!, 5!, 1] = 12");
    expect(formatRoll(compileDice("d6!!p").roll(typed(6, 6, 2)))).toBe("[12!] = 12");
    expect(compileDice("d6!#2").roll(typed(6, 6, 6)).total).toBe(18);
  });

  it("counts successes and failures among the kept dice", () => {
    const r = compileDice("5d10>=8f1").roll(typed(10, 8, 1, 5, 1));
    expect(r.total).toBe(0);
    expect(formatRoll(r)).toBe("[10*, 8*, 1_, 5, 1_] = 0");
  });

  it("Fudge dice read die(3) as -1, 0, +1", () => {
    const r = compileDice("4dF").roll(typed(1, 2, 3, 3));
    expect(r.dice.map((d) => d.value)).toEqual([-1, 0, 1, 1]);
    expect(r.total).toBe(1);
  });

  it("shows the expression with each term replaced by its dice", () => {
    const r = compileDice("4d6kh3+d4+2").roll(typed(6, 1, 4, 3, 2));
    expect(formatRoll(r, "4d6kh3+d4+2")).toBe("[6, 1d, 4, 3]+[2]+2 = 17");
  });

  it("rejects a die source that answers outside the die", () => {
    expect(() => compileDice("d6").roll(typed(7))).toThrow(RangeError);
  });
});
