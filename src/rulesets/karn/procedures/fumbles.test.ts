// Fumble: the GM's choice between the chart and a ruling, and each line of the chart.
import { describe, expect, it } from "vitest";
import { pair, meleeWith, who } from "../test-support/table.js";

const ANN = { actions: 2, strike: 3, sp: 20, attacks: ["longsword", "punch"] };
const go = {
  "ann:action-1": "strike",
  "ann:action-2": "strike",
  "ann:strike": "longsword",
  "bob:defence-1": "none",
  "bob:defence-2": "none",
};

/** The strike rolls (not the damage rolls) among the rolls made. */
function strikes(rolls: readonly string[]): string[] {
  return rolls.filter((r) => r.startsWith("Ann's strike") && !r.includes(": damage"));
}

function fumbled(
  chart: readonly (readonly number[])[],
  more = {},
  bob = {},
  first: readonly number[] = [1],
) {
  const state = pair(ANN, { actions: 1, hp: 30, ...bob });
  const ctx = meleeWith(state, [first, ...chart], { ...go, ...more });
  return { state, ctx, ann: who(state, "ann") };
}

describe("Fumble", () => {
  it("Bad Miss (Swing 01-20): -1 on the next action, and 1 SP", () => {
    const { ann, ctx } = fumbled([[10], [10]]);
    expect(ann.sp).toBe(19);
    expect(
      ctx.explanations.find((e) => e.includes("Ann's strike at Bob with the longsword at +2")),
    ).toBeDefined();
    expect(ann.badMiss).toBe(0);
  });

  it("All Turned Around (21-50): -1 on all rolls this melee and the next, 2 SP", () => {
    const { ann } = fumbled([[30]]);
    expect(ann.turnedUntil).toBe(2);
    expect(ann.sp).toBe(18);
  });

  it("Dropped Weapon (Swing 51-60): at its feet, 1D6 to the weapon and 1D6 SP; a remaining action set to use it picks it up, the others are cancelled", () => {
    const club = { name: "Club", damage: "1d6", types: ["crush"], kind: "swing", hp: 10 };
    const three = { actions: 3, strike: 3, sp: 20, attacks: [club] };
    const go3 = {
      "ann:action-1": "strike",
      "ann:action-2": "strike",
      "ann:action-3": "strike",
      "bob:defence-1": "none",
      "bob:defence-2": "none",
      "bob:defence-3": "none",
    };
    // The natural 1, the chart's 55, 1D6 = 4 SP, 1D6 = 3 to the club; action 2 picks it up and
    // action 3 strikes.
    const picked = pair(three, { actions: 1, hp: 30 });
    const ctx = meleeWith(picked, [[1], [55], [4], [3], [12], [2]], go3);
    const ann = who(picked, "ann");
    expect(ann.sp).toBe(16);
    expect(ann.weaponDamage[0]).toBe(3);
    expect(ctx.explanations).toContain(
      "karn, Fumble: Ann spends a full action picking up its Club",
    );
    expect(strikes(ctx.rolls)).toHaveLength(2);
    expect(ann.held[0]).toBe(0);
    // Left at its feet, both other strikes are cancelled.
    const left = pair(three, { actions: 1, hp: 30 });
    const dropped = meleeWith(left, [[1], [55], [4], [3]], { ...go3, "ann:pick-up": false });
    expect(strikes(dropped.rolls)).toHaveLength(1);
    expect(dropped.left).toBe(0);
    expect(who(left, "ann").held[0]).not.toBe(0);
  });

  it("Flung Weapon (61-80): the weapon is off that a way, 2D4 SP; its actions this melee are cancelled, and a melee retrieves it", () => {
    const { state, ann, ctx } = fumbled([[70], [2, 2]]);
    expect(ann.held[0]).toBe(2);
    expect(ann.sp).toBe(16);
    expect(ctx.left).toBe(0);
    const next = meleeWith(state, [], { "ann:action-1": "retrieve:longsword" });
    expect(next.explanations).toContain("karn, Fumble: Ann has its Longsword back in hand");
    expect(ann.held[0]).toBe(0);
  });

  it("Overexerted Self (81-90): -1 on all combat rolls and -10% on physical skills for the rest of the fight, 2D4 SP", () => {
    const { ann } = fumbled([[85], [1, 1], [10]]);
    expect(ann.lasting).toBe(1);
    expect(ann.skillPenalty).toBe(10);
  });

  it("Hit Other (91-00): a wild strike without bonuses at someone in range, the fumbler included; 3D6 SP for striking oneself", () => {
    // 1D2 picks Ann herself; the wild strike rolls 10: a hit; 1d8 = 3; then 3D6 SP.
    const { ann, ctx } = fumbled([[95], [1], [10], [3], [2, 2, 2]]);
    expect(ctx.explanations).toContain("karn, Fumble: Hit Other: Ann's wild strike at Ann: a hit");
    expect(ctx.explanations).toContain(
      "karn, Fumble: Hit Other: striking at Ann costs Ann 3d6: 6 SP (14 SP left)",
    );
    expect(ann.hp).toBe(ann.maxHp - 3);
    expect(ann.sp).toBe(20 - 6);
  });

  it("Hit Other at an opponent who is dodging: the dodge counts; 1D6 SP", () => {
    const { ctx, ann } = fumbled(
      [[95], [2], [10, 20], [4], [12, 20]],
      { "bob:defence-1": "dodge" },
      { dodge: 2 },
      [1, 10],
    );
    expect(ctx.explanations).toContain(
      "karn, Fumble: Hit Other: Ann's wild strike at Bob: Bob's dodge takes it",
    );
    expect(ann.sp).toBe(16);
  });

  it("switch hitOtherStamina on-hit: a wild strike that misses costs no SP", () => {
    const state = pair(ANN, { actions: 1, hp: 30 }, { hitOtherStamina: "on-hit" });
    meleeWith(state, [[1], [95], [2], [2], [10]], go);
    expect(who(state, "ann").sp).toBe(20);
  });

  it("the GM may rule the fumble instead of rolling; hand to hand attacks cannot drop a weapon", () => {
    const { ann, ctx } = fumbled([[10]], { "gm:fumble": "all-turned-around" });
    expect(ann.turnedUntil).toBe(2);
    expect(ctx.rolls.some((r) => r.startsWith("fumble chart"))).toBe(false);
    const state = pair({ ...ANN, attacks: ["punch"] }, { actions: 1 });
    expect(() =>
      meleeWith(state, [[1]], { ...go, "ann:strike": "punch", "gm:fumble": "dropped-weapon" }),
    ).toThrow(/not one of the options/);
  });

  it("switch defenceFumbles chart: a defence's natural 1 rolls on the fumble chart too", () => {
    const state = pair(
      { actions: 1, strike: 3, attacks: ["longsword"] },
      { actions: 1, hp: 30, block: 2, sp: 20 },
      {
        defenceFumbles: "chart",
      },
    );
    const ctx = meleeWith(state, [[10, 1], [10]], {
      "ann:action-1": "strike",
      "bob:defence-1": "block",
    });
    expect(ctx.explanations.some((e) => e.startsWith("karn, Fumble: Bad Miss: Bob"))).toBe(true);
  });
});
