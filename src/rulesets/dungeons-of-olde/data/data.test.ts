// The chapter's tables as RULES-NOTES.md 004 gives them, and their internal consistency.
import { describe, expect, it } from "vitest";
import { dungeonsOfOlde } from "../index.js";
import { ARMOUR, SHIELDS } from "./armour.js";
import { CR_LADDER, OUTCOME_ROWS } from "./rules.js";
import { MELEE, RANGED } from "./weapons.js";

describe("Melee Weapons table", () => {
  it("reach, Brawn Minimums and damage of each group, as the chapter lists them", () => {
    expect(MELEE.broadsword).toMatchObject({
      skill: "sword",
      stat: "brawn",
      reachMin: 1,
      reachMax: 1,
      brawn1h: 8,
      brawn2h: 6,
      damage: 8,
    });
    expect(MELEE.morningstar).toMatchObject({
      skill: "mace",
      reachMin: 1,
      reachMax: 2,
      brawn1h: 12,
      brawn2h: 10,
      damage: 12,
    });
    expect(MELEE["belt-knife"]).toMatchObject({
      skill: "knife",
      stat: "finesse",
      brawn1h: 2,
      brawn2h: 0,
      damage: 3,
    });
    expect(MELEE.rapier).toMatchObject({
      skill: "fencing",
      reachMin: 1,
      reachMax: 2,
      brawn1h: 8,
      damage: 8,
    });
    expect(MELEE.pike).toMatchObject({
      skill: "spear",
      stat: "finesse",
      reachMin: 1,
      reachMax: 3,
      brawn1h: 10,
      brawn2h: 8,
    });
    expect(Object.values(MELEE).filter((w) => w.skill !== "")).toHaveLength(24);
  });

  it("knives and fencing weapons are for one hand only; the other groups give two Brawn Minimums, the two-hand one lower", () => {
    for (const w of Object.values(MELEE)) {
      if (w.skill === "knife" || w.skill === "fencing") expect(w.brawn2h, w.name).toBe(0);
      else if (w.skill !== "") expect(w.brawn2h, w.name).toBe(w.brawn1h - 2);
    }
  });
});

describe("Ranged Combat: the ranged weapons table", () => {
  it("base range, range limit, hands, Brawn Minimum and damage", () => {
    expect(RANGED.longbow).toMatchObject({
      baseRange: 12,
      limit: 8,
      hands: 2,
      brawn: 10,
      damage: 12,
    });
    expect(RANGED.crossbow).toMatchObject({
      baseRange: 10,
      limit: 4,
      hands: 2,
      brawn: 4,
      brawnReset: 8,
      damage: 8,
    });
    expect(RANGED.arbalest).toMatchObject({ brawn: 6, brawnReset: 10, damage: 10 });
    expect(RANGED["throwing-knife"]).toMatchObject({
      baseRange: 4,
      limit: 2,
      hands: 1,
      brawn: 4,
      damage: 4,
      thrown: true,
    });
    expect(RANGED.spear).toMatchObject({
      baseRange: 6,
      limit: 4,
      hands: 1,
      brawn: 8,
      damage: 8,
      thrown: true,
    });
    expect(Object.keys(RANGED)).toHaveLength(10);
  });
});

describe("Shields and Armor tables", () => {
  it("each shield's Defense bonus, Brawn Minimum and spellcasting adjustment", () => {
    expect(Object.values(SHIELDS).map((s) => [s.name, s.bonus, s.brawn, s.spellcasting])).toEqual([
      ["buckler", 1, 6, -1],
      ["roundel", 1, 6, -1],
      ["targe", 2, 8, -2],
      ["heater", 2, 8, -2],
      ["kite shield", 3, 10, -3],
      ["pavise", 3, 10, -3],
      ["tower shield", 4, 12, -4],
    ]);
  });

  it("every armour's category matches its Damage Reduction and Brawn Minimum (light 1-2 and 5-7, medium 3-4 and 8-10, heavy 5-6 and 11+)", () => {
    for (const a of Object.values(ARMOUR)) {
      if (a.category === "none") continue;
      const [dr, brawn] =
        a.category === "light"
          ? [
              [1, 2],
              [5, 7],
            ]
          : a.category === "medium"
            ? [
                [3, 4],
                [8, 10],
              ]
            : [
                [5, 6],
                [11, 99],
              ];
      expect(a.dr, a.name).toBeGreaterThanOrEqual(dr![0]!);
      expect(a.dr, a.name).toBeLessThanOrEqual(dr![1]!);
      expect(a.brawn, a.name).toBeGreaterThanOrEqual(brawn![0]!);
      expect(a.brawn, a.name).toBeLessThanOrEqual(brawn![1]!);
    }
    expect(ARMOUR["full-plate"]).toMatchObject({ dr: 6, brawn: 12 });
    expect(ARMOUR.gambeson).toMatchObject({ dr: 2, brawn: 7 });
  });
});

describe("Challenges and Critical Outcomes", () => {
  it("the CR ladder: three points a rank from Trivial 3 to Godly 21", () => {
    expect(CR_LADDER.map((r) => r.cr)).toEqual([3, 6, 9, 12, 15, 18, 21]);
  });

  it("the outcomes table: character points 2, 1, 0, 0, 1, 2 from legendary hit to disastrous miss", () => {
    expect(OUTCOME_ROWS.map((r) => r.cp)).toEqual([2, 1, 0, 0, 1, 2]);
  });

  it("every data table row says where it comes from", () => {
    for (const t of dungeonsOfOlde.tables)
      for (const r of t.rows)
        expect(["chapter", "cited", "default"], `${t.id}.${r.key}`).toContain(r.provenance.source);
    const melee = dungeonsOfOlde.tables.find((t) => t.id === "melee-weapons")!;
    expect(melee.rows.every((r) => r.provenance.source === "chapter")).toBe(true);
  });
});
