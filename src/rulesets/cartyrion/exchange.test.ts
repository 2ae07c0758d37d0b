import { describe, expect, it } from "vitest";
import { compileDice } from "../../core/dice/index.js";
import { exchangeOdds } from "../../engine/exchange.js";
import { loadExchange } from "./test-support/play.js";

/** The total distribution of n exploding dX, by the dice core. */
const totals = (notation: string) => compileDice(notation).dist().entries();

describe("exact odds of one exchange", () => {
  it("Tombril's blow: every 5d6! total, +18, less 4, against the giant's 68 SP and 30 slots", () => {
    const odds = exchangeOdds(loadExchange("tombril-strikes-the-giant.yaml"));
    const expected = new Map<string, number>();
    let mean = 0;
    for (const [t, p] of totals("5d6!")) {
      const dmg = Math.max(0, t + 10 + 8 - 4);
      const cat =
        dmg === 0
          ? "no damage"
          : dmg <= 68
            ? "stamina drain"
            : dmg - 68 >= 30
              ? "taken out"
              : "injury";
      expected.set(cat, (expected.get(cat) ?? 0) + p);
      mean += p * dmg;
    }
    for (const { category, p } of odds.categories)
      expect(p, category).toBeCloseTo(expected.get(category) ?? 0, 12);
    expect(odds.damage.mean()).toBeCloseTo(mean, 9);
    expect(odds.damageTaken.p(0)).toBeCloseTo(1, 9);
  });

  it("Cedryk's sneak attack: the AWA check (DC 13) and 2d4! enumerated by hand", () => {
    const odds = exchangeOdds(loadExchange("cedryk-sneak-attack.yaml"));
    const pass = 12 / 20; // 9 or more on the d20 with AWA +4
    const expected = new Map<string, number>();
    for (const [t, p] of totals("2d4!")) {
      for (const [ok, q] of [
        [true, pass],
        [false, 1 - pass],
      ] as const) {
        const dmg = Math.max(0, t + 4 - (ok ? 0 : 3));
        const cat = dmg === 0 ? "no damage" : dmg >= 15 ? "taken out" : "injury";
        expected.set(cat, (expected.get(cat) ?? 0) + p * q);
      }
    }
    for (const { category, p } of odds.categories)
      expect(p, category).toBeCloseTo(expected.get(category) ?? 0, 12);
    expect(odds.categories.find((c) => c.category === "stamina drain")!.p).toBe(0);
  });

  it("a weapon parry lets nothing through, whatever the dice", () => {
    const odds = exchangeOdds(loadExchange("giant-against-a-parrying-sword.yaml"));
    expect(odds.categories.find((c) => c.category === "no damage")!.p + odds.truncated).toBeCloseTo(
      1,
      9,
    );
    expect(odds.damage.p(0)).toBeCloseTo(1 - odds.truncated, 9);
  });

  it("the archer's shot: Direct Damage, and the stamina it costs the archer (ceil(d4 / 2))", () => {
    const odds = exchangeOdds(loadExchange("archer-at-thirty-feet.yaml"));
    expect(odds.damageTaken.p(1)).toBeCloseTo(0.5, 12);
    expect(odds.damageTaken.p(2)).toBeCloseTo(0.5, 12);
    let pOut = 0;
    for (const [t, p] of totals("2d6!")) if (t + 3 - 1 - 1 >= 10) pOut += p;
    expect(odds.defenderOut).toBeCloseTo(pOut, 12);
    expect(odds.categories.find((c) => c.category === "stamina drain")!.p).toBe(0);
  });
});
