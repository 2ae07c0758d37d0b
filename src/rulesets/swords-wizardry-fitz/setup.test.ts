// What setup makes of a combatant: its Base Combat Bonus, saving throw, initiative and surprise
// dice, armour class and movement (Base Combat Bonuses, Ground Scale, and the defaults).
import { describe, expect, it } from "vitest";
import { get, stateWith } from "./test-support/table.js";
import { TABLES } from "./tables.js";

describe("Base Combat Bonuses", () => {
  it("monsters add their hit dice, up to +15; extra hit points do not count", () => {
    const s = stateWith([
      { id: "a", side: "x", hitDice: 2, hitPoints: 13 },
      { id: "b", side: "x", hitDice: 2, hitPoints: 9 },
      { id: "dragon", side: "x", hitDice: 20, hitPoints: 90 },
    ]);
    expect(["a", "b", "dragon"].map((id) => get(s, id).sheet.bcb)).toEqual([2, 2, 15]);
  });

  it("a character's comes from its class table (the fighter's is a default), or from the file", () => {
    const s = stateWith([
      { id: "f1", side: "x", class: "fighter", level: 1 },
      { id: "f10", side: "x", class: "fighter", level: 10 },
      { id: "mu", side: "x", class: "magic-user", level: 6, bcb: 2 },
    ]);
    expect(["f1", "f10", "mu"].map((id) => get(s, id).sheet.bcb)).toEqual([0, 7, 2]);
  });
});

describe("armour class, saves and movement", () => {
  it("ascending AC: 10, armour and shield, DEX apart; a monster's AC from its file", () => {
    const s = stateWith([
      { id: "k", side: "x", armour: "plate", shield: "shield", armourMagic: 1, dex: 16 },
      { id: "m", side: "x", hitDice: 1, ac: 14 },
    ]);
    expect([get(s, "k").sheet.baseAc, get(s, "k").sheet.dexAc, get(s, "m").sheet.baseAc]).toEqual([
      18, 1, 14,
    ]);
  });

  it("Invisible Opponents: monsters of more than 11 hit dice see invisible creatures normally", () => {
    const s = stateWith([
      { id: "troll", side: "x", hitDice: 11 },
      { id: "dragon", side: "x", hitDice: 12 },
    ]);
    expect([get(s, "troll").sheet.seesInvisible, get(s, "dragon").sheet.seesInvisible]).toEqual([
      false,
      true,
    ]);
  });

  it("Subdual Damage: generally only humanoids and special creatures are subdued: characters and NPCs by default, a monster only when its file says so", () => {
    const s = stateWith([
      { id: "pc", side: "x", level: 1 },
      { id: "npc", side: "x", level: 1, kind: "npc" },
      { id: "wolf", side: "x", hitDice: 2 },
      { id: "dragon", side: "x", hitDice: 9, subduable: true },
    ]);
    expect(["pc", "npc", "wolf", "dragon"].map((id) => get(s, id).sheet.subduable)).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });

  it("Surprise: the die is a d6 unless class, species or level make it another of the ladder, up to a d30", () => {
    const s = stateWith([
      { id: "a", side: "x" },
      { id: "b", side: "x", surpriseDie: 8 },
      { id: "c", side: "x", surpriseDie: 30 },
    ]);
    expect(["a", "b", "c"].map((id) => get(s, id).sheet.surpriseDie)).toEqual([6, 8, 30]);
    expect(() => stateWith([{ id: "d", side: "x", surpriseDie: 7 }])).toThrow();
  });

  it("Ground Scale: 1 inch is 5 feet, so a movement rate of 12 is 60 feet a round", () => {
    expect(get(stateWith([{ id: "a", side: "x" }]), "a").sheet.speed).toBe(60);
    expect(get(stateWith([{ id: "a", side: "x", speed: 9 }]), "a").sheet.speed).toBe(45);
  });

  it("a default saving throw: 15 at level 1 and one better a level (Blogo's 10 at 6th), monsters 19 - hit dice", () => {
    const s = stateWith([
      { id: "l1", side: "x", level: 1 },
      { id: "l6", side: "x", level: 6 },
      { id: "m3", side: "x", hitDice: 3 },
    ]);
    expect(["l1", "l6", "m3"].map((id) => get(s, id).sheet.save)).toEqual([15, 10, 16]);
  });
});

describe("the data tables", () => {
  const keys = (id: string) => TABLES.find((t) => t.id === id)!.rows.map((r) => r.key);

  it("3. Determine Initiative: COMBAT INITIATIVE rows read as the chapter's DEX bands", () => {
    expect(keys("initiative-dice")).toEqual([
      "DEX 25+",
      "DEX 21-24",
      "DEX 18-20",
      "DEX 15-17",
      "DEX 9-14",
      "DEX 6-8",
      "DEX 4-5",
      "DEX 3 or less",
    ]);
  });

  it("the Strength and Dexterity rows name the band of scores each modifier is for", () => {
    expect(keys("abilities")).toEqual([
      "STR 18+",
      "STR 17",
      "STR 16",
      "STR 13-15",
      "STR 9-12",
      "STR 7-8",
      "STR 5-6",
      "STR 4 or less",
      "DEX 13+",
      "DEX 9-12",
      "DEX 8 or less",
    ]);
  });
});
