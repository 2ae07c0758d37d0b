import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { odds } from "./index.js";

interface Given {
  expression: string;
  mean: number;
  sd: number;
  min: number;
  max: number;
  distribution: [number, number][];
}
interface Versus {
  a: string;
  b: string;
  win: number;
  tie: number;
  lose: number;
}
const oracle = JSON.parse(
  readFileSync(new URL("../../../test/fixtures/oracle-dice.json", import.meta.url), "utf8"),
) as { given: Given[]; versus: Versus[] };

describe("exact odds agree with the icepool oracle", () => {
  it.each(oracle.given.map((g) => [g.expression, g] as const))("%s", (_, g) => {
    const dist = odds(g.expression);
    const expected = new Map(g.distribution);
    for (const x of new Set([...expected.keys(), ...dist.outcomes()])) {
      expect(Math.abs(dist.p(x) - (expected.get(x) ?? 0)), `P(${x})`).toBeLessThan(1e-9);
    }
    expect(Math.abs(dist.mean() - g.mean)).toBeLessThan(1e-6);
    expect(Math.abs(dist.sd() - g.sd)).toBeLessThan(1e-6);
    expect(dist.min).toBe(g.min);
    if (dist.truncated === 0) expect(dist.max).toBe(g.max);
  });

  it.each(oracle.versus.map((v) => [`${v.a} vs ${v.b}`, v] as const))("%s", (_, v) => {
    const r = odds(v.a).compare(odds(v.b));
    expect(Math.abs(r.win - v.win)).toBeLessThan(1e-9);
    expect(Math.abs(r.tie - v.tie)).toBeLessThan(1e-9);
    expect(Math.abs(r.lose - v.lose)).toBeLessThan(1e-9);
  });
});
