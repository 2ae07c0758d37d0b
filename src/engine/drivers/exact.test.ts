import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Rng } from "../../core/random.js";
import type { RuleContext } from "../choice.js";
import { diceRoll } from "../roll-specs.js";
import { Playbook } from "../tactics.js";
import { FixedDecisions } from "./fixed.js";
import { enumerateExact, estimateExactRuns, walkExact } from "./exact.js";

/** Tactics for the tests' decisions: "again" rerolls a low first roll. */
const tactics = new Playbook({
  questions: { again: ({ first }: { first: number }) => first <= 2 },
  about: { again: { description: "whether to roll a low first die again", by: "combatant" } },
  profiles: {},
});

/** The runs `enumerateExact` takes on `run`: one per path (leaf) of its tree of roll outcomes. */
function exactRuns(run: (ctx: RuleContext) => number): number {
  let runs = 0;
  enumerateExact(
    (ctx) => {
      runs += 1;
      return run(ctx);
    },
    { tactics },
  );
  return runs;
}

describe("the exact driver", () => {
  it("matches brute force: 2d6 rolled as two d6 choice points, summed", () => {
    const r = enumerateExact(
      (ctx) => ctx.roll(diceRoll("d6"), "a") + ctx.roll(diceRoll("d6"), "b"),
      { tactics },
    );
    const byTotal = new Map<number, number>();
    for (const { p, result } of r.outcomes) byTotal.set(result, (byTotal.get(result) ?? 0) + p);
    for (let t = 2; t <= 12; t += 1)
      expect(byTotal.get(t)).toBeCloseTo((6 - Math.abs(t - 7)) / 36, 12);
  });

  it("follows rolls that depend on earlier ones, and fixed decisions over tactics", () => {
    const run = (ctx: Parameters<Parameters<typeof enumerateExact>[0]>[0]) => {
      const first = ctx.roll(diceRoll("d4"), "first");
      const again = ctx.decide("pc", "again", {
        prompt: "?",
        schema: z.boolean(),
        situation: { first },
      });
      return again ? ctx.roll(diceRoll("d4"), "second") : first;
    };
    const byTactic = enumerateExact(run, { tactics });
    const mean = byTactic.outcomes.reduce((s, o) => s + o.p * o.result, 0);
    expect(mean).toBeCloseTo(0.5 * 2.5 + 0.25 * 3 + 0.25 * 4, 12);
    const fixed = enumerateExact(run, { tactics, decisions: { "pc:again": false } });
    expect(fixed.outcomes.reduce((s, o) => s + o.p * o.result, 0)).toBeCloseTo(2.5, 12);
    expect(fixed.fixedUsed).toEqual(["pc:again"]);
  });

  it("runs the totals a rule reads alike (ctx.roll's low and high) once a group, where asked", () => {
    // 2d6 whose rule reads min(max(total, 4), 9): totals 2 to 4 alike, 9 to 12 alike.
    const rolled = (ctx: RuleContext) => ctx.roll(diceRoll("2d6"), "total", undefined, 4, 9);
    const clamp = (total: number) => Math.min(Math.max(total, 4), 9);
    const walked = (alike: boolean) => {
      const byResult = new Map<number, number>();
      const answers: number[] = [];
      const { runs } = walkExact(
        (ctx) => {
          const total = rolled(ctx);
          answers.push(total);
          return clamp(total);
        },
        (p, result) => byResult.set(result, (byResult.get(result) ?? 0) + p),
        new FixedDecisions(tactics),
        100,
        "none",
        alike,
      );
      return { runs, byResult, answers };
    };
    const grouped = walked(true);
    const every = walked(false);
    expect(every.runs).toBe(11);
    // One run for 2 to 4 (answered by its smallest total, 2), one each for 5 to 8, one for 9 up.
    expect(grouped.runs).toBe(6);
    expect(grouped.answers).toEqual([2, 5, 6, 7, 8, 9]);
    expect(grouped.byResult.get(4)).toBeCloseTo(6 / 36, 15);
    expect(grouped.byResult.get(9)).toBeCloseTo(10 / 36, 15);
    expect(grouped.byResult.get(7)).toBeCloseTo(6 / 36, 15);
    for (const [result, p] of every.byResult)
      expect(grouped.byResult.get(result)).toBeCloseTo(p, 15);
    // enumerateExact, whose results may read more than the state, runs every total.
    expect(exactRuns((ctx) => clamp(rolled(ctx)))).toBe(11);
  });

  it("hands a rule the mean of a group (ctx.excess): what it keeps out of the state sums as every total would", () => {
    // Two blows of 2d6! less DR 2 on 7 hit points. Kept at 0 once below, with what lies below
    // handed to `ctx.excess.add` as the mean over the totals the answer stands for; `shift`
    // moves the bounds the rule gives by one total too far (so that totals with different
    // results are one group), which the checks must catch.
    const DR = 2;
    const blow = (ctx: RuleContext, hp: number, shift: { low: number; high: number }) => {
      const bounded = ctx.excess !== undefined;
      const low = DR + shift.low;
      const total = ctx.roll(
        diceRoll("2d6!"),
        "damage",
        undefined,
        bounded ? low : undefined,
        bounded ? DR + hp + shift.high : undefined,
      );
      const mean = ctx.excess?.mean() ?? total;
      const after = hp - Math.max(0, total - DR);
      if (ctx.excess === undefined || after > 0) return after;
      ctx.excess.add("target", hp - Math.max(0, mean - DR));
      return 0;
    };
    const walked = (grouped: boolean, shift = { low: 0, high: 0 }) => {
      const kept = new Map<number, number>();
      let health = 0;
      let below = 0;
      const { runs, truncated } = walkExact(
        (ctx) => {
          const hp = blow(ctx, blow(ctx, 7, shift), shift);
          below = (ctx.added?.amounts ?? []).reduce((a, b) => a + b, 0);
          return hp;
        },
        (p, hp) => {
          kept.set(Math.max(0, hp), (kept.get(Math.max(0, hp)) ?? 0) + p);
          health += p * (hp + below);
        },
        new FixedDecisions(tactics),
        100_000,
        "none",
        grouped,
        grouped,
      );
      return { runs, truncated, kept, health };
    };
    const every = walked(false);
    const grouped = walked(true);
    const gap = (r: ReturnType<typeof walked>) =>
      Math.max(
        Math.abs(r.health - every.health),
        ...[...every.kept].map(([hp, p]) => Math.abs((r.kept.get(hp) ?? 0) - p)),
      );
    expect(grouped.truncated).toBeCloseTo(every.truncated, 15);
    expect(gap(grouped)).toBeLessThan(1e-12);
    expect(every.health).toBeLessThan(0);
    expect(grouped.runs).toBeLessThan(every.runs / 10);
    // A bound one total too far merges totals that leave different hit points.
    expect(gap(walked(true, { low: 1, high: 0 }))).toBeGreaterThan(1e-3);
    expect(gap(walked(true, { low: 0, high: -1 }))).toBeGreaterThan(1e-3);
    // One total short of where they could be merges fewer, every figure the same.
    expect(gap(walked(true, { low: -1, high: 1 }))).toBeLessThan(1e-12);
  });

  describe("the estimate of its runs (Knuth's estimator)", () => {
    it("is exact when every path meets rolls of the same sizes: 6 x 4 paths", () => {
      const run = (ctx: RuleContext) =>
        ctx.roll(diceRoll("d6"), "a") + ctx.roll(diceRoll("d4"), "b");
      expect(exactRuns(run)).toBe(24);
      expect(estimateExactRuns(run, Rng.stream(1, 0), 5, { tactics })).toBe(24);
    });

    it("is close on average when paths differ: a d4 after a d6 above 3 only (3 + 3 x 4 paths)", () => {
      const run = (ctx: RuleContext) => {
        const a = ctx.roll(diceRoll("d6"), "a");
        return a > 3 ? a + ctx.roll(diceRoll("d4"), "b") : a;
      };
      expect(exactRuns(run)).toBe(15);
      // Each probe gives 6 (a <= 3) or 24 (a > 3), half the time each: mean 15, sd 9; the mean
      // of 4,000 probes has a standard error of 0.14.
      expect(estimateExactRuns(run, Rng.stream(7, 0), 4_000, { tactics })).toBeCloseTo(15, 0);
    });

    it("stops at the first resumable point, or passes them with `through`: 6, then 6 x 4", () => {
      const run = (ctx: RuleContext) => {
        const a = ctx.roll(diceRoll("d6"), "a");
        ctx.checkpoint?.();
        return a + ctx.roll(diceRoll("d4"), "b");
      };
      expect(estimateExactRuns(run, Rng.stream(1, 0), 5, { tactics })).toBe(6);
      expect(estimateExactRuns(run, Rng.stream(1, 0), 5, { tactics }, true)).toBe(24);
    });

    it("stops probing once the estimate is sure to be above `above`, and answers the same", () => {
      // Each probe gives 6 (a <= 3) or 24 (a > 3); this stream's four give 24, 6, 24, 24.
      let probes = 0;
      const run = (ctx: RuleContext) => {
        probes += 1;
        const a = ctx.roll(diceRoll("d6"), "a");
        return a > 3 ? a + ctx.roll(diceRoll("d4"), "b") : a;
      };
      const estimate = (above?: number) => {
        probes = 0;
        return estimateExactRuns(run, Rng.stream(4, 0), 4, { tactics }, false, above);
      };
      expect(estimate()).toBe(19.5);
      expect(probes).toBe(4);
      // The first probe's 24 over 4 probes is 6, above 5 whatever the others give.
      expect(estimate(5)).toBe(6);
      expect(probes).toBe(1);
      // Never stopped where the whole estimate is not above: every probe taken.
      expect(estimate(19.5)).toBe(19.5);
      expect(probes).toBe(4);
    });
  });
});
