// Ranged Attacks, Defending Against Ranged Attacks and Weapon Training.
import { describe, expect, it } from "vitest";
import { pair, meleeWith, who } from "../test-support/table.js";

const ARCHER = { actions: 1, strike: 3, attacks: ["longbow"] };

describe("Ranged Attacks and Defending Against Ranged Attacks", () => {
  it("the GM sets the range modifier; a modified strike of 10 or less misses", () => {
    const state = pair(ARCHER, { actions: 1 });
    const ctx = meleeWith(state, [[7]], { "ann:action-1": "strike", "bob:defence-1": "none" });
    expect(ctx.asked).toContain("gm:range-modifier=0");
    expect(ctx.explanations.some((e) => e.endsWith("a simple miss"))).toBe(true);
  });

  it("usually only a dodge, at -5 against a bow; the GM may allow a block or parry, very difficult", () => {
    const state = pair(ARCHER, { actions: 1, block: 4, dodge: 3 });
    const ctx = meleeWith(state, [[10, 10]], {
      "ann:action-1": "strike",
      "bob:defence-1": "dodge",
    });
    expect(ctx.asked).toContain("gm:ranged-defence=0");
    expect(ctx.explanations.some((e) => e.includes("against Bob's dodge -2"))).toBe(true);
    expect(() =>
      meleeWith(pair(ARCHER, { actions: 1, block: 4 }), [], {
        "ann:action-1": "strike",
        "bob:defence-1": "block",
      }),
    ).toThrow(/not one of the options/);
    const allowed = meleeWith(pair(ARCHER, { actions: 1, block: 4 }), [[10, 10]], {
      "ann:action-1": "strike",
      "gm:ranged-defence": 10,
      "bob:defence-1": "block",
    });
    expect(allowed.explanations.some((e) => e.includes("against Bob's block -6"))).toBe(true);
  });

  it("an item not made to be thrown is at -5 (a rock); one made for it has no penalty", () => {
    const rock = meleeWith(pair({ actions: 1, attacks: ["rock"] }, { actions: 1 }), [[10]], {
      "ann:action-1": "strike",
      "bob:defence-1": "none",
    });
    expect(rock.explanations.some((e) => e.includes("at Bob with the thrown rock at -5"))).toBe(
      true,
    );
  });
});

describe("Weapon Training", () => {
  it("Using Weapons: melee weapons are handled no differently than punches and kicks: the same strike roll against the same block, with the weapon's damage", () => {
    /** Ann strikes Bob's block with `weapon`: strike 15 + 3 against block 8 + 4, damage 4. */
    const strike = (weapon: string) => {
      const state = pair(
        { actions: 1, strike: 3, attacks: [weapon] },
        { actions: 1, block: 4, attacks: ["punch"], hp: 20 },
      );
      const ctx = meleeWith(state, [[15, 8], [4]], {
        "ann:action-1": "strike",
        "bob:defence-1": "block",
      });
      return { hp: who(state, "bob").hp, texts: ctx.explanations.slice(-3) };
    };
    expect(strike("punch")).toEqual({
      hp: 16,
      texts: [
        "karn, Strike Rolls And Defenses: Ann's strike at Bob with the punch at +3 against Bob's block +4: a hit; it gets past the block",
        "karn, 6. Roll and apply damage (if any): Ann's strike at Bob with the punch: 1d4 rolls 4 = 4 crush damage",
        "karn, 6. Roll and apply damage (if any): Bob takes 4: 16 of 20 HP",
      ],
    });
    expect(strike("shortsword")).toEqual({
      hp: 16,
      texts: [
        "karn, Strike Rolls And Defenses: Ann's strike at Bob with the short sword at +3 against Bob's block +4: a hit; it gets past the block",
        "karn, 6. Roll and apply damage (if any): Ann's strike at Bob with the short sword: 1d6 rolls 4 = 4 cut damage",
        "karn, 6. Roll and apply damage (if any): Bob takes 4: 16 of 20 HP",
      ],
    });
  });

  it("no training: the GM sets the penalty once (a short sword around -5)", () => {
    const state = pair(
      { actions: 1, strike: 3, attacks: ["shortsword"], untrained: ["shortsword"] },
      { actions: 1 },
    );
    const ctx = meleeWith(state, [[10], [3]], {
      "ann:action-1": "strike",
      "bob:defence-1": "none",
    });
    expect(ctx.asked).toContain("gm:untrained-penalty=5");
    expect(ctx.explanations.some((e) => e.includes("at Bob with the short sword at -2"))).toBe(
      true,
    );
    const again = meleeWith(state, [[10], [3]], {
      "ann:action-1": "strike",
      "bob:defence-1": "none",
    });
    expect(again.asked.some((a) => a.startsWith("gm:untrained-penalty"))).toBe(false);
    expect(who(state, "ann").untrainedPenalty[0]).toBe(5);
  });

  it("Weapon Knowledge: a weapon not listed under untrained is used without penalty, and the GM is not asked", () => {
    const state = pair({ actions: 1, strike: 3, attacks: ["shortsword"] }, { actions: 1 });
    const ctx = meleeWith(state, [[10], [3]], {
      "ann:action-1": "strike",
      "bob:defence-1": "none",
    });
    expect(ctx.asked.some((a) => a.startsWith("gm:untrained-penalty"))).toBe(false);
    expect(ctx.explanations.some((e) => e.includes("at Bob with the short sword at +3"))).toBe(
      true,
    );
  });

  it("all actions with an untrained weapon suffer the modifier: a parry with it too, the GM asked at its first use", () => {
    const state = pair(
      { actions: 1, strike: 3, attacks: ["punch"] },
      { actions: 1, parry: 3, attacks: ["shortsword"], untrained: ["shortsword"] },
    );
    const ctx = meleeWith(state, [[10, 10]], {
      "ann:action-1": "strike",
      "bob:defence-1": "parry",
    });
    expect(ctx.asked).toContain("gm:untrained-penalty=5");
    expect(ctx.explanations.some((e) => e.includes("against Bob's parry -2"))).toBe(true);
  });

  it("using a shield to parry without training is at -2 (the GM's default)", () => {
    const state = pair(
      { actions: 1, strike: 3, attacks: ["punch"] },
      { actions: 1, parry: 3, shield: true, untrained: ["shield"] },
    );
    const ctx = meleeWith(state, [[10, 10]], {
      "ann:action-1": "strike",
      "bob:defence-1": "parry",
    });
    expect(ctx.asked).toContain("gm:untrained-penalty=2");
    expect(ctx.explanations.some((e) => e.includes("against Bob's parry +1"))).toBe(true);
    expect(() => pair({ actions: 1 }, { actions: 1, untrained: ["shield"] })).toThrow(
      /"shield" is not one of this combatant's attacks/,
    );
  });

  it("a weapon that needs training cannot be used at all without it (a windlass crossbow)", () => {
    const state = pair(
      { actions: 1, attacks: ["windlass-crossbow"], untrained: ["windlass-crossbow"] },
      { actions: 1 },
    );
    const ctx = meleeWith(state, [], {});
    expect(ctx.asked).toContain('ann:action-1="save"');
  });
});
