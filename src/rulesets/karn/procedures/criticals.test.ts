// Critical: the GM's choice between the chart and a ruling, each line's damage and SP, Deep
// Tissue's lasting penalty, the GM's ruling on Internal and Crippling Injuries, the Death Blow.
import { describe, expect, it } from "vitest";
import { pair, meleeWith, who } from "../test-support/table.js";

const ANN = { actions: 1, strike: 3, attacks: ["longsword"] };
const go = { "ann:action-1": "strike", "bob:defence-1": "none" };

/** A natural 20 (critical) for 1d8 = `damage` through no armour, then the chart's roll. */
function critical(damage: number, chart: readonly (readonly number[])[], more = {}, bob = {}) {
  const state = pair(ANN, { actions: 1, hp: 30, sp: 30, ...bob });
  const ctx = meleeWith(state, [[20], [damage], ...chart], { ...go, ...more });
  return { state, ctx, bob: who(state, "bob") };
}

describe("Critical", () => {
  it("a natural 20 earns a Combat Skill Point and rolls on the critical chart: Cu 20 is Surface Damage, x1.5 and 2 SP", () => {
    const { bob, ctx, state } = critical(5, [[20]]);
    expect(ctx.explanations).toContain(
      "karn, Critical: Surface Damage (x1.5): 5 damage becomes 7 to Bob",
    );
    expect(bob.hp).toBe(23);
    expect(bob.sp).toBe(28);
    expect(who(state, "ann").csp).toBe(1);
  });

  // Strike Rolls And Defenses: a natural 20 "on a strike or defense" gives a Combat Skill Point.
  it("a block that rolls a natural 20 earns its Combat Skill Point even when the strike it meets is a natural 2, a simple miss", () => {
    const state = pair(ANN, { actions: 1, block: 2 });
    const ctx = meleeWith(state, [[2, 20]], { "ann:action-1": "strike", "bob:defence-1": "block" });
    expect(ctx.explanations).toContain(
      "karn, Strike Rolls And Defenses: Ann's strike at Bob with the longsword at +3 against Bob's block +2: a natural 2 or a modified roll of 5 or less: a simple miss (the block rolls a natural 20: a Combat Skill Point)",
    );
    expect([who(state, "bob").csp, who(state, "ann").csp]).toEqual([1, 0]);
  });

  it("Severe Surface Damage doubles it and costs 1D6 SP", () => {
    // Cu 26-60 is Severe Surface Damage: 4 cut becomes 8; 1D6 = 5 SP.
    const { bob, ctx } = critical(4, [[40], [5]]);
    expect(ctx.explanations).toContain(
      "karn, Critical: Severe Surface Damage (x2): 4 damage becomes 8 to Bob",
    );
    expect(bob.hp).toBe(22);
    expect(bob.sp).toBe(25);
  });

  it("Deep Tissue Damage doubles it, 2D6 SP, and -1 on all combat rolls for the rest of the fight", () => {
    const { bob } = critical(4, [[70], [3, 3]]);
    expect(bob.hp).toBe(22);
    expect(bob.sp).toBe(24);
    expect(bob.lasting).toBe(1);
  });

  it("Crippling Injuries triple it, 4D6 SP, and the GM rules what it does: by default it takes the victim out", () => {
    const { bob, ctx } = critical(3, [[97], [1, 1, 1, 1]]);
    expect(ctx.asked).toContain('gm:injury="out"');
    expect(bob.hp).toBe(21);
    expect(bob.status).toBe("down");
  });

  it("Death Blow: the victim is left at -1 HP, or less if four times the damage would leave less", () => {
    expect(critical(2, [[100]]).bob.hp).toBe(-1);
    expect(critical(8, [[100]]).bob.hp).toBe(30 - 32);
    expect(critical(2, [[100]]).bob.status).toBe("down");
  });

  // Pierce (P): "only the damage that got through the armor and other protections can be doubled
  // or otherwise affected by the critical strike. A death blow is still a death blow though, even
  // if only one point of damage got through."
  it("a death blow is still a death blow even if only one point of damage got through: 4 cut against natural armour 3", () => {
    const { bob, ctx } = critical(4, [[100]], {}, { natural: { cut: 3 } });
    expect(ctx.explanations).toContain(
      "karn, Critical: Death Blow: Bob is left at -1 HP (-1, or less if four times the 1 damage would leave less)",
    );
    expect(bob.hp).toBe(-1);
  });

  it("but with no point through (2 cut against natural armour 3) the critical has nothing to affect: no chart, no Death Blow, no SP", () => {
    const { bob, ctx } = critical(2, [[100]], {}, { natural: { cut: 3 } });
    expect(ctx.explanations).toContain(
      "karn, Critical: a critical strike, but no damage got through Bob's protections: nothing for the critical to affect",
    );
    expect(ctx.asked.some((a) => a.startsWith("gm:critical"))).toBe(false);
    expect(ctx.left).toBe(1);
    expect([bob.hp, bob.sp, bob.status]).toEqual([30, 30, "fighting"]);
  });

  it("the GM may rule the critical instead: most likely Double Damage, with no chart roll", () => {
    const { bob, ctx } = critical(5, [], { "gm:critical": "double" });
    expect(ctx.explanations).toContain(
      "karn, Critical: the GM rules Double Damage: 5 x2 = 10 to Bob",
    );
    expect(bob.hp).toBe(20);
  });

  it("a modified strike over 24 is critical too, and skips the armour", () => {
    const state = pair({ ...ANN, strike: 10 }, { actions: 1, hp: 30, armour: "plate" });
    const ctx = meleeWith(state, [[16], [5], [30], [3]], go);
    expect(ctx.explanations).toContain(
      "karn, Armor And Clothing: a critical strike gets past Bob's armour",
    );
    expect(who(state, "bob").hp).toBe(20);
  });
});
