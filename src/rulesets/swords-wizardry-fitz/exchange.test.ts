// The exchange behind `fray odds`: exact odds against brute force over every physical die, and
// the designer's question, "how should a 7th-level fighter split a BCB of +4 between attack and
// AC?", answered with the chapter's own example split among the four answers.
import { beforeAll, describe, expect, it } from "vitest";
import { cloneState } from "../../engine/clone.js";
import { exchangeOdds, type ExchangeOdds } from "../../engine/exchange.js";
import type { Json, JsonObject } from "../../engine/json.js";
import { expectExactAgreesWithDice } from "../../engine/test-support/brute-force.js";
import { Playbook } from "../../engine/tactics.js";
import { exchange } from "./exchange.js";
import { swordsWizardryFitz } from "./index.js";
import { combatantStatsSchema } from "./schema.js";
import { DEFAULT_SWITCHES } from "./switches.js";
import { loadExchange } from "./test-support/play.js";

const spec = (id: string, stats: JsonObject) => ({
  id,
  name: id,
  side: id,
  stats: combatantStatsSchema.parse(stats) as unknown as JsonObject,
});

function compare(
  attacker: JsonObject,
  defender: JsonObject,
  situation: JsonObject,
  decisions: Record<string, Json>,
) {
  const initial = exchange.setup(
    spec("ann", attacker),
    spec("bob", defender),
    situation,
    DEFAULT_SWITCHES as unknown as JsonObject,
  );
  return expectExactAgreesWithDice(
    (ctx) => exchange.run(cloneState(initial), ctx),
    decisions,
    new Playbook(swordsWizardryFitz.tactics),
  );
}

// Small dice keep brute force quick: every die of every roll is enumerated face by face.
const brawler = (hp: number) => ({
  hitDice: 1,
  hitPoints: hp,
  ac: 12,
  dex: 3,
  weapons: [{ name: "cosh", damage: "1d2" }],
});

describe("exact odds of an exchange agree with brute force over every die", () => {
  it("two monsters trade blows on the same count, fumbles and their free attacks included", () => {
    const odds = compare(
      brawler(20),
      brawler(20),
      { distance: 5, initiative: "simultaneous" },
      { "ann:bcb": 1, "bob:bcb": 0 },
    );
    expect(odds.size).toBeGreaterThan(10);
  });

  it("down to 0 hit points: the save versus death, and the natural 1 that kills", () => {
    compare(
      brawler(20),
      brawler(2),
      { distance: 5, initiative: "attacker-first", defenderAttacks: false },
      { "ann:bcb": 1 },
    );
  });

  it("a character struck by a natural 20 rolls effect and save on the Mighty Blows chart", () => {
    compare(
      brawler(20),
      { level: 6, class: "magic-user", bcb: 0, save: 10, hitPoints: 30 },
      { distance: 5, initiative: "attacker-first", defenderAttacks: false },
      { "ann:bcb": 1 },
    );
  });
});

describe("how should a 7th-level fighter split a BCB of +4 between attack and AC?", () => {
  // Hal acting first keeps these small (the files roll for it; conformance checks them as they are).
  const odds: Record<string, ExchangeOdds> = {};
  beforeAll(() => {
    const file = loadExchange("exchange-bcb-even.yaml");
    const def = { ...file, situation: { ...file.situation, initiative: "attacker-first" } };
    for (const [f, split] of [
      ["attack", 4],
      ["even", 2],
      ["defence", 0],
      ["defend", "defend"],
    ] as const)
      odds[f] = exchangeOdds(def, { "hal:bcb": split });
  });
  const p = (o: ExchangeOdds, c: string) => o.categories.find((x) => x.category === c)!.p;

  it("each answer's categories sum to one", () => {
    for (const o of Object.values(odds))
      expect(o.categories.reduce((s, c) => s + c.p, 0)).toBeCloseTo(1, 12);
  });

  it("every point moved to attack deals more and takes more; fighting defensively deals nothing and takes least", () => {
    const order = ["defence", "even", "attack"].map((k) => odds[k]!);
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i]!.damage.mean()).toBeGreaterThan(order[i - 1]!.damage.mean());
      expect(order[i]!.damageTaken.mean()).toBeGreaterThan(order[i - 1]!.damageTaken.mean());
    }
    expect(odds.defend!.damage.mean()).toBe(0);
    expect(p(odds.defend!, "no attack")).toBeCloseTo(1, 12);
  });

  it("fighting defensively is +2 AC over all of it on AC against the same blows, but it frees the ogre to put its own BCB on attack", () => {
    const file = loadExchange("exchange-bcb-even.yaml");
    const def = { ...file, situation: { ...file.situation, initiative: "attacker-first" } };
    const same = (hal: Json) =>
      exchangeOdds(def, { "hal:bcb": hal, "ogre:bcb": 4 }).damageTaken.mean();
    expect(same("defend")).toBeLessThan(same(0));
    // Left to its policy, the ogre answers a defender that cannot hurt it with everything on attack.
    expect(odds.defend!.damageTaken.mean()).toBeGreaterThan(odds.defence!.damageTaken.mean());
  });

  it("a natural 1 is a fumble and a natural 20 against the ogre always a Mighty Blow chance (5% each, when Hal attacks at all)", () => {
    for (const k of ["attack", "even", "defence"]) {
      const attacked = 1 - p(odds[k]!, "no attack");
      expect(p(odds[k]!, "fumble")).toBeCloseTo(attacked / 20, 12);
      expect(p(odds[k]!, "mighty blow")).toBeCloseTo(attacked / 20, 12);
    }
  });

  it("one blow by hand: +2 of the BCB on attack against AC 15, the ogre all on attack, Hal first", () => {
    const def = loadExchange("exchange-bcb-even.yaml");
    const o = exchangeOdds(
      { ...def, situation: { distance: 5, initiative: "attacker-first", defenderAttacks: false } },
      { "hal:bcb": 2, "ogre:bcb": 4 },
    );
    // d20 + 2 BCB + 1 STR against AC 15: 12 or more; the ogre's BCB went to attack, not AC.
    expect(p(o, "hit")).toBeCloseTo(8 / 20, 12);
    expect(p(o, "miss")).toBeCloseTo(10 / 20, 12);
    expect(o.damage.mean()).toBeCloseTo((9 / 20) * 5.5, 12);
  });
});
