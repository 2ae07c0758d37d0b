// Knock Out/Stun Called Shots and Making A Called Shot: the knock-out blow (a crush called shot
// at the head and neck), its END check and chart, the armour that prevents it, and the coverage
// of a called area.
import { describe, expect, it } from "vitest";
import { conditionPenalty } from "./conditions.js";
import { encounterState, pair, meleeWith, who } from "../test-support/table.js";

const ANN = { actions: 1, strike: 6, damageBonus: 2, calledShots: true, attacks: ["club"] };
const ko = { "ann:action-1": "strike", "ann:strike": "club@knock-out", "bob:defence-1": "none" };

describe("Knock Out/Stun Called Shots", () => {
  it("harder than even a normal called shot (the called shot's penalty, and the strike must be over 10), and the defender has a chance to save against it (END)", () => {
    // Strike +6, the called shot's -5: a roll of 8 strikes 9, a hit but no knock-out blow.
    const weak = meleeWith(pair(ANN, { actions: 1, hp: 20, end: 50 }), [[8], [4]], ko);
    expect(weak.asked).toContain("gm:called-shot-penalty=5");
    expect(weak.explanations).toContain(
      "karn, Knock Out/Stun Called Shots: a knock-out blow not over 10: it strikes as a normal strike",
    );
    // A roll of 15 strikes 16: the knock-out blow, and Bob saves with his END check.
    const saved = meleeWith(pair(ANN, { actions: 1, hp: 20, end: 50 }), [[15], [4], [30]], ko);
    expect(saved.explanations).toContain(
      "karn, Knock Out/Stun Called Shots: Bob makes the END check (50%): no further effect",
    );
  });

  it("over 10: basic damage without damage bonuses, then an END check; failed, the knock-out chart: 61-80 is a stun", () => {
    const state = pair(ANN, { actions: 1, hp: 20, sp: 20, end: 50 });
    // 15 + 6 - 5 = 16; 1d6 = 4 (no bonus); END 80 fails; chart 70: Stun; 1D6 SP 3; 1D6 melees 2.
    const ctx = meleeWith(state, [[15], [4], [80], [70], [3], [2]], ko);
    expect(ctx.asked).toContain("gm:called-shot-penalty=5");
    expect(ctx.explanations).toContain(
      "karn, 6. Roll and apply damage (if any): Ann's strike at Bob with the club: 1d6 rolls 4 = 4 crush damage (no damage bonus on a knock-out blow)",
    );
    const bob = who(state, "bob");
    expect(bob.hp).toBe(16);
    expect(bob.sp).toBe(17);
    expect(bob.stunUntil).toBe(3);
  });

  it("the END check made: no further effect", () => {
    const state = pair(ANN, { actions: 1, hp: 20, end: 50 });
    const ctx = meleeWith(state, [[15], [4], [30]], ko);
    expect(ctx.explanations).toContain(
      "karn, Knock Out/Stun Called Shots: Bob makes the END check (50%): no further effect",
    );
  });

  it("a critical is an automatic knock out: unconscious 1D4 minutes, 2D6 SP, then a RES check each minute", () => {
    const state = pair(ANN, { actions: 1, hp: 20, sp: 20, res: 50 });
    const ctx = meleeWith(state, [[20], [4], [3, 3], [2]], ko);
    expect(ctx.explanations).toContain(
      "karn, Knock Out/Stun Called Shots: a critical knock-out blow: Bob is knocked out, no roll",
    );
    const bob = who(state, "bob");
    expect(bob.status).toBe("unconscious");
    expect(bob.wakeAt).toBe(13);
    state.melee = 12;
    const wake = meleeWith(state, [[10]], {});
    expect(wake.explanations).toContain(
      "karn, Knock Out/Stun Called Shots: Bob makes its RES check and wakes",
    );
  });

  it("under 10 but above 5: a normal strike, with the damage bonus", () => {
    const state = pair(ANN, { actions: 1, hp: 20 });
    const ctx = meleeWith(state, [[8], [4]], ko);
    expect(ctx.explanations).toContain(
      "karn, Knock Out/Stun Called Shots: a knock-out blow not over 10: it strikes as a normal strike",
    );
    expect(who(state, "bob").hp).toBe(14);
  });

  it("exactly 10 falls between the chapter's two cases: a normal strike by default, a knock-out with switch knockOutAtTen", () => {
    const normal = meleeWith(pair(ANN, { actions: 1, hp: 20 }), [[9], [4]], ko);
    expect(normal.explanations.some((e) => e.includes("not over 10"))).toBe(true);
    const switched = meleeWith(
      pair(ANN, { actions: 1, hp: 20 }, { knockOutAtTen: "knock-out" }),
      [[9], [4], [30]],
      ko,
    );
    expect(switched.explanations.some((e) => e.includes("a knock-out blow over 10"))).toBe(true);
  });

  it("the chart: 1-60 Woozy (1D6 melees, 1D4 SP), 61-80 Stun (1D6 melees, 1D6 SP), 81-90 Black Out (the rest of the melee, woozy 1D6 melees, 2D6 SP), 91-100 Knock Out (1D4 minutes, 2D6 SP)", () => {
    /** Bob fails his END check in melee 1 and the chart rolls `roll`; its dice roll 3s and 2s. */
    const chart = (roll: number, sp: readonly number[]) => {
      const state = pair(ANN, { actions: 1, hp: 20, sp: 20, end: 50 });
      const ctx = meleeWith(state, [[15], [4], [80], [roll], sp, [2]], ko);
      const bob = who(state, "bob");
      return {
        dice: ctx.rolls.slice(4).map((r) => r.replace(/=\d+$/, "")),
        sp: bob.sp,
        status: bob.status,
        woozy: bob.woozyUntil,
        stunned: bob.stunUntil,
        wakes: bob.wakeAt,
      };
    };
    const after = { status: "fighting", woozy: 0, stunned: 0, wakes: 0 };
    expect(chart(60, [3])).toEqual({
      ...after,
      dice: ["Woozy: 1d4 SP damage", "Woozy: for how many melees (1D6)"],
      sp: 17,
      woozy: 3,
    });
    expect(chart(61, [3])).toEqual({
      ...after,
      dice: ["Stun: 1d6 SP damage", "Stun: for how many melees (1D6)"],
      sp: 17,
      stunned: 3,
    });
    expect(chart(90, [3, 3])).toEqual({
      ...after,
      dice: ["Black Out: 2d6 SP damage", "Black Out: for how many melees (1D6)"],
      sp: 14,
      woozy: 3,
    });
    expect(chart(91, [3, 3])).toEqual({
      ...after,
      dice: ["Knock Out: 2d6 SP damage", "Knock Out: minutes unconscious (1D4)"],
      sp: 14,
      status: "unconscious",
      wakes: 1 + 2 * 6,
    });
  });

  it("Black Out (81-90): no actions or defences for the rest of the melee, then woozy", () => {
    const state = pair(
      { ...ANN, actions: 2 },
      { actions: 1, hp: 20, counterstrike: true, strike: 2, attacks: ["club"] },
    );
    const ctx = meleeWith(state, [[15], [4], [80], [85], [3, 3], [2]], {
      ...ko,
      "ann:action-2": "save",
      "bob:counter-1": "none",
    });
    expect(
      ctx.explanations.some((e) =>
        e.includes("Black Out: Bob is blacked out for the rest of this melee"),
      ),
    ).toBe(true);
    expect(who(state, "bob").woozyUntil).toBe(3);
  });

  it("armour that fully protects the back of the head and neck prevents the knock-out", () => {
    const state = pair(ANN, { actions: 1, hp: 20, armour: "plate" });
    const ctx = meleeWith(state, [[15], [4]], ko);
    expect(ctx.asked).toContain("gm:neck-protected=true");
    expect(ctx.explanations).toContain(
      "karn, Knock Out/Stun Called Shots: Bob's armour protects the back of its head and neck: no knock-out",
    );
  });
});

describe("Making A Called Shot", () => {
  const leggings = {
    cov: 8,
    hp: 20,
    ratings: { cut: "2 (3)" },
    areas: { "arm-or-leg": 24, head: 12 },
  };
  const SWORD = { actions: 1, strike: 3, calledShots: true, attacks: ["longsword"] };

  it("only the called area's coverage counts: a leg fully covered cannot be struck past the armour", () => {
    const state = pair(SWORD, { actions: 1, hp: 20, armour: leggings });
    const ctx = meleeWith(state, [[19], [6]], {
      "ann:action-1": "strike",
      "ann:strike": "longsword@arm-or-leg",
      "bob:defence-1": "none",
    });
    expect(ctx.asked).toContain("gm:called-shot-penalty=2");
    expect(ctx.asked).toContain("gm:called-cov=24");
    expect(who(state, "bob").hp).toBe(16);
  });

  it("an area half covered (a hat on the head): the GM gives it a COV, around 12", () => {
    const state = pair(SWORD, { actions: 1, hp: 20, armour: leggings });
    const ctx = meleeWith(state, [[16], [6]], {
      "ann:action-1": "strike",
      "ann:strike": "longsword@head",
      "bob:defence-1": "none",
    });
    expect(ctx.asked).toContain("gm:called-cov=12");
    expect(who(state, "bob").hp).toBe(14);
  });

  it("called shots are offered to combatants with calledShots; the knock-out blow only with a crush attack", () => {
    const state = pair({ ...SWORD, attacks: ["longsword", "club"] }, { actions: 1 });
    const ctx = meleeWith(state, [], { "ann:action-1": "strike" });
    expect(ctx.asked.some((a) => a.startsWith("ann:strike="))).toBe(true);
    const plain = pair({ actions: 1, attacks: ["longsword"] }, { actions: 1 });
    expect(
      meleeWith(plain, [], { "ann:action-1": "strike" }).asked.some((a) =>
        a.startsWith("ann:strike="),
      ),
    ).toBe(false);
  });
});

describe("Knock Out/Stun Called Shots: the chart's conditions", () => {
  it("woozy: -2 on all combat actions and -20% on all skills; stunned: -4", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const salemath = who(state, "salemath");
    salemath.woozyUntil = 3;
    expect(conditionPenalty(state, salemath)).toBe(2);
    const ctx = meleeWith(state, [[1], [14], [5]], {
      "salemath:action-1": "skill:pick-locks",
      "salemath:action-2": "save",
      "chip:flee": false,
      "chip:counter-1": "none",
    });
    expect(
      ctx.explanations.some((e) => e.includes("attempts pick-locks at half its 60% = 10%")),
    ).toBe(true);
    salemath.stunUntil = 3;
    expect(conditionPenalty(state, salemath)).toBe(6);
  });
});
