// A combatant's stats and gear in an encounter file: defaults, Codex Martialis's prowess, custom
// gear, and errors that name the field and what is allowed.
import { describe, expect, it } from "vitest";
import { combatDiceOf, combatantStatsSchema, readStats, weaponOf } from "./schema.js";
import { SWITCH_DEFS } from "./switches.js";

function error(raw: unknown): string {
  const r = combatantStatsSchema.safeParse(raw);
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

  it("a weapon record without its damage die says what the field is and its range", () => {
    expect(error({ weapon: { damageType: "slash" } })).toBe(
      "weapon.damageDie: damageDie is the sides of the weapon's damage die, a whole number 2 to 100",
    );
  });

  it("a field a record does not have is named, with the fields the record has", () => {
    expect(error({ weapon: { damageDie: 8, damageType: "slash", reachh: 2 } })).toBe(
      'weapon.reachh: unknown field "reachh"; a weapon record has name, damageDie, damageType, reach, speed, defence, armourPiercing, small',
    );
    expect(error({ weapon: "axe", armour: { dr: 2, cover: 3 } })).toBe(
      'armour.cover: unknown field "cover"; an armour record has name, dr',
    );
  });

  it("gear that is neither a key nor a record says what to give", () => {
    expect(error({ weapon: 5 })).toMatch(
      /^weapon: weapon is 5; it is one of arming-sword, .*, or a full record \{ name, damageDie, /,
    );
    expect(error({ weapon: "axe", shield: ["round"] })).toMatch(
      /^shield: shield is \["round"\]; it is one of buckler, .*, or a full record \{ name, defence \}$/,
    );
  });

  it("numbers out of range give the range (Combat dice: prowess; hit points; DR)", () => {
    expect(error({ weapon: "axe", prowess: 11 })).toBe("prowess: prowess is 0 to 10");
    expect(error({ weapon: "axe", hitPoints: 5000 })).toBe("hitPoints: hitPoints is 1 to 1000");
    expect(error({ weapon: "axe", armour: { dr: 99 } })).toBe("armour.dr: dr is 0 to 30");
    expect(error({ weapon: { damageDie: 8, damageType: "slash", armourPiercing: -1 } })).toBe(
      "weapon.armourPiercing: armourPiercing is 0 to 30",
    );
  });
});

describe("switch values", () => {
  const check = (key: string, value: unknown): string => {
    const r = SWITCH_DEFS.find((s) => s.key === key)!.schema.safeParse(value);
    expect(r.success).toBe(false);
    return r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  };

  it("a bypass penalty out of range gives the range and Codex Martialis's 4", () => {
    expect(check("bypassPenalty", -1)).toBe(": bypassPenalty is 0 to 20 (Codex Martialis: 4)");
    expect(check("bypassPenalty", "4")).toBe(
      ": bypassPenalty is a whole number 0 to 20 (Codex Martialis: 4)",
    );
  });

  it("crit dice name the four damage types they need", () => {
    expect(check("critDice", { blunt: 6, pierce: 6, chop: 8 })).toBe(
      "slash: give the sides of the crit die of blunt, pierce, chop and slash: 2 to 100 each",
    );
  });

  it("yes/no switches say so", () => {
    expect(check("ridersOnBasicHits", "yes")).toBe(": ridersOnBasicHits is true or false");
  });
});
