import { describe, expect, it } from "vitest";
import { z } from "zod";
import { diceRoll } from "../roll-specs.js";
import { enumerateExact } from "./exact.js";

describe("the exact driver", () => {
  it("matches brute force: 2d6 rolled as two d6 choice points, summed", () => {
    const r = enumerateExact(
      (ctx) => ctx.roll(diceRoll("d6"), "a") + ctx.roll(diceRoll("d6"), "b"),
    );
    const byTotal = new Map<number, number>();
    for (const { p, result } of r.outcomes) byTotal.set(result, (byTotal.get(result) ?? 0) + p);
    for (let t = 2; t <= 12; t += 1)
      expect(byTotal.get(t)).toBeCloseTo((6 - Math.abs(t - 7)) / 36, 12);
  });

  it("follows rolls that depend on earlier ones, and fixed decisions over policies", () => {
    const run = (ctx: Parameters<Parameters<typeof enumerateExact>[0]>[0]) => {
      const first = ctx.roll(diceRoll("d4"), "first");
      const again = ctx.decide("pc", "again", {
        prompt: "?",
        schema: z.boolean(),
        policy: () => first <= 2,
      });
      return again ? ctx.roll(diceRoll("d4"), "second") : first;
    };
    const policy = enumerateExact(run);
    const mean = policy.outcomes.reduce((s, o) => s + o.p * o.result, 0);
    expect(mean).toBeCloseTo(0.5 * 2.5 + 0.25 * 3 + 0.25 * 4, 12);
    const fixed = enumerateExact(run, { decisions: { "pc:again": false } });
    expect(fixed.outcomes.reduce((s, o) => s + o.p * o.result, 0)).toBeCloseTo(2.5, 12);
    expect(fixed.fixedUsed).toEqual(["pc:again"]);
  });
});
