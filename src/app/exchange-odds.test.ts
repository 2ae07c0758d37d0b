import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { odds } from "../core/dice/index.js";
import {
  exchangeOddsFor,
  exchangeOddsJson,
  parseDecide,
  renderExchangeOdds,
} from "./exchange-odds.js";
import { isExchangeFile } from "./files.js";
import { rulesets } from "./rulesets.js";

const example = (path: string) => fileURLToPath(new URL(`../../examples/${path}`, import.meta.url));

describe("fray odds <exchange.yaml>", () => {
  it("tells an exchange file from a dice expression", () => {
    expect(isExchangeFile("examples/tnt/exchange-attack-3.yaml")).toBe(true);
    expect(isExchangeFile("3d20kh1+4")).toBe(false);
  });

  it("gives Tombril's blow on the giant the distribution of 5d6! + 10 magic + 8 STR - 4 defence", () => {
    const result = exchangeOddsFor(
      example("cartyrion/tombril-strikes-the-giant.yaml"),
      [],
      rulesets,
    );
    const expected = odds("5d6!+14");
    expect(result.damage.mean()).toBeCloseTo(expected.mean(), 9);
    for (const [x, p] of expected.entries()) {
      if (p > 1e-12) expect(result.damage.p(x), `damage ${x}`).toBeCloseTo(p, 12);
    }
    expect(result.damage.p(31)).toBeCloseTo(odds("5d6!").p(17), 12); // the chapter's roll: 17 -> 31
    // 68 SP then 30 injury slots: 98 points take the giant out
    expect(result.defenderOut).toBeCloseTo(expected.atLeast(98), 12);
    expect(result.defenderOut).toBeGreaterThan(0);
    expect(renderExchangeOdds(result)).toContain("damage dealt: mean 35.000");
  });

  it("fixes decisions from the command line over the file's, and the categories sum to one", () => {
    const three = exchangeOddsFor(example("tnt/exchange-attack-3.yaml"), [], rulesets);
    const two = exchangeOddsFor(
      example("tnt/exchange-attack-3.yaml"),
      ["aldric:attack-dice=2"],
      rulesets,
    );
    expect(three.decisions["aldric:attack-dice"]).toBe(3);
    expect(two.decisions["aldric:attack-dice"]).toBe(2);
    for (const r of [three, two]) {
      expect(r.categories.reduce((s, c) => s + c.p, 0) + r.truncated).toBeCloseTo(1, 12);
    }
    const miss = (r: typeof three) => r.categories.find((c) => c.category === "miss")!.p;
    expect(miss(two)).toBeGreaterThan(miss(three));
    const json = exchangeOddsJson(three) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual([
      "title",
      "ruleset",
      "decisions",
      "categories",
      "damage",
      "damageTaken",
      "defenderOut",
      "attackerOut",
      "truncated",
    ]);
  });

  it("refuses a decision the exchange never asks, or one written wrong, saying how to write it", () => {
    expect(() =>
      exchangeOddsFor(example("tnt/exchange-attack-3.yaml"), ["aldric:bogus=1"], rulesets),
    ).toThrow('decisions: "aldric:bogus" never asked in this exchange');
    expect(() => parseDecide(["attack-dice=2"])).toThrow(
      "--decide attack-dice=2: expected actor:question=value",
    );
    expect(parseDecide(["a:b=2", "a:c=yes"])).toEqual({ "a:b": 2, "a:c": "yes" });
    expect(() =>
      exchangeOddsFor(example("tnt/exchange-attack-3.yaml"), ["aldric:attack-dice=9"], rulesets),
    ).toThrow(/aldric: attack-dice: 9 is not/);
  });
});
