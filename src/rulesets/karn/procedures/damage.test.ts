// 6. Roll and apply damage and Timing Within A Melee: a magical field first, then armour, then
// natural armour; wrecked armour; both sides' actions finish, so two may kill each other; an
// overkill; burn, electrical and chemical damage; pierce's rules.
import { describe, expect, it } from "vitest";
import { DAMAGE_TYPES } from "../data/damage-types.js";
import { throughArmour } from "./damage.js";
import { pair, meleeWith, who } from "../test-support/table.js";

const ANN = { actions: 1, strike: 3, attacks: ["longsword"] };
const strike = { "ann:action-1": "strike", "bob:defence-1": "none" };

describe("6. Roll and apply damage: where the damage goes", () => {
  it("a magical protective field takes damage first, then the armour, then natural armour", () => {
    const state = pair(ANN, {
      actions: 1,
      hp: 20,
      field: 3,
      natural: { cut: 1 },
      armour: { cov: 24, hp: 10, ratings: { cut: "2 (3)" } },
    });
    // Strike 10 + 3 = 13, on the armour (COV 24); 1d8 rolls 8.
    const ctx = meleeWith(state, [[10], [8]], strike);
    expect(ctx.explanations).toContain(
      "karn, 6. Roll and apply damage (if any): Bob's magical field takes 3 first (0 left); 5 goes on",
    );
    expect(ctx.explanations).toContain(
      "karn, Armor And Clothing: Bob's natural armour against cut (1) takes 3 to 2",
    );
    expect(who(state, "bob").hp).toBe(18);
    expect(who(state, "bob").armourHp).toBe(7);
  });

  it("armour whose hit points are gone no longer protects", () => {
    const state = pair(ANN, {
      actions: 1,
      hp: 30,
      armour: { cov: 24, hp: 2, ratings: { cut: "4 (3)" } },
    });
    const ctx = meleeWith(state, [[10], [8]], strike);
    expect(ctx.explanations).toContain(
      "karn, Armor And Clothing: the strike is at or under Bob's COV: Bob's custom armour (cut 4 (3)) stops 4 of 8, 4 get through; the armour takes 2 (0 HP left: it no longer protects)",
    );
    const again = meleeWith(state, [[10], [8]], strike);
    expect(again.explanations).toContain(
      "karn, Armor And Clothing: Bob's custom armour is wrecked and no longer protects",
    );
    expect(who(state, "bob").hp).toBe(30 - 4 - 8);
  });

  it("the armour takes damage up to its damage rating, whatever gets through", () => {
    expect(
      throughArmour(
        {
          name: "a",
          cov: 20,
          hp: 40,
          protection: [6, 0, 3, 0, 0, 0, 0],
          rating: [3, 0, 1, 0, 0, 0, 0],
          areas: {},
          protectsNeck: false,
        },
        40,
        5,
        0,
      ),
    ).toEqual({ through: 0, takes: 3 });
  });
});

describe("Timing Within A Melee: actions finish even when damage would kill", () => {
  const fragile = { actions: 1, hp: 1, strike: 3, counterstrike: true, attacks: ["longsword"] };

  it("Bob, struck down by Ann's blow, still makes his counterattack: they kill each other", () => {
    const state = pair({ ...ANN, hp: 1 }, fragile);
    const ctx = meleeWith(state, [[15], [8], [15], [8]], {
      ...strike,
      "bob:counter-1": "strike",
      "ann:answer-1": "none",
      "gm:overkill": false,
    });
    expect(ctx.left).toBe(0);
    expect(who(state, "ann").status).toBe("down");
    expect(who(state, "bob").status).toBe("down");
  });

  it("an overkill on the first blow: the GM may take the victim's later actions (never its first)", () => {
    const state = pair(ANN, { ...fragile, actions: 2, hp: 2 });
    const ctx = meleeWith(state, [[15], [8], [15], [4]], {
      ...strike,
      "bob:counter-1": "strike",
      "bob:counter-2": "strike",
      "ann:answer-1": "none",
      "ann:answer-2": "none",
    });
    expect(ctx.asked).toContain("gm:overkill=true");
    expect(ctx.explanations).toContain(
      "karn, Timing Within A Melee: overkill: Bob loses the rest of its actions but its first",
    );
    expect(
      ctx.rolls.filter((r) => r.startsWith("Bob's counterattack") && !r.includes("damage")),
    ).toHaveLength(1);
    expect(ctx.explanations).toContain(
      "karn, Timing Within A Melee: Bob's counterattack 2 cannot happen: Bob can no longer act",
    );
  });
});

describe("Other Physical Damage Types and Pierce (P)", () => {
  it("burn damage that gets through: the GM adds what the fire does", () => {
    const state = pair(
      {
        actions: 1,
        strike: 3,
        attacks: [{ name: "Torch", damage: "1d4", types: "burn", kind: "other" }],
      },
      { actions: 1, hp: 20 },
    );
    const ctx = meleeWith(state, [[10], [3]], { ...strike, "gm:elemental-damage": 2 });
    expect(ctx.explanations).toContain(
      "karn, Other Physical Damage Types: the GM adds 2 for the burn damage's effects",
    );
    expect(who(state, "bob").hp).toBe(15);
  });

  it("a hand to hand pierce-only attack gives +3 to the defence against it; a flail (crush and pierce) does not", () => {
    const blocked = (attack: string) => {
      const state = pair({ actions: 1, strike: 3, attacks: [attack] }, { actions: 1, block: 2 });
      return meleeWith(state, [[10, 10]], {
        "ann:action-1": "strike",
        "bob:defence-1": "block",
      }).explanations.find((e) => e.startsWith("karn, Strike Rolls And Defenses"));
    };
    expect(blocked("rapier")).toContain("against Bob's block +5");
    expect(blocked("ball-and-chain")).toContain("against Bob's block +2");
  });

  it("Hand to Hand Damage Types: cut, chop, crush and pierce; a weapon may cause several: a ball & chain's crush and pierce meets armour as crush, its first", () => {
    expect(DAMAGE_TYPES.slice(0, 4)).toEqual(["cut", "chop", "crush", "pierce"]);
    /** Bob's HP after a ball & chain's 5 on armour of `ratings`, and how the damage was named. */
    const blow = (ratings: Record<string, string>) => {
      const state = pair(
        { actions: 1, strike: 3, attacks: ["ball-and-chain"] },
        { actions: 1, hp: 20, armour: { cov: 24, hp: 10, ratings } },
      );
      const ctx = meleeWith(state, [[10], [5]], strike);
      expect(ctx.explanations).toContain(
        "karn, 6. Roll and apply damage (if any): Ann's strike at Bob with the ball & chain: 1d8 rolls 5 = 5 crush damage",
      );
      return who(state, "bob").hp;
    };
    expect(blow({ crush: "3 (1)" })).toBe(20 - 2);
    expect(blow({ pierce: "3 (1)" })).toBe(20 - 5);
  });

  it("only pierce damage from a single source has the 25% critical chance", () => {
    const state = pair(
      { actions: 1, strike: 3, attacks: ["ball-and-chain"] },
      { actions: 1, hp: 20 },
    );
    const ctx = meleeWith(state, [[10], [5]], strike);
    expect(ctx.rolls.some((r) => r.startsWith("pierce critical chance"))).toBe(false);
    expect(who(state, "bob").hp).toBe(15);
  });
});
