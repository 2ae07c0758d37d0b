// Calculate attack and defense scores, Passive and Active defense, Armor and damage reduction.
import { describe, expect, it } from "vitest";
import {
  activeDefenceBonus,
  activeDefenceDice,
  attackModifier,
  canAttackAt,
  damageReduction,
  passiveDefence,
} from "./scores.js";
import { DEFAULT_SWITCHES } from "../switches.js";
import { duel } from "../test-support/fixtures.js";

const sw = DEFAULT_SWITCHES;

describe("Onset range and the attack formula", () => {
  const state = duel(
    { combatDice: 3, attackSkill: 3, weapon: "spear" },
    { combatDice: 3, weapon: "dagger", armour: "plate" },
  );
  const [ann, bob] = state.fighters as [
    NonNullable<(typeof state.fighters)[0]>,
    NonNullable<(typeof state.fighters)[1]>,
  ];

  it("at onset range the weapon's reach bonus is added to the attack skill", () => {
    expect(attackModifier(ann, "onset", false, sw)).toBe(3 + 4);
  });

  it("at melee range the weapon's speed bonus replaces the reach bonus", () => {
    expect(attackModifier(ann, "melee", false, sw)).toBe(3 + 0);
    expect(attackModifier(bob, "melee", false, sw)).toBe(0 + 3);
  });

  it("an armour-bypass attack subtracts the bypass penalty (4, after Codex Martialis)", () => {
    expect(attackModifier(ann, "onset", true, sw)).toBe(3 + 4 - 4);
    expect(attackModifier(ann, "onset", true, { ...sw, bypassPenalty: 6 })).toBe(3 + 4 - 6);
  });

  it("grapple range has no formula in the chapter: by default the melee formula, or small weapons only", () => {
    expect(attackModifier(bob, "grapple", false, sw)).toBe(attackModifier(bob, "melee", false, sw));
    expect(canAttackAt(ann, "grapple", sw)).toBe(true);
    const small = { ...sw, grappleAttacks: "small-weapons-only" as const };
    expect(canAttackAt(ann, "grapple", small)).toBe(false);
    expect(canAttackAt(bob, "grapple", small)).toBe(true);
    expect(canAttackAt(ann, "disengaged", sw)).toBe(false);
  });
});

describe("Passive defense", () => {
  it("is 8 + defence skill + the shield's defence score; a weapon's defence does not count", () => {
    const state = duel(
      { defenceSkill: 3, weapon: "quarterstaff", shield: "kite" },
      { defenceSkill: 2, weapon: "longsword" },
    );
    expect(passiveDefence(state.fighters[0]!)).toBe(8 + 3 + 3);
    expect(passiveDefence(state.fighters[1]!)).toBe(8 + 2);
  });
});

describe("Active defense", () => {
  it("rolls the pool dice chosen plus one extra d20 with a shield", () => {
    const state = duel({ weapon: "longsword", shield: "buckler" }, { weapon: "longsword" });
    expect(activeDefenceDice(state.fighters[0]!, 2)).toBe(3);
    expect(activeDefenceDice(state.fighters[1]!, 2)).toBe(2);
  });

  it("adds the defence skill and the highest defence value of weapon or shield", () => {
    const state = duel(
      { defenceSkill: 2, weapon: "longsword", shield: "buckler" },
      { defenceSkill: 1, weapon: "dagger", shield: "tower" },
    );
    expect(activeDefenceBonus(state.fighters[0]!)).toBe(2 + 3); // longsword 3 > buckler 1
    expect(activeDefenceBonus(state.fighters[1]!)).toBe(1 + 4); // tower 4 > dagger 1
  });
});

describe("Armor and damage reduction", () => {
  it("DR is the armour's DR less the weapon's armour piercing, never below 0", () => {
    const state = duel(
      { weapon: "warhammer", armour: "mail" },
      { weapon: "dagger", armour: "mail" },
    );
    const [ann, bob] = [state.fighters[0]!, state.fighters[1]!];
    expect(damageReduction(bob, ann, false)).toBe(3 - 1); // dagger AP 1 against mail 3
    expect(damageReduction(ann, bob, false)).toBe(0); // warhammer AP 3 against mail 3
  });

  it("an armour-bypass attack subtracts nothing for DR", () => {
    const state = duel({ weapon: "longsword" }, { weapon: "longsword", armour: "plate" });
    expect(damageReduction(state.fighters[0]!, state.fighters[1]!, true)).toBe(0);
    expect(damageReduction(state.fighters[0]!, state.fighters[1]!, false)).toBe(5);
  });
});
