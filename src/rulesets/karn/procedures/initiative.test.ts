// 1. Initiative: natural 20s, forfeits, ties, stuns, and a pairing of several.
import { describe, expect, it } from "vitest";
import { encounterFrom, encounterState, meleeWith } from "../test-support/table.js";

const duel = (a = {}, b = {}, switches = {}) =>
  encounterState(
    encounterFrom({
      ruleset: "karn",
      switches,
      combatants: [
        { id: "ann", name: "Ann", side: "a", initiative: 10, alt: 50, ...a },
        { id: "bob", name: "Bob", side: "b", initiative: 0, alt: 50, ...b },
      ],
    }),
  );

describe("1. Initiative", () => {
  it("a natural 20 is infinity, whatever the other's total", () => {
    const ctx = meleeWith(duel(), [[19], [20]]);
    expect(ctx.explanations).toContain("karn, 1. Initiative: Bob rolls a natural 20: infinity");
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Bob has the highest total (infinity): Bob wins the initiative",
    );
  });

  it("two natural 20s tie: the higher ALT wins", () => {
    const ctx = meleeWith(duel({ alt: 40 }, { alt: 60 }), [[20], [20]]);
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Ann and Bob tie at infinity: Bob has the higher ALT (60) and wins the initiative",
    );
  });

  it("a tie with the same ALT: those tied roll again until there is a clear winner", () => {
    const ctx = meleeWith(duel({ initiative: 0 }), [[12], [12], [5], [5], [3], [9]]);
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Ann and Bob tie at 12 with the same ALT (50): they roll again",
    );
    expect(ctx.explanations).toContain("karn, 1. Initiative: Bob rolls 9 + 0 = 9 (the tie roll)");
    expect(ctx.asked.some((a) => a.startsWith("bob:action-1"))).toBe(true);
  });

  it("forfeiting is negative infinity: the other wins without rolling past it", () => {
    const ctx = meleeWith(duel(), [[1]], { "ann:forfeit": true });
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Ann forfeits the initiative: negative infinity",
    );
    expect(ctx.asked.some((a) => a.startsWith("bob:action-1"))).toBe(true);
  });

  it("if everyone forfeits, nothing happens this melee", () => {
    const state = duel();
    const ctx = meleeWith(state, [], { "ann:forfeit": true, "bob:forfeit": true });
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: everyone forfeits the initiative: nothing happens this melee; they stand and stare",
    );
    expect(state.melee).toBe(1);
  });

  it("a stunned combatant rolls no initiative: a roll of 0 plus its bonuses (or a total of 0, switch stunnedInitiative)", () => {
    const stunned = duel({ initiative: 3 });
    stunned.fighters[0]!.stunUntil = 5;
    const ctx = meleeWith(stunned, [[2]]);
    expect(ctx.explanations).toContain(
      "karn, Knock Out/Stun Called Shots: Ann is stunned: no initiative roll, a roll of 0 + 3 - 4 (stunned to melee 5): -1",
    );
    const zero = duel({ initiative: 3 }, {}, { stunnedInitiative: "total-zero" });
    zero.fighters[0]!.stunUntil = 5;
    expect(meleeWith(zero, [[2]]).explanations).toContain(
      "karn, Knock Out/Stun Called Shots: Ann is stunned: no initiative roll, a roll of 0: 0",
    );
  });

  // Knock Out/Stun Called Shots: stunned, "they get no initiative rolls", a tie's included.
  it("a stunned combatant tied at the top with the same ALT does not roll again: its 0 + 8 - 4 stands while Bob rolls 3", () => {
    const state = duel({ initiative: 8 });
    state.fighters[0]!.stunUntil = 5;
    const ctx = meleeWith(state, [[4], [3]]);
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Ann and Bob tie at 4 with the same ALT (50): they roll again",
    );
    expect(ctx.explanations).toContain(
      "karn, Knock Out/Stun Called Shots: Ann is stunned and rolls no initiative: its 4 stands in the tie",
    );
    expect(ctx.explanations).toContain("karn, 1. Initiative: Bob rolls 3 + 0 = 3 (the tie roll)");
    expect(ctx.rolls.filter((r) => r.includes("initiative"))).toEqual([
      "Bob's initiative=4",
      "Bob's initiative (tie, again)=3",
    ]);
    expect(ctx.asked.some((a) => a.startsWith("ann:action-1"))).toBe(true);
  });

  it("in a pairing of several, the winner's whole side goes first (Multiple Attackers Or Defenders)", () => {
    const state = encounterState("three-orcs.yaml");
    const ctx = meleeWith(state, [[1], [2], [2], [16]]);
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Ugluk has the highest total (16): Ugluk wins the initiative, and so does its side",
    );
    for (const orc of ["grub", "snaga", "ugluk"]) {
      expect(ctx.asked.some((a) => a.startsWith(`${orc}:action-1`))).toBe(true);
    }
  });

  it("Overexerted Self and Deep Tissue Damage are -1 to all combat rolls, Woozy -2 on all combat actions: initiative too", () => {
    const state = duel({ initiative: 3 });
    const ann = state.fighters[0]!;
    ann.lasting = 2;
    ann.woozyUntil = 4;
    const ctx = meleeWith(state, [[12], [14]]);
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Ann rolls 12 + 3 - 4 (woozy to melee 4, -2 lasting) = 11",
    );
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Bob has the highest total (14): Bob wins the initiative",
    );
  });
});
