// Combat ranges and how to change them: every line of the chapter's range page, each with the
// attack of opportunity it allows (and only with a die to make it).
import { describe, expect, it } from "vitest";
import { PendingChoice } from "../../../engine/drivers/pending.js";
import { ScriptContext } from "../../../engine/drivers/script.js";
import { formatExplanation } from "../../../engine/explanation.js";
import { chooseMove, legalMoves } from "./moves.js";
import { playRound } from "./round.js";
import { setup } from "../setup.js";
import { rangeOf, type Range } from "../state.js";
import { DEFAULT_SWITCHES } from "../switches.js";
import { duel, spec } from "../test-support/fixtures.js";
import { TRANSITIONS } from "./transitions.js";
import { takeTurn } from "./turn.js";

function questions(ctx: ScriptContext): string[] {
  return ctx.consumed.map((a) =>
    a.kind === "decide" ? `${a.actor}:${a.question}` : `roll: ${a.label}`,
  );
}

describe("Changing the range: one step for one combat die", () => {
  for (const t of TRANSITIONS.filter((x) => x.way === "combat die")) {
    const aoo = t.opportunity
      ? "the opponent is allowed an attack of opportunity"
      : "no attack of opportunity";
    it(`from ${t.from} to ${t.to}: ${aoo}`, () => {
      const state = duel(undefined, undefined, t.from);
      const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
      const ctx = ScriptContext.fromValues(
        t.opportunity ? [`${t.to}:bob`, 0] : [`${t.to}:bob`],
        "tnt",
      );
      expect(chooseMove(state, ctx, ann)).toBe(true);
      expect(rangeOf(state, ann, bob)).toBe(t.to);
      expect(ann.pool).toBe(2);
      expect(questions(ctx).includes("bob:opportunity")).toBe(t.opportunity);
    });
  }

  it("the moves offered are exactly the chapter's one-die steps from each range", () => {
    const offered = (from: Range) => {
      const state = duel(undefined, undefined, from);
      return legalMoves(state, state.fighters[0]!)
        .map((m) => m.to)
        .sort();
    };
    expect(offered("onset")).toEqual(["disengaged", "melee"]);
    expect(offered("melee")).toEqual(["disengaged", "grapple", "onset"]);
    expect(offered("grapple")).toEqual(["melee"]);
  });

  it("no die, no move", () => {
    const state = duel();
    state.fighters[0]!.pool = 0;
    expect(legalMoves(state, state.fighters[0]!)).toEqual([]);
  });

  it("an attack of opportunity always requires at least one combat die in the opportunist's pool", () => {
    const state = duel(undefined, undefined, "melee");
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    bob.pool = 0;
    const ctx = ScriptContext.fromValues(["grapple:bob"], "tnt");
    chooseMove(state, ctx, ann);
    expect(questions(ctx)).toEqual(["ann:move"]);
    expect(ctx.explanations.map(formatExplanation)).toContain(
      "tnt, Changing the range: Bob has no combat die left: no attack of opportunity",
    );
    expect(rangeOf(state, ann, bob)).toBe("grapple");
  });

  it("the attack of opportunity is made at the range being left, before the step", () => {
    const state = duel(undefined, undefined, "melee");
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    // Ann disengages; Bob takes 1 die: natural 2, no bypass (2 + 3 + 1 speed = 6): Ann keeps passive.
    const ctx = ScriptContext.fromValues(["disengaged:bob", 1, 2, false, 0], "tnt");
    chooseMove(state, ctx, ann);
    expect(ctx.explanations.map(formatExplanation)).toContain(
      "tnt, Calculate attack and defense scores: Bob's attack of opportunity on Ann at melee range: kept die 2 +3 attack skill +1 speed = 6",
    );
    expect(rangeOf(state, ann, bob)).toBe("disengaged");
    expect(ann.fled).toBe(true);
  });

  it("disengaging from every foe leaves the fight", () => {
    const state = duel();
    chooseMove(state, ScriptContext.fromValues(["disengaged:bob"], "tnt"), state.fighters[0]!);
    expect(state.fighters[0]!.fled).toBe(true);
  });
});

describe('Combat dice "in any combination": range changes after an attack', () => {
  it("after a one-die attack with two dice left, the attacker may spend one to disengage, and the foe may take an attack of opportunity", () => {
    const state = duel(
      { combatDice: 3, weapon: "longsword" },
      { combatDice: 2, defenceSkill: 10, weapon: "longsword" },
      "melee",
    );
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    // stay; one attack of 1 die; natural 3 against passive 18 (a miss); Bob keeps passive; then
    // Ann disengages with a second die; Bob lets it pass.
    const ctx = ScriptContext.fromValues(["stay", [1], 3, 0, "disengaged:bob", 0], "tnt");
    takeTurn(state, ctx, ann);
    expect(questions(ctx).slice(-2)).toEqual(["ann:move", "bob:opportunity"]);
    expect(rangeOf(state, ann, bob)).toBe("disengaged");
    expect(ann.pool).toBe(1);
  });

  it("an attack, a step closer, and an attack with the last die: from onset into melee between two attacks", () => {
    const state = duel(
      { combatDice: 3, weapon: "longsword" },
      { combatDice: 2, defenceSkill: 10, weapon: "longsword" },
    );
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    bob.pool = 0;
    // stay; two one-die attacks; the first at onset (natural 3, a miss), then a step into melee
    // for a die (and no more); the second attack with the last die is made at melee (natural 4:
    // 4 + 0 + 1 speed, where the first took the reach bonus).
    const ctx = ScriptContext.fromValues(["stay", [1, 1], 3, "melee:bob", "stay", 4], "tnt");
    takeTurn(state, ctx, ann);
    expect(rangeOf(state, ann, bob)).toBe("melee");
    expect(ctx.explanations.map(formatExplanation)).toContain(
      "tnt, Calculate attack and defense scores: Ann's attack on Bob at melee range: kept die 4 +0 attack skill +1 speed = 5",
    );
    expect(ann.pool).toBe(0);
  });
});

describe("The other ways to change the range", () => {
  it("you start disengaged; rolling initiative puts you at onset range", () => {
    const state = setup({
      sides: [
        { id: "left", name: "Left" },
        { id: "right", name: "Right" },
      ],
      combatants: [
        spec("ann", "left", { combatDice: 2, weapon: "longsword" }),
        spec("bob", "right", { combatDice: 2, weapon: "longsword" }),
      ],
      switches: DEFAULT_SWITCHES as never,
      options: {},
    });
    expect(rangeOf(state, state.fighters[0]!, state.fighters[1]!)).toBe("disengaged");
    // initiative 5 and 12; Bob (first) stays and does not attack; Ann is asked next.
    const ctx = ScriptContext.fromValues([5, 12, "stay", []], "tnt");
    expect(() => playRound(state, ctx)).toThrow(PendingChoice);
    expect(questions(ctx)).toEqual([
      "roll: Ann's initiative",
      "roll: Bob's initiative",
      "bob:move",
      "bob:attack-dice",
    ]);
    expect(rangeOf(state, state.fighters[0]!, state.fighters[1]!)).toBe("onset");
    expect(state.order).toEqual([1, 0]);
  });

  it("two two-dice attacks in one round may carry the attacker from onset into melee", () => {
    const state = duel(
      { combatDice: 4, attackSkill: 3, weapon: "longsword" },
      { combatDice: 2, defenceSkill: 10, weapon: "longsword" },
    );
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    bob.pool = 0;
    // stay; two attacks of 2 dice; each: no anger, a natural 5 (11 against 18: miss); after the
    // first, stay at onset; after the second, close.
    const ctx = ScriptContext.fromValues(["stay", [2, 2], false, 5, "stay", false, 5, true], "tnt");
    takeTurn(state, ctx, ann);
    expect(questions(ctx).at(-1)).toBe("ann:close");
    expect(rangeOf(state, ann, bob)).toBe("melee");
  });

  it("an attack with a small weapon at melee may carry the attacker into grapple range, with an attack of opportunity", () => {
    const state = duel(
      { combatDice: 2, weapon: "dagger" },
      { combatDice: 2, defenceSkill: 10, weapon: "longsword" },
      "melee",
    );
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    // stay; one attack of 1 die; natural 3 against passive 18; Bob keeps passive; grapple; Bob
    // lets it pass; Ann stays in the grapple.
    const ctx = ScriptContext.fromValues(["stay", [1], 3, 0, true, 0, "stay"], "tnt");
    takeTurn(state, ctx, ann);
    expect(questions(ctx).slice(-3)).toEqual(["ann:grapple", "bob:opportunity", "ann:move"]);
    expect(rangeOf(state, ann, bob)).toBe("grapple");
  });

  it("a weapon that is not small gives no way into the grapple but a die", () => {
    const state = duel(
      { combatDice: 2, weapon: "longsword" },
      { combatDice: 2, defenceSkill: 10, weapon: "longsword" },
      "melee",
    );
    state.fighters[1]!.pool = 0;
    const ctx = ScriptContext.fromValues(["stay", [1], 3, "stay"], "tnt");
    takeTurn(state, ctx, state.fighters[0]!);
    expect(questions(ctx)).not.toContain("ann:grapple");
  });
});
