// Exact odds of one exchange (`fray odds`): checked against brute force over both checks' totals
// and the damage die, and the designer's question (attack twice, or Shield Block and attack?)
// with the numbers docs/rulesets/dungeons-of-olde.md quotes.
import { describe, expect, it } from "vitest";
import { exchangeOdds } from "../../engine/exchange.js";
import { parseExchangeFile } from "../../engine/encounter-file.js";
import { tierOf } from "./dice/specs.js";
import { checkTotal, NORMAL } from "./dice/stat-die.js";
import { loadExchange, registry } from "./test-support/play.js";

function exchangeFile(situation: Record<string, unknown>, decisions: Record<string, unknown>) {
  return parseExchangeFile(
    {
      ruleset: "dungeons-of-olde",
      attacker: { id: "ana", name: "Ana", brawn: 9, finesse: 8, nerve: 8, weapons: ["club"] },
      defender: {
        id: "bo",
        name: "Bo",
        brawn: 8,
        finesse: 10,
        nerve: 8,
        armour: "leather",
        nemesis: true,
      },
      situation,
      decisions,
    },
    registry,
    "test.yaml",
  );
}

describe("exact odds of one exchange", () => {
  it("one club blow (2 AP) against a defender who does not strike back: every Attack and Defense total, then the d6, by brute force", () => {
    const odds = exchangeOdds(
      exchangeFile(
        { attackerAp: 2, defenderAp: 0, distance: 1 },
        {
          "ana:critical": "max-damage",
          "ana:legendary": "max-bypass",
          "gm:allow-slay": false,
          "gm:critical-miss": "drop",
          "gm:disastrous-miss": "break",
        },
      ),
    );
    const attack = checkTotal(9, NORMAL).entries();
    const defence = checkTotal(10, NORMAL).entries();
    const tiers = [0, 0, 0, 0, 0, 0];
    for (const [a, pa] of attack)
      for (const [d, pd] of defence) tiers[tierOf(a - d, -3)]! += pa * pd;
    const names = [
      "disastrous miss",
      "critical miss",
      "miss",
      "hit",
      "critical hit",
      "legendary hit",
    ];
    for (let t = 0; t < 6; t += 1)
      expect(odds.categories.find((c) => c.category === names[t])!.p, names[t]).toBeCloseTo(
        tiers[t]!,
        12,
      );
    // Damage: a hit rolls d6 less DR 1; a critical hit counts 6 less 1; a legendary one 6 through the armour.
    let mean = 0;
    for (let face = 1; face <= 6; face += 1) mean += (tiers[3]! / 6) * Math.max(0, face - 1);
    mean += tiers[4]! * 5 + tiers[5]! * 6;
    expect(odds.damage.mean()).toBeCloseTo(mean, 9);
    expect(odds.damage.p(6)).toBeCloseTo(tiers[5]!, 12);
    expect(odds.damageTaken.p(0)).toBeCloseTo(1 - odds.truncated, 9);
  });

  it("a stunned defender: the Attack Check against CR 6 alone", () => {
    const odds = exchangeOdds(
      exchangeFile(
        { attackerAp: 2, defenderAp: 0, distance: 1, defenderStunned: true },
        { "ana:critical": "max-damage", "ana:legendary": "max-bypass", "gm:allow-slay": false },
      ),
    );
    const hit = checkTotal(9, NORMAL).atLeast(6);
    const p = odds.categories
      .filter((c) => c.category.endsWith("hit"))
      .reduce((s, c) => s + c.p, 0);
    expect(p).toBeCloseTo(hit, 12);
  });

  it("the designer's question: with 4 AP against a battle axe with 3, attacking twice deals more than blocking and attacking, and blocking saves some of the damage taken", () => {
    const twice = exchangeOdds(loadExchange("exchange-attack-twice.yaml"));
    const block = exchangeOdds(loadExchange("exchange-block-and-attack.yaml"));
    // The numbers of docs/rulesets/dungeons-of-olde.md (Aldric's legendary hits blind Brenna for
    // good: the critical policy's choice, not a rule).
    expect(twice.damage.mean()).toBeCloseTo(4.557, 3);
    expect(twice.damageTaken.mean()).toBeCloseTo(0.872, 3);
    expect(block.damage.mean()).toBeCloseTo(2.433, 3);
    expect(block.damageTaken.mean()).toBeCloseTo(0.596, 3);
    expect(twice.damage.mean()).toBeGreaterThan(block.damage.mean());
    expect(block.damageTaken.mean()).toBeLessThan(twice.damageTaken.mean());
    const sum = (o: typeof twice) => o.categories.reduce((s, c) => s + c.p, 0) + o.truncated;
    expect(sum(twice)).toBeCloseTo(1, 9);
    expect(sum(block)).toBeCloseTo(1, 9);
  });
});
