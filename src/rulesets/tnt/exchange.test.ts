// The exchange behind `fray odds`: exact odds against brute force over every physical die, and
// the designer's question "attack with 3 dice, or with 2 and defend with 1?".
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cloneState } from "../../engine/clone.js";
import { enumerateExact } from "../../engine/drivers/exact.js";
import { parseExchangeFile } from "../../engine/encounter-file.js";
import { exchangeOdds, type ExchangeOdds } from "../../engine/exchange.js";
import type { Json, JsonObject } from "../../engine/json.js";
import { expectExactAgreesWithDice } from "../../engine/test-support/brute-force.js";
import { Playbook } from "../../engine/tactics.js";
import { exchange } from "./exchange.js";
import { tnt } from "./index.js";
import { DEFAULT_SWITCHES } from "./switches.js";
import { spec } from "./test-support/fixtures.js";

function compare(
  attacker: JsonObject,
  defender: JsonObject,
  situation: JsonObject,
  decisions: Record<string, Json>,
  switches: JsonObject = {},
) {
  const initial = exchange.setup(
    spec("ann", "a", attacker),
    spec("bob", "b", defender),
    situation,
    {
      ...(DEFAULT_SWITCHES as unknown as JsonObject),
      ...switches,
    },
  );
  return expectExactAgreesWithDice(
    (ctx) => exchange.run(cloneState(initial), ctx),
    decisions,
    new Playbook(tnt.tactics),
  );
}

// Small dice keep brute force quick: every die of every roll is enumerated face by face.
const SMALL_CRITS = { critDice: { blunt: 2, pierce: 3, chop: 2, slash: 2 } };
const KNIFE = {
  name: "Knife",
  damageDie: 3,
  damageType: "pierce",
  speed: 3,
  defence: 1,
  small: true,
};
const COSH = { name: "Cosh", damageDie: 2, damageType: "blunt", reach: 1, speed: 1 };

describe("exact odds of an exchange agree with brute force over every die", () => {
  it("attack against active defence with a shield's extra die", () => {
    const odds = compare(
      { combatDice: 2, attackSkill: 2, weapon: KNIFE },
      { combatDice: 2, defenceSkill: 1, weapon: KNIFE, shield: "buckler", hitPoints: 4 },
      { range: "melee", defenderAttacks: false },
      { "ann:attack-dice": 1, "bob:defence": 1, "ann:move": "stay", "ann:grapple": false },
      { ...SMALL_CRITS, counterAttack: "off" },
    );
    expect(odds.size).toBeGreaterThan(5);
  });

  it("a successful active defence and the counter-attack with the leftover die", () => {
    compare(
      { combatDice: 2, attackSkill: 2, weapon: KNIFE, hitPoints: 3 },
      { combatDice: 2, defenceSkill: 1, weapon: KNIFE },
      { range: "melee", defenderAttacks: false },
      {
        "ann:attack-dice": 1,
        "bob:defence": 1,
        "bob:counter": 1,
        "ann:move": "stay",
        "ann:grapple": false,
      },
      SMALL_CRITS,
    );
  });

  it("Attack in Anger, the Master Stroke, critical damage and the blunt rider's CON save", () => {
    compare(
      { combatDice: 3, attackSkill: 4, damageBonus: 1, weapon: COSH },
      { combatDice: 1, defenceSkill: 1, weapon: KNIFE, armour: "gambeson", conSave: 1 },
      { range: "onset", defenderAttacks: false },
      {
        "ann:attack-dice": 3,
        "ann:anger": true,
        "ann:bypass": false,
        "bob:defence": 0,
        "ann:move": "stay",
      },
      { ...SMALL_CRITS, ridersOnBasicHits: true },
    );
  });
});

function load(file: string, switches: JsonObject = {}) {
  const raw = parse(readFileSync(`examples/tnt/${file}`, "utf8")) as JsonObject;
  return parseExchangeFile({ ...raw, switches }, { tnt }, file);
}

describe("is it better to attack with 3 dice or with 2 and defend with 1?", () => {
  let three: ExchangeOdds;
  let twoAndOne: ExchangeOdds;
  // Two exact enumerations of a whole round: seconds each, more on a busy machine.
  beforeAll(() => {
    three = exchangeOdds(load("exchange-attack-3.yaml"));
    twoAndOne = exchangeOdds(load("exchange-attack-2-defend-1.yaml"));
  }, 60_000);
  const p = (odds: ExchangeOdds, category: string) =>
    odds.categories.find((c) => c.category === category)!.p;

  it("each answer's categories sum to one", () => {
    for (const odds of [three, twoAndOne]) {
      expect(odds.categories.reduce((s, c) => s + c.p, 0)).toBeCloseTo(1, 12);
      expect(p(odds, "no attack")).toBe(0);
    }
  });

  it("a natural 20 among the attack dice crits: 1 - (19/20)^3 with three dice, 1 - (19/20)^2 with two", () => {
    expect(p(three, "critical")).toBeCloseTo(1 - (19 / 20) ** 3, 12);
    expect(p(twoAndOne, "critical")).toBeCloseTo(1 - (19 / 20) ** 2, 12);
  });

  it("three dice deal more damage; keeping one for defence takes less", () => {
    expect(three.damage.mean()).toBeGreaterThan(twoAndOne.damage.mean());
    expect(twoAndOne.damageTaken.mean()).toBeLessThan(three.damageTaken.mean());
    // Brenna decides on her armour bypass after her roll (Calculate attack and defense scores),
    // so against a passive Aldric she bypasses his mail whenever her roll allows: the third die
    // deals 2.05 more damage but lets 2.23 more through.
    expect(three.damage.mean()).toBeCloseTo(7.93, 3);
    expect(three.damageTaken.mean()).toBeCloseTo(7.729, 3);
    expect(twoAndOne.damage.mean()).toBeCloseTo(5.876, 3);
    expect(twoAndOne.damageTaken.mean()).toBeCloseTo(5.499, 3);
    expect(three.damage.mean() - three.damageTaken.mean()).toBeLessThan(
      twoAndOne.damage.mean() - twoAndOne.damageTaken.mean(),
    );
    // The third die doubles Brenna's chance to go down in the round: 15.27% against 7.52%.
    expect(three.defenderOut).toBeCloseTo(0.15274, 4);
    expect(three.attackerOut).toBeCloseTo(0.02737, 4);
    expect(twoAndOne.defenderOut).toBeCloseTo(0.07522, 4);
    expect(twoAndOne.attackerOut).toBeCloseTo(0.02439, 4);
  });
});

describe("the armour bypass's two readings, in the same exchanges (docs/rulesets/tnt.md)", () => {
  it("declared before the roll (bypassDecided before-roll), Brenna bypasses Aldric's mail blind: less damage taken, Aldric's the same", () => {
    const before = { bypassDecided: "before-roll" };
    const three = exchangeOdds(load("exchange-attack-3.yaml", before));
    const twoAndOne = exchangeOdds(load("exchange-attack-2-defend-1.yaml", before));
    expect(three.damage.mean()).toBeCloseTo(7.93, 3);
    expect(three.damageTaken.mean()).toBeCloseTo(6.613, 3);
    expect(twoAndOne.damage.mean()).toBeCloseTo(5.876, 3);
    expect(twoAndOne.damageTaken.mean()).toBeCloseTo(5.319, 3);
    // Brenna out as often, Aldric less: 1.52% and 1.58% (2.74% and 2.44% after the roll).
    expect(three.defenderOut).toBeCloseTo(0.15274, 4);
    expect(three.attackerOut).toBeCloseTo(0.01519, 4);
    expect(twoAndOne.defenderOut).toBeCloseTo(0.07522, 4);
    expect(twoAndOne.attackerOut).toBeCloseTo(0.01584, 4);
  }, 60_000);
});

describe("the exchange's categories", () => {
  it("an attacker that keeps every die makes no attack", () => {
    const initial = exchange.setup(
      spec("ann", "a", { weapon: "longsword" }),
      spec("bob", "b", { weapon: "longsword" }),
      { defenderAttacks: false },
      DEFAULT_SWITCHES as unknown as JsonObject,
    );
    const odds = enumerateExact((ctx) => exchange.run(cloneState(initial), ctx), {
      tactics: new Playbook(tnt.tactics),
      decisions: { "ann:attack-dice": [], "ann:move": "stay" },
    });
    expect(
      odds.outcomes.every((o) => o.result.category === "no attack" && o.result.damage === 0),
    ).toBe(true);
  });
});
