// A round: combat dice replenish, the GM's other efforts, several attacks against several
// opponents, and when a fight is over.
import { describe, expect, it } from "vitest";
import { PendingChoice } from "../../../engine/drivers/pending.js";
import { ScriptContext } from "../../../engine/drivers/script.js";
import { formatExplanation } from "../../../engine/explanation.js";
import { outcome } from "../outcome.js";
import { playRound } from "./round.js";
import { rangeOf, setRange } from "../state.js";
import { duel, melee } from "../test-support/fixtures.js";

function playUntilPending(
  state: Parameters<typeof playRound>[0],
  values: Parameters<typeof ScriptContext.fromValues>[0],
) {
  const ctx = ScriptContext.fromValues(values, "tnt");
  expect(() => playRound(state, ctx)).toThrow(PendingChoice);
  return ctx;
}

describe("Combat dice", () => {
  it("replenish each round; dice set aside in anger come back, dice lost to the blunt rider do not", () => {
    const state = duel();
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    ann.pool = 0;
    ann.angerDice = 1;
    bob.pool = 0;
    bob.lostDice = 1;
    playUntilPending(state, []);
    expect(ann.pool).toBe(3);
    expect(ann.angerDice).toBe(0);
    expect(bob.pool).toBe(2);
  });

  it("other efforts: with the encounter option, the GM rules before each turn how many dice they take", () => {
    const state = { ...duel(), otherEfforts: true };
    const ctx = playUntilPending(state, [2]);
    expect(ctx.consumed[0]).toMatchObject({
      kind: "decide",
      actor: "gm",
      question: "other-efforts",
    });
    expect(state.fighters[0]!.pool).toBe(1);
    expect(ctx.explanations.map(formatExplanation)).toContain(
      "tnt, Combat dice: Ann spends 2 combat dice on other efforts",
    );
  });

  it("without the option the GM is not asked", () => {
    const ctx = playUntilPending(duel(), []);
    expect(ctx.consumed).toEqual([]);
  });
});

describe("Offense: several attacks a round, against one or several opponents", () => {
  it("a pool of four splits into two one-die attacks on two foes, keeping two for defence", () => {
    const foe = { combatDice: 1, defenceSkill: 10, weapon: "longsword" };
    const state = melee(
      [["ann", { combatDice: 4, weapon: "longsword" }]],
      [
        ["bob", foe],
        ["cat", foe],
      ],
    );
    // Ann stays; attacks [1, 1]: Bob, natural 5, passive, stays; Cat, natural 6, passive, stays.
    const ctx = playUntilPending(state, ["stay", [1, 1], "bob", 5, 0, "stay", "cat", 6, 0, "stay"]);
    const lines = ctx.explanations.map(formatExplanation);
    expect(lines).toContain("tnt, Offense: Ann attacks with 1 + 1 of 4 combat dice");
    expect(lines.filter((l) => l.includes("Ann's attack on Bob"))).toHaveLength(1);
    expect(lines.filter((l) => l.includes("Ann's attack on Cat"))).toHaveLength(1);
    expect(state.fighters[0]!.pool).toBe(2);
  });

  it("a combatant taken out earlier in the round takes no turn", () => {
    const state = duel();
    state.fighters[1]!.out = true;
    const ctx = ScriptContext.fromValues([], "tnt");
    playRound(state, ctx);
    expect(ctx.used).toBe(0);
  });
});

describe("Combat ranges and how to change them: meeting again after a disengage", () => {
  /** Ann and Cat against Bob; Ann and Bob disengaged, Cat still at onset with Bob. */
  function apart() {
    const state = melee(
      [
        ["ann", { weapon: "longsword" }],
        ["cat", { weapon: "longsword" }],
      ],
      [["bob", { weapon: "longsword" }]],
    );
    setRange(state, state.fighters[0]!, state.fighters[2]!, "disengaged");
    return state;
  }

  it("the GM rules, at the start of a round, whether a disengaged pair meets again at onset", () => {
    const state = apart();
    const ctx = playUntilPending(state, [true]);
    expect(ctx.consumed[0]).toMatchObject({ kind: "decide", actor: "gm", question: "re-engage" });
    expect(rangeOf(state, state.fighters[0]!, state.fighters[2]!)).toBe("onset");
  });

  it("when the GM says no, the pair stays disengaged and neither has fled", () => {
    const state = apart();
    playUntilPending(state, [false]);
    expect(rangeOf(state, state.fighters[0]!, state.fighters[2]!)).toBe("disengaged");
    expect(state.fighters[0]!.fled).toBe(false);
  });
});

describe("When the fight is over (Fray's hit points default)", () => {
  it("goes on while both sides stand", () => {
    expect(outcome(duel())).toBeNull();
  });

  it("a side wins when every foe is taken out", () => {
    const state = duel();
    state.fighters[1]!.out = true;
    expect(outcome(state)).toEqual({ winner: "left", reason: "Bob is taken out" });
  });

  it("a side wins when every foe has fled", () => {
    const state = duel();
    state.fighters[0]!.fled = true;
    expect(outcome(state)).toEqual({ winner: "right", reason: "Ann fled" });
  });

  it("a draw when no one standing has a combat die left", () => {
    const state = duel({ combatDice: 1, weapon: "mace" }, { combatDice: 1, weapon: "mace" });
    state.fighters[0]!.lostDice = 1;
    state.fighters[1]!.lostDice = 1;
    expect(outcome(state)?.winner).toBeNull();
  });
});
