import { describe, expect, it } from "vitest";
import { Budget } from "./budget.js";
import type { Pmf } from "./pmf.js";
import { keepIid, keepOneIid, type Sweep } from "./pool.js";

const span = { start: 0, end: 1 };
const budget = () => new Budget("test");
const identity = (v: number) => v;

/** A die with uneven faces, and one that lost mass to explosion truncation. */
const dice: [string, Pmf][] = [
  ["d6", { lo: 1, p: new Float64Array(6).fill(1 / 6), truncated: 0 }],
  ["uneven, from -1", { lo: -1, p: Float64Array.of(0.1, 0, 0.2, 0.3, 0.4), truncated: 0 }],
  ["truncated", { lo: 1, p: Float64Array.of(0.25, 0.25, 0.2, 0.2), truncated: 0.1 }],
];

describe("keeping one die in closed form (F(x)^n)", () => {
  for (const [name, die] of dice) {
    for (const sweep of ["high", "low"] as Sweep[]) {
      for (const n of [2, 3, 7]) {
        it(`matches the order-statistics programme: ${name}, ${sweep}, ${n} dice`, () => {
          const closed = keepOneIid(die, n, sweep, budget(), span);
          const programme = keepIid(die, n, sweep, 1, identity, budget(), span);
          expect(closed.truncated).toBeCloseTo(programme.truncated, 14);
          const at = (pmf: Pmf, x: number) => pmf.p[x - pmf.lo] ?? 0;
          for (let x = die.lo; x < die.lo + die.p.length; x++) {
            expect(Math.abs(at(closed, x) - at(programme, x)), `P(${x})`).toBeLessThan(1e-15);
          }
        });
      }
    }
  }
});
