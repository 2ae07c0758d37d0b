// Calculating damage: the basic and critical damage formulas, Attack in Anger, the Master
// Stroke, DR, bypass, hit points, and the pierce and blunt riders, with the dice stated.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptContext } from "../../../engine/drivers/script.js";
import { applyDamage, critDiceCount, inflicted, isMasterStroke, type HitFacts } from "./damage.js";
import { FAILED, SAVED } from "./dice.js";
import { CRITICAL, HIT, MISS } from "./hit-or-miss.js";
import { PLAIN, duel } from "../test-support/fixtures.js";
import type { Json } from "../../../engine/json.js";

/** A hit: its result, the d20 rolled, the net attack score; no anger or bypass unless `more` says. */
function facts(
  result: HitFacts["result"],
  rolled: number,
  attackTotal: number,
  more: Partial<HitFacts> = {},
): HitFacts {
  return { result, rolled, anger: false, bypass: false, attackTotal, ...more };
}

describe("Calculating damage: which crit dice a hit adds", () => {
  it("basic damage: the damage die alone", () => {
    expect(critDiceCount(HIT, 1, false, 18)).toBe(0);
  });

  it("Attack in Anger: one crit die when the attack succeeds", () => {
    expect(critDiceCount(HIT, 1, true, 14)).toBe(1);
  });

  it("the Master Stroke: more than one die rolled and a net attack score above 20 adds one crit die", () => {
    expect(isMasterStroke(HIT, 2, 21)).toBe(true);
    expect(critDiceCount(HIT, 2, false, 21)).toBe(1);
  });

  it("several attack dice and a net score above 20: a crit die (the Master Stroke); none with a single die, or at exactly 20", () => {
    expect(critDiceCount(HIT, 3, false, 21)).toBe(1);
    expect(isMasterStroke(HIT, 1, 25)).toBe(false);
    expect(critDiceCount(HIT, 1, false, 25)).toBe(0);
    expect(isMasterStroke(HIT, 3, 20)).toBe(false);
    expect(critDiceCount(HIT, 3, false, 20)).toBe(0);
  });

  it("critical damage: as many crit dice as d20 rolled for the attack; the Master Stroke does not stack", () => {
    expect(critDiceCount(CRITICAL, 3, false, 26)).toBe(3);
    expect(isMasterStroke(CRITICAL, 3, 26)).toBe(false);
  });

  it("Attack in Anger stacks with a critical hit; the set-aside die is not a die rolled", () => {
    // Three dice allotted, one set aside in anger, two rolled: 2 crit dice + 1 for anger.
    expect(critDiceCount(CRITICAL, 2, true, 25)).toBe(3);
  });

  it("a miss adds nothing (and rolls no damage)", () => {
    expect(critDiceCount(MISS, 3, true, 30)).toBe(1);
  });
});

describe("Armor and damage reduction in the damage formula", () => {
  it("subtracts DR from the total, never going below 0", () => {
    expect(inflicted(7, 1, 3)).toBe(5);
    expect(inflicted(2, 0, 5)).toBe(0);
  });

  it("damage = max(0, dice + damage bonus - DR) for any numbers", () => {
    fc.assert(
      fc.property(fc.nat(60), fc.integer({ min: -5, max: 10 }), fc.nat(10), (dice, bonus, dr) => {
        const d = inflicted(dice, bonus, dr);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBe(Math.max(0, dice + bonus - dr));
      }),
    );
  });
});

describe("Calculating damage, rolled", () => {
  it("basic damage: longsword d8 + 1 damage bonus against mail DR 3", () => {
    const state = duel();
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    const ctx = ScriptContext.fromValues([6], "tnt");
    const dmg = applyDamage(state, ctx, ann, bob, facts(HIT, 1, 15));
    expect(dmg).toBe(6 + 1 - 3);
    expect(bob.hp).toBe(20 - 4);
    expect(ctx.explanations.at(-1)!.text).toContain(
      "1d8 = 6, +1 damage bonus, -3 DR (Mail 3): 4 damage to Bob (16/20 HP)",
    );
  });

  it("Basic damage calculation: the damage die + damage bonus, a crit die for an Attack In Anger, less the armour's DR minus the weapon's armour piercing, or nothing for an armour bypass", () => {
    /** Ann's basic hit on Bob (mail, DR 3) with `weapon`, her dice rolling `total`. */
    const hit = (weapon: string, total: number, more: Partial<HitFacts> = {}) => {
      const state = duel({ ...PLAIN, weapon });
      const ctx = ScriptContext.fromValues([total], "tnt");
      const dmg = applyDamage(state, ctx, state.fighters[0]!, state.fighters[1]!, {
        ...facts(HIT, 1, 15),
        ...more,
      });
      const roll = ctx.consumed[0]!;
      return { dice: roll.kind === "roll" ? `${roll.label} (${ctx.notations[0]})` : "", dmg };
    };
    // The weapon's own damage die on every hit, and nothing more on a plain hit.
    expect(hit("longsword", 6)).toEqual({ dice: "Ann's damage (1d8)", dmg: 6 + 1 - 3 });
    // Attack in Anger: one crit damage die (the longsword's slash d10) on top.
    expect(hit("longsword", 12, { anger: true })).toEqual({
      dice: "Ann's damage (1d8+1d10)",
      dmg: 12 + 1 - 3,
    });
    // A dagger's armour piercing 1 against mail's DR 3 leaves DR 2.
    expect(hit("dagger", 3)).toEqual({ dice: "Ann's damage (1d4)", dmg: 3 + 1 - 2 });
    // An armour-bypass attack subtracts nothing for DR.
    expect(hit("longsword", 6, { bypass: true })).toEqual({
      dice: "Ann's damage (1d8)",
      dmg: 6 + 1,
    });
  });

  it("critical damage with anger: 1d8 + 3d10 in one roll (two d20 rolled, one set aside)", () => {
    const state = duel();
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    const ctx = ScriptContext.fromValues([20], "tnt");
    const dmg = applyDamage(state, ctx, ann, bob, facts(CRITICAL, 2, 26, { anger: true }));
    expect(ctx.consumed[0]).toMatchObject({ kind: "roll", label: "Ann's damage" });
    expect(ctx.notations[0]).toBe("1d8+3d10");
    expect(dmg).toBe(20 + 1 - 3);
  });

  it("each damage type rolls its own crit die: blunt d6, pierce d6, chop d8, slash d10 (switch critDice)", () => {
    const labels = (weapon: string, switches: Record<string, Json> = {}) => {
      const state = duel({ ...PLAIN, weapon }, PLAIN, "onset", switches);
      state.fighters[0]!.pool = 0; // nothing to twist; a blunt hit's CON save is made
      const ctx = ScriptContext.fromValues([5, SAVED], "tnt");
      applyDamage(state, ctx, state.fighters[0]!, state.fighters[1]!, facts(CRITICAL, 1, 25));
      return ctx.consumed[0]!.kind === "roll"
        ? `${ctx.consumed[0]!.label} (${ctx.notations[0]})`
        : "";
    };
    expect(labels("club")).toBe("Ann's damage (1d6+1d6)");
    expect(labels("shortsword")).toBe("Ann's damage (1d6+1d6)");
    expect(labels("axe")).toBe("Ann's damage (1d8+1d8)");
    expect(labels("longsword")).toBe("Ann's damage (1d8+1d10)");
    const big = { critDice: { blunt: 8, pierce: 8, chop: 10, slash: 12 } };
    expect(labels("longsword", big)).toBe("Ann's damage (1d8+1d12)");
  });

  it("an armour-bypass hit subtracts nothing for DR", () => {
    const state = duel();
    const ctx = ScriptContext.fromValues([2], "tnt");
    const dmg = applyDamage(
      state,
      ctx,
      state.fighters[0]!,
      state.fighters[1]!,
      facts(HIT, 1, 12, { bypass: true }),
    );
    expect(dmg).toBe(3);
  });

  it("hit points: a combatant at 0 HP or below is taken out", () => {
    const state = duel();
    const bob = state.fighters[1]!;
    bob.hp = 3;
    applyDamage(
      state,
      ScriptContext.fromValues([8], "tnt"),
      state.fighters[0]!,
      bob,
      facts(HIT, 1, 12),
    );
    expect(bob.hp).toBe(-3);
    expect(bob.out).toBe(true);
  });
});

describe("Calculating damage: the pierce rider (twisting the blade)", () => {
  const spear = { combatDice: 4, attackSkill: 3, weapon: "spear", hitPoints: 20 };
  const target = { combatDice: 3, weapon: "longsword", armour: "leather", hitPoints: 40 };

  it("after a critical hit, any combat dice left in the pool become crit dice", () => {
    const state = duel(spear, target);
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    ann.pool = 2;
    // damage 1d8+1d6 = 9; twist both dice left; 2d6 = 7. Spear AP 1 against leather 2: DR 1.
    const ctx = ScriptContext.fromValues([9, 2, 7], "tnt");
    const dmg = applyDamage(state, ctx, ann, bob, facts(CRITICAL, 1, 27));
    expect(dmg).toBe(9 + 7 - 1);
    expect(ann.pool).toBe(0);
    expect(ctx.consumed.map((a) => (a.kind === "decide" ? a.question : a.label))).toEqual([
      "Ann's damage",
      "twist",
      "Ann twists the blade",
    ]);
    expect(ctx.notations).toEqual(["1d8+1d6", "2d6"]);
  });

  it("is written under critical damage: a basic hit does not offer it unless ridersOnBasicHits", () => {
    const state = duel(spear, target);
    state.fighters[0]!.pool = 2;
    const ctx = ScriptContext.fromValues([5], "tnt");
    applyDamage(state, ctx, state.fighters[0]!, state.fighters[1]!, facts(HIT, 1, 15));
    expect(ctx.used).toBe(1);
    const on = duel(spear, target, "onset", { ridersOnBasicHits: true });
    on.fighters[0]!.pool = 2;
    const ctx2 = ScriptContext.fromValues([5, 1, 4], "tnt");
    const dmg = applyDamage(on, ctx2, on.fighters[0]!, on.fighters[1]!, facts(HIT, 1, 15));
    expect(dmg).toBe(5 + 4 - 1);
  });
});

describe("Calculating damage: the blunt rider (CON save against the damage)", () => {
  const mace = { combatDice: 3, attackSkill: 3, damageBonus: 2, weapon: "mace" };
  const target = { combatDice: 3, weapon: "longsword", conSave: 1, hitPoints: 40 };

  it("a failed save costs the defender a combat die for the rest of combat", () => {
    const state = duel(mace, target);
    const bob = state.fighters[1]!;
    // 1d6+2d6 = 11, +2: 13 damage; save needs d20 + 1 >= 13, i.e. 12 or more: failed.
    const ctx = ScriptContext.fromValues([11, FAILED], "tnt");
    applyDamage(state, ctx, state.fighters[0]!, bob, facts(CRITICAL, 2, 25));
    expect(bob.lostDice).toBe(1);
    expect(bob.pool).toBe(2);
    expect(ctx.consumed[1]).toMatchObject({
      kind: "roll",
      label: "Bob's CON save against 13 (+ 1 to the die)",
    });
    expect(ctx.explanations.map((e) => e.text)).toContain(
      "Bob loses one combat die for the rest of combat (2 left)",
    );
  });

  it("a successful save keeps the die", () => {
    const state = duel(mace, target);
    applyDamage(
      state,
      ScriptContext.fromValues([11, SAVED], "tnt"),
      state.fighters[0]!,
      state.fighters[1]!,
      facts(CRITICAL, 2, 25),
    );
    expect(state.fighters[1]!.lostDice).toBe(0);
  });

  it("a save that cannot fail is not rolled", () => {
    const state = duel(mace, { ...target, conSave: 3 });
    // 1d6+1d6 = 2, +2 = 4 damage: d20 + 3 always reaches 4.
    const ctx = ScriptContext.fromValues([2], "tnt");
    applyDamage(state, ctx, state.fighters[0]!, state.fighters[1]!, facts(CRITICAL, 1, 25));
    expect(ctx.used).toBe(1);
    expect(state.fighters[1]!.lostDice).toBe(0);
  });

  it("applies to basic hits only with ridersOnBasicHits", () => {
    const off = duel(mace, target);
    const ctx = ScriptContext.fromValues([6], "tnt");
    applyDamage(off, ctx, off.fighters[0]!, off.fighters[1]!, facts(HIT, 1, 15));
    expect(ctx.used).toBe(1);
    const on = duel(mace, target, "onset", { ridersOnBasicHits: true });
    applyDamage(
      on,
      ScriptContext.fromValues([6, FAILED], "tnt"),
      on.fighters[0]!,
      on.fighters[1]!,
      facts(HIT, 1, 15),
    );
    expect(on.fighters[1]!.lostDice).toBe(1);
  });
});
