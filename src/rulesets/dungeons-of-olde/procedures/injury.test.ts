// Hit points and injury (core rules; Injury and Healing Reference), stunning blows, first aid.
import { ownSteady } from "../own-steady.js";
import { describe, expect, it } from "vitest";
import { checkChance, HIT } from "../dice/specs.js";
import { NORMAL } from "../dice/stat-die.js";
import { dungeonsOfOlde } from "../index.js";
import { A, B, duel, RollScript, skirmish } from "../test-support/play.js";
import { attackSpec, resolveAttack } from "./attack.js";
import { wielded } from "./derived.js";
import { applyDamage, bleed, injuryStatus } from "./injury.js";
import { resetPhase, takeRound } from "./turn.js";

describe("Hit points", () => {
  it("HP = Brawn + Nerve / 2, rounded down; an encounter file may give hitPoints instead", () => {
    const s = duel({ brawn: 9, nerve: 7 }, { hitPoints: 20 });
    expect(A(s).steady.sheet.maxHp).toBe(12);
    expect(B(s).steady.sheet.maxHp).toBe(20);
  });

  it("at 0 HP or less a character is incapacitated and dying, losing 1 HP at every reset; at minus its maximum it is dead", () => {
    const s = duel({}, {});
    const b = B(s);
    const ctx = new RollScript([]);
    applyDamage(s, b, 12, ctx);
    expect(b.status).toBe("incapacitated");
    expect(b.steady.bleeding).toBe(true);
    expect(injuryStatus(b)).toBe("incapacitated");
    for (let i = 0; i < 11; i += 1) bleed(s, b, ctx);
    expect(b.hp).toBe(-11);
    expect(b.status).toBe("incapacitated");
    bleed(s, b, ctx);
    expect(b.status).toBe("dead");
  });

  it("Injury Status: healthy, bruised at half or more, bloodied below half", () => {
    const s = duel({}, {});
    const b = B(s);
    expect(injuryStatus(b)).toBe("healthy");
    b.hp = 6;
    expect(injuryStatus(b)).toBe("bruised");
    b.hp = 5;
    expect(injuryStatus(b)).toBe("bloodied");
  });
});

describe("Stunning blows", () => {
  it("damage over half the maximum HP stuns unless a Brawn or Nerve check reaches a CR equal to the damage", () => {
    const s = duel({}, { brawn: 10, nerve: 6 });
    const b = B(s);
    // 7 of 13 HP: more than half. The check fails.
    applyDamage(s, b, 7, new RollScript([0]));
    expect(b.steady.stunned).toBe(true);
    const t = duel({}, {});
    applyDamage(t, B(t), 7, new RollScript([1]));
    expect(B(t).steady.stunned).toBe(false);
  });

  it("exactly half is not a stunning blow", () => {
    const s = duel({}, {});
    applyDamage(s, B(s), 6, new RollScript([]));
    expect(B(s).steady.stunned).toBe(false);
  });

  it("the check uses the better of Brawn and Nerve", () => {
    const s = duel({}, { brawn: 6, nerve: 12 });
    const ctx = new RollScript([0]);
    applyDamage(s, B(s), 7, ctx);
    expect(ctx.rolls[0]!.notation).toBe("2d12!");
    expect(checkChance(12, NORMAL, -7)).toBeGreaterThan(checkChance(6, NORMAL, -7));
  });

  it("attacks on a stunned character need only CR 6; a stunned character acts no more until the reset phase removes the stun", () => {
    const s = duel({ weapons: ["club"] }, {});
    ownSteady(B(s)).stunned = true;
    expect(attackSpec(s, A(s), B(s), wielded(A(s)), "melee").notation).toBe("2d8!");
    s.turn = 2;
    resetPhase(s, new RollScript([4, 4]));
    expect(B(s).steady.stunned).toBe(false);
  });
});

describe("First aid", () => {
  it("binding the wounds of an incapacitated ally (3 AP, a Healing check against CR 9) restores 2 HP; back at 1 HP or more it is conscious again", () => {
    const def = skirmish(
      [
        { id: "a", name: "Ana", savvy: 10, skills: ["healing"] },
        { id: "c", name: "Cay" },
      ],
      [{ id: "b", name: "Bo" }],
      { positions: { b: 10 } },
    );
    const s = dungeonsOfOlde.setup(def.setup);
    const cay = s.combatants[1]!;
    cay.hp = -1;
    cay.status = "incapacitated";
    ownSteady(cay).bleeding = true;
    const ana = s.combatants[0]!;
    ana.ap = 3;
    const ctx = new RollScript([1]);
    expect(takeRound(s, ana, 1, ctx)).toBe(true);
    expect(ctx.decisions).toEqual(['a:action-1="first-aid:c:bind"']);
    expect(ctx.rolls[0]!.notation).toBe("2d10!");
    expect(cay.hp).toBe(1);
    expect(cay.status).toBe("fighting");
    expect(ana.ap).toBe(0);
  });

  it("stabilizing stops the bleeding; without the Healing skill the check takes -2", () => {
    const def = skirmish(
      [
        { id: "a", name: "Ana" },
        { id: "c", name: "Cay" },
      ],
      [{ id: "b", name: "Bo" }],
      { positions: { b: 10 } },
    );
    const s = dungeonsOfOlde.setup(def.setup);
    const cay = s.combatants[1]!;
    cay.hp = -5;
    cay.status = "incapacitated";
    ownSteady(cay).bleeding = true;
    const ana = s.combatants[0]!;
    ana.ap = 3;
    const ctx = new RollScript([1]);
    takeRound(s, ana, 1, ctx);
    expect(ctx.decisions).toEqual(['a:action-1="first-aid:c:stabilize"']);
    expect(cay.steady.bleeding).toBe(false);
    expect(ctx.texts.some((t) => t.includes("-2 untrained"))).toBe(true);
  });

  it("a hit that drops a character to 0 incapacitates it without a stunning check", () => {
    const s = duel({ weapons: ["greatsword"], brawn: 12 }, {});
    const ctx = new RollScript([HIT, 12]);
    resolveAttack(s, A(s), B(s), wielded(A(s)), "melee", ctx);
    expect(B(s).status).toBe("incapacitated");
    expect(ctx.rolls).toHaveLength(2);
  });
});
