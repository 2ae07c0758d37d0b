// A combatant's stats and gear in an encounter file: defaults, Codex Martialis's prowess, custom
// gear, and errors that name the field and what is allowed.
import { describe, expect, it } from "vitest";
import { combatDiceOf, combatantSchema, readStats, weaponOf } from "./stats.js";

function error(raw: unknown): string {
  const r = combatantSchema.safeParse(raw);
  expect(r.success).toBe(false);
  return r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
}

describe("combatant stats", () => {
  it("defaults: 3 combat dice, 20 hit points, no armour, no shield, skills 0", () => {
    const s = readStats({ weapon: "longsword" });
    expect(combatDiceOf(s)).toBe(3);
    expect(s).toMatchObject({
      hitPoints: 20,
      armour: "none",
      shield: "none",
      attackSkill: 0,
      defenceSkill: 0,
    });
  });

  it("combat dice from prowess as Codex Martialis gives them: prowess + 1, at most 4", () => {
    expect(combatDiceOf(readStats({ weapon: "axe", prowess: 0 }))).toBe(1);
    expect(combatDiceOf(readStats({ weapon: "axe", prowess: 2 }))).toBe(3);
    expect(combatDiceOf(readStats({ weapon: "axe", prowess: 7 }))).toBe(4);
    expect(error({ weapon: "axe", prowess: 1, combatDice: 4 })).toContain(
      "combatDice and prowess disagree",
    );
  });

  it("combat dice are 1 to 4", () => {
    expect(error({ weapon: "axe", combatDice: 5 })).toBe(
      "combatDice: combatDice is 1 to 4 (Combat dice)",
    );
  });

  it("an unknown weapon names the known ones", () => {
    expect(error({ weapon: "sward" })).toMatch(
      /^weapon: unknown weapon "sward"; known: arming-sword, axe, club, dagger/,
    );
  });

  it("a missing weapon says what to give", () => {
    expect(error({})).toMatch(/^weapon: weapon is required: one of arming-sword, /);
  });

  it("a weapon may be a full record", () => {
    const s = readStats({
      weapon: { name: "Falchion", damageDie: 8, damageType: "chop", reach: 1, speed: 2 },
    });
    expect(weaponOf(s)).toEqual({
      name: "Falchion",
      damageDie: 8,
      damageType: "chop",
      reach: 1,
      speed: 2,
      defence: 0,
      armourPiercing: 0,
      small: false,
    });
    expect(error({ weapon: { damageDie: 8, damageType: "stab" } })).toBe(
      "weapon.damageType: damageType is one of blunt, pierce, slash, chop",
    );
  });

  it("unknown fields are refused", () => {
    expect(error({ weapon: "axe", armor: "mail" })).toContain('Unrecognized key: "armor"');
  });
});
