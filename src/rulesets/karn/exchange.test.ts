// The exchange behind `fray odds`: exact odds against brute force over every die the table
// rolls, and the designer's question: one full strike, two half-action strikes, or a half
// strike and a half action saved to defend?
import { describe, expect, it } from "vitest";
import { cloneState } from "../../engine/clone.js";
import { exchangeOdds, type ExchangeOdds } from "../../engine/exchange.js";
import type { Json, JsonObject } from "../../engine/json.js";
import { expectExactAgreesWithDice } from "../../engine/test-support/brute-force.js";
import { Playbook } from "../../engine/tactics.js";
import { exchange } from "./exchange.js";
import { karn } from "./index.js";
import { loadExchange, pair } from "./test-support/table.js";

function agree(
  a: JsonObject,
  b: JsonObject,
  decisions: Record<string, Json>,
  switches: JsonObject = {},
) {
  const initial = pair(a, b, switches);
  return expectExactAgreesWithDice(
    (ctx) => exchange.run(cloneState(initial), ctx),
    decisions,
    new Playbook(karn.tactics),
  );
}

const simple = { "gm:critical": "double", "gm:fumble": "bad-miss" };

describe("exact odds agree with brute force over every die", () => {
  it("a strike against a block: both dice of the strike roll, and the damage die", () => {
    const odds = agree(
      { actions: 1, strike: 3, attacks: ["punch"] },
      { actions: 1, hp: 3, block: 2, armour: { cov: 12, hp: 5, ratings: { crush: "1 (2)" } } },
      { ...simple, "ann:action-1": "strike", "bob:defence-1": "block" },
    );
    expect(odds.size).toBeGreaterThan(5);
  });

  it("pierce's 25% critical chance on what gets through armour", () => {
    agree(
      { actions: 1, strike: 2, attacks: ["dagger"] },
      {
        actions: 1,
        hp: 20,
        natural: { pierce: 1 },
        armour: { cov: 10, hp: 9, ratings: { pierce: "1 (3)" } },
      },
      { ...simple, "ann:action-1": "strike", "bob:defence-1": "none" },
    );
  });

  it("a half strike, and a counterattack answered with the saved half", () => {
    agree(
      { actions: 1, strike: 3, block: 1, attacks: ["punch"] },
      { actions: 1, strike: 2, counterstrike: true, attacks: ["punch"] },
      {
        ...simple,
        "ann:action-1": "half-and-save",
        "bob:defence-1": "none",
        "bob:counter-1": "half",
        "bob:counter-2": "none",
        "ann:answer-1": "block:saved-half",
      },
    );
  });
});

describe("which split of actions? one full strike, two half strikes, or a half strike and a saved half", () => {
  const odds = (form: string): ExchangeOdds => exchangeOdds(loadExchange(`exchange-${form}.yaml`));
  const strike = odds("strike");
  const halves = odds("two-halves");
  const saved = odds("half-and-save");
  const p = (o: ExchangeOdds, c: string) => o.categories.find((x) => x.category === c)!.p;

  it("each answer's categories sum to one, and every strike is made", () => {
    for (const o of [strike, halves, saved]) {
      expect(o.categories.reduce((s, c) => s + c.p, 0)).toBeCloseTo(1, 12);
      expect(p(o, "no strike")).toBe(0);
    }
  });

  it("a natural 20 is critical unless the half block rolls a natural 20 too: 1/20 x 19/20 a strike, 1 - (1 - that)^2 with two", () => {
    const one = (1 / 20) * (19 / 20);
    expect(p(strike, "critical")).toBeCloseTo(one, 12);
    expect(p(saved, "critical")).toBeCloseTo(one, 12);
    expect(p(halves, "critical")).toBeCloseTo(1 - (1 - one) ** 2, 12);
  });

  it("here two half strikes deal the most; keeping a half to defend takes the least", () => {
    expect(halves.damage.mean()).toBeGreaterThan(strike.damage.mean());
    expect(strike.damage.mean()).toBeGreaterThan(saved.damage.mean());
    expect(saved.damageTaken.mean()).toBeLessThan(strike.damageTaken.mean());
    expect(halves.damageTaken.mean()).toBe(0);
  });
});
