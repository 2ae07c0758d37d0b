import { describe, expect, it } from "vitest";
import { adviseDecision } from "./advice.js";
import type { Answer } from "./answers.js";
import { parseEncounterFile } from "./encounter-file.js";
import { fightOdds } from "./fight-odds.js";
import { skirmish } from "./test-support/skirmish.js";
import type { Ruleset } from "./ruleset.js";

const registry = { skirmish: skirmish as unknown as Ruleset };
const encounter = (bobHp: number, extra: object[] = []) =>
  parseEncounterFile(
    {
      ruleset: "skirmish",
      sides: [{ id: "red" }, { id: "blue" }],
      combatants: [
        { id: "ann", name: "Ann", side: "red", hp: 12, damage: "d6" },
        ...extra,
        { id: "bob", name: "Bob", side: "blue", hp: bobHp, damage: "2d6" },
      ],
    },
    registry,
    "test",
  );
const decide = (actor: string, question: string, value: string): Answer => ({
  kind: "decide",
  actor,
  question,
  value,
});

/** A blow in the skirmish fixture, by brute force: the die, the reckless d4, the bonus point on 6+. */
function blows(die: number, reckless: boolean): { dmg: number; p: number }[] {
  const out: { dmg: number; p: number }[] = [];
  for (let d = 1; d <= die; d += 1) {
    for (let e = 1; e <= (reckless ? 4 : 1); e += 1) {
      let dmg = reckless ? d + e - 2 : d;
      if (dmg >= 6) dmg += 1;
      out.push({ dmg: Math.max(0, dmg), p: 1 / die / (reckless ? 4 : 1) });
    }
  }
  return out;
}
const mean = (xs: { dmg: number; p: number }[]) => xs.reduce((s, x) => s + x.p * x.dmg, 0);
// Bob's careful 2d6 blow: 7 on average, plus the bonus point whenever it makes 6 or more.
const BOB_CAREFUL = 7 + 26 / 36;

describe("the advisor", () => {
  it("gives the exact expected damage of each stance, both ways, and ranks the better first", () => {
    const advice = adviseDecision(encounter(10), [decide("ann", "target", "bob")]);
    expect(advice).toMatchObject({
      actor: "ann",
      side: "red",
      question: "stance",
      round: 1,
      method: "exact",
      truncated: 0,
    });
    const by = Object.fromEntries(advice.options.map((o) => [o.value as string, o]));
    expect(by.careful!.dealt!.value).toBeCloseTo(mean(blows(6, false)), 12);
    expect(by.careful!.dealt!.value).toBeCloseTo(22 / 6, 12);
    expect(by.reckless!.dealt!.value).toBeCloseTo(mean(blows(6, true)), 12);
    // Bob (10 HP) survives any blow and answers carefully against Ann's 12 HP.
    expect(by.careful!.taken!.value).toBeCloseTo(BOB_CAREFUL, 12);
    expect(by.reckless!.taken!.value).toBeCloseTo(BOB_CAREFUL, 12);
    expect(by.reckless!.combatants.find((c) => c.id === "bob")!.out.value).toBe(0);
    expect(by.careful!.dealt!.half).toBe(0);
    expect(advice.options.map((o) => o.value)).toEqual(["reckless", "careful"]);
    expect(by.reckless!.policy).toBe(true);
  });

  it("gives the exact chance of taking the foe out, and of winning, this round", () => {
    const advice = adviseDecision(encounter(5), [decide("ann", "target", "bob")]);
    const by = Object.fromEntries(advice.options.map((o) => [o.value as string, o]));
    const pOut = (reckless: boolean) =>
      blows(6, reckless)
        .filter((b) => b.dmg >= 5)
        .reduce((s, b) => s + b.p, 0);
    expect(by.careful!.combatants.find((c) => c.id === "bob")!.out.value).toBeCloseTo(
      pOut(false),
      12,
    );
    expect(by.careful!.win!.value).toBeCloseTo(2 / 6, 12);
    expect(by.reckless!.win!.value).toBeCloseTo(pOut(true), 12);
    // Bob hits back only when he is still standing.
    expect(by.careful!.taken!.value).toBeCloseTo((1 - 2 / 6) * BOB_CAREFUL, 12);
    expect(advice.options[0]!.value).toBe(pOut(true) > pOut(false) ? "reckless" : "careful");
  });

  it("counts only what happens from the pending decision on, with the round's answers so far fixed", () => {
    const def = encounter(14, [{ id: "cat", name: "Cat", side: "red", hp: 6, damage: "d4" }]);
    const answers: Answer[] = [
      decide("ann", "target", "bob"),
      decide("ann", "stance", "careful"),
      { kind: "roll", label: "Ann's damage", value: 4 },
      decide("cat", "target", "bob"),
    ];
    const advice = adviseDecision(def, answers);
    expect(advice.actor).toBe("cat");
    const careful = advice.options.find((o) => o.value === "careful")!;
    expect(careful.dealt!.value).toBeCloseTo(2.5, 12);
    expect(careful.combatants.find((c) => c.id === "ann")!.loss.value).toBe(0);
  });

  it("samples a round too large to enumerate until its ranking is sure, says so, and its intervals hold the exact values", () => {
    const exact = adviseDecision(encounter(10), [decide("ann", "target", "bob")]);
    const sampled = adviseDecision(encounter(10), [decide("ann", "target", "bob")], {
      exactBudget: 3,
      samples: 20_000,
      seed: 9,
    });
    expect(sampled.method).toBe("sampled");
    // Ann wins with neither (her best blow leaves Bob, 10 HP, standing), and Bob's careful answer
    // takes her out as often after either (1/12): the chances are shown the same, and the health
    // balance (reckless 7/12 HP better, exactly) orders them, sure from 10,000 samples of each.
    expect(sampled).toMatchObject({ runs: 10_000, sure: true });
    expect(sampled.options.map((o) => o.value)).toEqual(exact.options.map((o) => o.value));
    // A GM decision (the bonus point of Ann's 6) is not ranked, and the fight horizon is ranked by
    // whole fights: both take every sample asked for.
    const gm = adviseDecision(
      encounter(10),
      [
        decide("ann", "target", "bob"),
        decide("ann", "stance", "careful"),
        { kind: "roll", label: "Ann's damage", value: 6 },
      ],
      { exactBudget: 3, samples: 4000, seed: 9 },
    );
    expect(gm).toMatchObject({ actor: "gm", method: "sampled", runs: 4000 });
    const fight = adviseDecision(encounter(10), [decide("ann", "target", "bob")], {
      exactBudget: 3,
      samples: 4000,
      seed: 9,
      horizon: "fight",
    });
    expect(fight).toMatchObject({ method: "sampled", runs: 4000 });
    expect([gm.sure, fight.sure]).toEqual([undefined, undefined]);
    for (const o of sampled.options) {
      const e = exact.options.find((x) => x.value === o.value)!;
      expect(o.dealt!.half).toBeGreaterThan(0);
      expect(Math.abs(o.dealt!.value - e.dealt!.value)).toBeLessThan(o.dealt!.half);
      expect(Math.abs(o.taken!.value - e.taken!.value)).toBeLessThan(o.taken!.half);
    }
  });

  it("to the end of the fight, gives each option's exact chance of winning and losing the fight", () => {
    const def = encounter(14);
    const answers = [decide("ann", "target", "bob")];
    const advice = adviseDecision(def, answers, { horizon: "fight" });
    expect(advice.horizon).toBe("fight");
    expect(advice.fight).toMatchObject({ method: "exact", samples: 0 });
    expect(advice.fight!.unresolved).toBeLessThan(1e-12);
    expect(advice.fight!.states).toBeGreaterThan(10);
    for (const o of advice.options) {
      const odds = fightOdds(def, [...answers, decide("ann", "stance", o.value as string)]);
      expect(o.win!.value).toBeCloseTo(odds.sides[0]!.win, 12);
      expect(o.lose!.value).toBeCloseTo(odds.sides[1]!.win, 12);
      expect(o.win!.half).toBe(0);
    }
    // The damage figures stay those of the round (summed in another order: the round horizon
    // adds each stretch's ends as their mean).
    const round = adviseDecision(def, answers);
    const careful = (a: typeof advice) => a.options.find((o) => o.value === "careful")!;
    expect(careful(advice).dealt!.value).toBeCloseTo(careful(round).dealt!.value, 12);
    expect(careful(advice).dealt!.half).toBe(0);
    expect(careful(round).dealt!.half).toBe(0);
    expect(careful(advice).win!.value).toBeGreaterThan(careful(round).win!.value);
  });

  it("samples whole fights when the fight has too many states, and its intervals hold the exact values", () => {
    const def = encounter(14);
    const answers = [decide("ann", "target", "bob")];
    const exact = adviseDecision(def, answers, { horizon: "fight" });
    const sampled = adviseDecision(def, answers, {
      horizon: "fight",
      maxStates: 20,
      samples: 4000,
      seed: 3,
    });
    expect(sampled.method).toBe("exact");
    expect(sampled.fight).toMatchObject({ method: "sampled", samples: 4000 });
    for (const o of sampled.options) {
      const e = exact.options.find((x) => x.value === o.value)!;
      expect(o.win!.half).toBeGreaterThan(0);
      expect(Math.abs(o.win!.value - e.win!.value)).toBeLessThan(o.win!.half);
      expect(Math.abs(o.lose!.value - e.lose!.value)).toBeLessThan(o.lose!.half);
    }
  });

  it("counts damage in the ruleset's unit of health when it gives one, and in none otherwise", () => {
    const answers = [decide("ann", "target", "bob")];
    expect(adviseDecision(encounter(10), answers).unit).toBeUndefined();
    const inHp = { skirmish: { ...skirmish, healthUnit: "HP" } as unknown as Ruleset };
    const def = parseEncounterFile(
      { ...(encounter(10).file as object), ruleset: "skirmish" },
      inHp,
      "test",
    );
    expect(adviseDecision(def, answers).unit).toBe("HP");
  });

  it("refuses when the encounter waits for a roll", () => {
    const def = encounter(10);
    expect(() =>
      adviseDecision(def, [decide("ann", "target", "bob"), decide("ann", "stance", "careful")]),
    ).toThrow(/waits for a roll \(Ann's damage\)/);
  });
});
