// One attack, played with the dice and answers stated: the attack and defence formulas, the
// outline of Calculating hit or miss as the table meets it, Attack in Anger, and the Codex
// Martialis counter-attack.
import { describe, expect, it } from "vitest";
import { PendingChoice, type PendingChoiceData } from "../../../engine/drivers/pending.js";
import { ScriptContext } from "../../../engine/drivers/script.js";
import { formatExplanation } from "../../../engine/explanation.js";
import { attack } from "./attack.js";
import { DEFENCE_NATURAL_20, DEFENCE_REACHES, DEFENCE_SHORT } from "./dice.js";
import { CRITICAL, HIT, MISS } from "./hit-or-miss.js";
import { rangeOf } from "../state.js";
import { duel } from "../test-support/fixtures.js";

function texts(ctx: ScriptContext): string[] {
  return ctx.explanations.map(formatExplanation);
}

/** The choice a scripted procedure stops at when its answers run out. */
function pendingOf(run: () => unknown): PendingChoiceData | undefined {
  try {
    run();
  } catch (e) {
    if (e instanceof PendingChoice) return e.choice;
    throw e;
  }
  return undefined;
}

describe("Calculate attack and defense scores, then hit or miss", () => {
  it("a natural 20 that does not beat passive defence: 'natural 20 but 17 is not above 18: hit for basic damage'", () => {
    const state = duel(
      { combatDice: 1, attackSkill: -3, weapon: "dagger" },
      { combatDice: 1, defenceSkill: 8, weapon: "dagger", shield: "round", hitPoints: 20 },
    );
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    // attack roll 20; Bob chooses passive defence (0 dice); damage 1d4 = 3.
    const ctx = ScriptContext.fromValues([20, 0, 3], "tnt");
    const out = attack(state, ctx, ann, bob, 1, "attack");
    expect(out).toMatchObject({ result: HIT, natural: 20, total: 17 });
    expect(texts(ctx)).toContain(
      "tnt, Passive defense: Bob's passive defence: 8 +8 defence skill +2 Round shield = 18",
    );
    expect(texts(ctx)).toContain(
      "tnt, Calculating hit or miss: natural 20 but 17 is not above 18: hit for basic damage",
    );
    expect(bob.hp).toBe(17);
  });

  it("onset attack: kept die + attack skill + reach; beating passive defence is a hit for basic damage", () => {
    const state = duel();
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    // one die; roll 9 (9 + 3 + 3 = 15 > 10); no bypass; passive; damage 1d8 = 4 (+1 - 3 = 2).
    const ctx = ScriptContext.fromValues([9, false, 0, 4], "tnt");
    const out = attack(state, ctx, ann, bob, 1, "attack");
    expect(out).toMatchObject({ result: HIT, total: 15 });
    expect(texts(ctx)[0]).toBe(
      "tnt, Calculate attack and defense scores: Ann's attack on Bob at onset range: kept die 9 +3 attack skill +3 reach = 15",
    );
    expect(bob.hp).toBe(18);
  });

  it("melee attack: the speed bonus replaces the reach bonus", () => {
    const state = duel(undefined, undefined, "melee");
    const ctx = ScriptContext.fromValues([9, false, 0, 4], "tnt");
    expect(attack(state, ctx, state.fighters[0]!, state.fighters[1]!, 1, "attack").total).toBe(
      9 + 3 + 1,
    );
  });

  it("an armour-bypass attack takes the penalty to hit and ignores DR", () => {
    const state = duel();
    const bob = state.fighters[1]!;
    const ctx = ScriptContext.fromValues([9, true, 0, 4], "tnt");
    const out = attack(state, ctx, state.fighters[0]!, bob, 1, "attack");
    expect(out.total).toBe(9 + 3 + 3 - 4);
    expect(bob.hp).toBe(20 - 5);
  });

  it("the armour bypass is decided after the roll, once the kept die and the bonuses are known", () => {
    const state = duel();
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    // Ann rolls 9 (9 + 3 + 3 = 15), then decides on the bypass against Bob's mail.
    const ctx = ScriptContext.fromValues([9], "tnt");
    const pending = pendingOf(() => attack(state, ctx, ann, bob, 1, "attack"));
    expect(ctx.consumed[0]).toMatchObject({ kind: "roll", label: "Ann's attack" });
    expect(ctx.notations[0]).toBe("1d20");
    expect(pending).toMatchObject({ kind: "decide", actor: "ann", question: "bypass" });
    expect(pending?.kind === "decide" && pending.options.prompt).toBe(
      "Ann's attack on Bob: kept die 9, 15 before any bypass. Make it an armour-bypass attack (-4 to hit, ignores DR)?",
    );
  });

  it("with bypassDecided before-roll, the bypass is declared before the dice, as anger is", () => {
    const state = duel(undefined, undefined, "onset", { bypassDecided: "before-roll" });
    const bob = state.fighters[1]!;
    const ctx = ScriptContext.fromValues([true, 9, 0, 4], "tnt");
    const out = attack(state, ctx, state.fighters[0]!, bob, 1, "attack");
    expect(ctx.consumed[0]).toMatchObject({ kind: "decide", question: "bypass", value: true });
    expect(out.total).toBe(9 + 3 + 3 - 4);
    expect(bob.hp).toBe(20 - 5);
  });

  it("Attack in Anger: one die is set aside unrolled, and stays forfeit even when the attack misses", () => {
    const state = duel();
    const ann = state.fighters[0]!;
    // three dice, in anger: two rolled; natural 1: a miss whatever the defence; no bypass.
    const ctx = ScriptContext.fromValues([true, 1, false, 0], "tnt");
    const out = attack(state, ctx, ann, state.fighters[1]!, 3, "attack");
    expect(out).toMatchObject({ result: MISS, rolled: 2 });
    expect(ctx.consumed[1]).toMatchObject({ kind: "roll", label: "Ann's attack" });
    expect(ctx.notations[0]).toBe("2d20kh1");
    expect(ann.pool).toBe(0);
    expect(ann.angerDice).toBe(1);
  });

  it("a natural 20 above the defence is a hit for critical damage: one crit die per d20 rolled", () => {
    const state = duel();
    const ctx = ScriptContext.fromValues([false, 20, false, 0, 20], "tnt");
    const out = attack(state, ctx, state.fighters[0]!, state.fighters[1]!, 2, "attack");
    expect(out.result).toBe(CRITICAL);
    expect(ctx.consumed[4]).toMatchObject({ kind: "roll", label: "Ann's damage" });
    expect(ctx.notations[1]).toBe("1d8+2d10");
  });
});

describe("Active defense", () => {
  it("rolls the pool dice chosen plus the shield's d20, + defence skill + the better of weapon or shield", () => {
    const state = duel(undefined, {
      combatDice: 3,
      defenceSkill: 2,
      weapon: "longsword",
      shield: "round",
      armour: "mail",
    });
    const bob = state.fighters[1]!;
    // Ann: roll 14 (total 20), no bypass. Bob: 1 die of active defence: 2d20 with the shield die.
    const ctx = ScriptContext.fromValues([14, false, 1, DEFENCE_SHORT, 5], "tnt");
    const out = attack(state, ctx, state.fighters[0]!, bob, 1, "attack");
    expect(out.result).toBe(HIT);
    expect(bob.pool).toBe(2);
    expect(ctx.consumed[3]).toMatchObject({
      kind: "roll",
      label: "Bob's active defence against 20 (+5; the last die is the shield die)",
    });
    expect(ctx.notations[1]).toBe("2d20kh1");
    expect(texts(ctx)).toContain(
      "tnt, Active defense: Bob's active defence, 2d20 keep the highest +5 (defence skill 2, best weapon or shield 3): kept die below 15, so it falls short of 20",
    );
  });

  it("a defender with no combat die left is not asked: passive defence needs no die", () => {
    const state = duel();
    const bob = state.fighters[1]!;
    bob.pool = 0;
    // Ann rolls 9 (15 against passive 8 + 2 = 10), no bypass; damage 1d8 = 4, + 1 - 3 DR.
    const ctx = ScriptContext.fromValues([9, false, 4], "tnt");
    const out = attack(state, ctx, state.fighters[0]!, bob, 1, "attack");
    expect(out).toMatchObject({ result: HIT, total: 15, activeDefence: false });
    expect(ctx.consumed.map((a) => (a.kind === "decide" ? a.question : a.label))).toEqual([
      "Ann's attack",
      "bypass",
      "Ann's damage",
    ]);
    expect(ctx.notations).toEqual(["1d20", "1d8"]);
    expect(bob.hp).toBe(20 - 2);
  });

  it("a defender's natural 20 makes even an attacker's natural 20 miss", () => {
    const state = duel();
    const ctx = ScriptContext.fromValues([20, false, 1, DEFENCE_NATURAL_20, 0], "tnt");
    expect(attack(state, ctx, state.fighters[0]!, state.fighters[1]!, 1, "attack").result).toBe(
      MISS,
    );
  });
});

describe("Counter-attack (the Codex Martialis default)", () => {
  // Ann rolls 12: 12 + 3 + 3 = 18. Bob rolls one die of active defence and reaches it.
  const opening = [12, false, 1, DEFENCE_REACHES];

  it("after a successful active defence, leftover dice attack back against the attacker's original roll", () => {
    const state = duel();
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    // Bob counters with his 2 dice: no anger, kept 13, no bypass: 13 + 3 + 3 = 19 > 18; 1d8 = 6 (no Master Stroke: one die rolled).
    const ctx = ScriptContext.fromValues([...opening, 2, false, 13, false, 6, false], "tnt");
    attack(state, ctx, ann, bob, 1, "attack");
    expect(texts(ctx)).toContain(
      "tnt, Counter-attack (Codex Martialis default): against Ann's original roll (natural 12): 19 is above 18: hit for basic damage",
    );
    expect(ann.hp).toBe(20 - (6 + 1 - 3));
    expect(bob.pool).toBe(0);
  });

  it("a counter-attack that only ties the original roll misses (ties go to the defender)", () => {
    const state = duel();
    const ctx = ScriptContext.fromValues([...opening, 2, false, 12, false, false], "tnt");
    attack(state, ctx, state.fighters[0]!, state.fighters[1]!, 1, "attack");
    expect(state.fighters[0]!.hp).toBe(20);
  });

  it("from onset, a counter-attack may carry the counter-attacker into melee range", () => {
    const state = duel();
    const ctx = ScriptContext.fromValues([...opening, 1, 2, false, true], "tnt");
    attack(state, ctx, state.fighters[0]!, state.fighters[1]!, 1, "attack");
    expect(rangeOf(state, state.fighters[0]!, state.fighters[1]!)).toBe("melee");
  });

  it("with counterAttack off, a successful active defence is the end of it", () => {
    const state = duel(undefined, undefined, "onset", { counterAttack: "off" });
    const ctx = ScriptContext.fromValues(opening, "tnt");
    attack(state, ctx, state.fighters[0]!, state.fighters[1]!, 1, "attack");
    expect(ctx.used).toBe(opening.length);
  });

  it("at grapple range with grappleAttacks small-weapons-only, a long weapon cannot counter-attack (Ranged combat and grappling)", () => {
    const dagger = { combatDice: 3, attackSkill: 3, weapon: "dagger" };
    // Ann's dagger at grapple: roll 12, no bypass: 12 + 3 attack skill + 3 speed = 18. Bob (longsword,
    // mail) rolls one die of active defence and reaches it: the attack misses.
    const script = [12, false, 1, DEFENCE_REACHES];
    const asMelee = duel(dagger, undefined, "grapple");
    const ctx = ScriptContext.fromValues(script, "tnt");
    const pending = pendingOf(() =>
      attack(asMelee, ctx, asMelee.fighters[0]!, asMelee.fighters[1]!, 1, "attack"),
    );
    expect(pending).toMatchObject({ kind: "decide", actor: "bob", question: "counter" });

    const smallOnly = duel(dagger, undefined, "grapple", { grappleAttacks: "small-weapons-only" });
    const ctx2 = ScriptContext.fromValues(script, "tnt");
    const out = attack(
      smallOnly,
      ctx2,
      smallOnly.fighters[0]!,
      smallOnly.fighters[1]!,
      1,
      "attack",
    );
    expect(out).toMatchObject({ result: MISS, total: 18, activeDefence: true });
    expect(ctx2.used).toBe(script.length);
    expect(smallOnly.fighters[1]!.pool).toBe(2);
  });

  it("no counter-attack after a passive defence", () => {
    const state = duel();
    const ctx = ScriptContext.fromValues([2, false, 0], "tnt");
    attack(state, ctx, state.fighters[0]!, state.fighters[1]!, 1, "attack");
    expect(ctx.used).toBe(3);
  });
});
