import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileDice } from "../../../core/dice/index.js";
import {
  chanceAtLeast,
  damageDiceMultiplier,
  damageRoll,
  damageRollCountingExplosions,
  expectedAfter,
  packDamage,
  unpackExplosions,
  unpackTotal,
} from "./damage-dice.js";

/** Every way `n` exploding d`sides` can fall with at most `depth` explosions per die: [total, explosions, p]. */
function bruteForce(n: number, sides: number, depth: number): Map<number, number> {
  const one: [number, number, number][] = [];
  for (let k = 0; k <= depth; k += 1)
    for (let f = 1; f < sides; f += 1) one.push([k * sides + f, k, sides ** -(k + 1)]);
  let acc = new Map<string, number>([["0,0", 1]]);
  for (let i = 0; i < n; i += 1) {
    const next = new Map<string, number>();
    for (const [key, p] of acc) {
      const [t, k] = key.split(",").map(Number) as [number, number];
      for (const [ft, fk, fp] of one)
        next.set(`${t + ft},${k + fk}`, (next.get(`${t + ft},${k + fk}`) ?? 0) + p * fp);
    }
    acc = next;
  }
  return new Map(
    [...acc].map(([key, p]) => {
      const [t, k] = key.split(",").map(Number) as [number, number];
      return [packDamage(t, k), p];
    }),
  );
}

describe("damage dice", () => {
  it("Damage Dice: one die at levels 1-2, two at 3-4, five at 9-10, six at 11-12", () => {
    expect([1, 2, 3, 4, 9, 10, 11, 12].map(damageDiceMultiplier)).toEqual([1, 1, 2, 2, 5, 5, 6, 6]);
  });

  it("Critical Hits: the joint distribution of total and explosions matches brute force", () => {
    for (const [n, sides] of [
      [1, 4],
      [2, 4],
      [2, 6],
      [3, 6],
    ] as const) {
      const depth = 4;
      const exact = bruteForce(n, sides, depth);
      const dist = damageRollCountingExplosions(n, sides).dist();
      for (const [code, p] of exact) {
        if (unpackExplosions(code) > depth) continue;
        expect(
          dist.p(code),
          `${n}d${sides}! total ${unpackTotal(code)} with ${unpackExplosions(code)} explosions`,
        ).toBeCloseTo(p, 14);
      }
      // The totals agree with the dice core's own "NdX!".
      const marginal = new Map<number, number>();
      for (const [code, p] of dist.entries())
        marginal.set(unpackTotal(code), (marginal.get(unpackTotal(code)) ?? 0) + p);
      const core = damageRoll(n, sides).dist();
      for (const [total, p] of core.entries()) expect(marginal.get(total) ?? 0).toBeCloseTo(p, 10);
      expect(1 - [...marginal.values()].reduce((a, b) => a + b, 0)).toBeLessThan(1e-9);
    }
  });

  it("Critical Hits: the count of explosions is read from the dice the table rolled", () => {
    const typed = [6, 6, 2, 3, 4];
    let i = 0;
    const roll = compileDice("3d6!").roll({ die: () => typed[i++]! });
    const spec = damageRollCountingExplosions(3, 6);
    expect(spec.notation).toBe("3d6!");
    expect(unpackTotal(spec.read(roll))).toBe(21);
    expect(unpackExplosions(spec.read(roll))).toBe(2);
    expect(spec.dist().p(spec.read(roll))).toBeGreaterThan(0);
  });

  it("expected damage after a subtraction matches the distribution", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(4, 6, 8, 10),
        fc.integer({ min: -40, max: 20 }),
        (n, sides, c) => {
          const dist = damageRoll(n, sides).dist();
          let e = 0;
          for (const [x, p] of dist.entries()) e += p * Math.max(0, x + c);
          expect(expectedAfter(n, sides, c)).toBeCloseTo(e, 9);
          expect(chanceAtLeast(n, sides, c, 10)).toBeCloseTo(dist.atLeast(10 - c), 12);
        },
      ),
      { numRuns: 60, seed: 4 },
    );
  });
});
