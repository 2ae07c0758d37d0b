// Encounter files: what a combatant may say, and errors that name the field and what it allows.
import { describe, expect, it } from "vitest";
import { encounterFrom } from "./test-support/play.js";
import { dungeonsOfOlde } from "./index.js";

const file = (combatant: Record<string, unknown>, options: Record<string, unknown> = {}) => ({
  ruleset: "dungeons-of-olde",
  sides: [{ id: "a" }, { id: "b" }],
  options,
  combatants: [
    { id: "x", side: "a", brawn: 8, finesse: 8, nerve: 8, ...combatant },
    { id: "y", side: "b", brawn: 8, finesse: 8, nerve: 8 },
  ],
});

describe("a combatant in an encounter file", () => {
  it("an unknown weapon is refused with the keys the tables know", () => {
    expect(() => encounterFrom(file({ weapons: ["sward"] }))).toThrow(
      /unknown weapon "sward"; known: arbalest, backsword/,
    );
  });

  it("unknown armour and shields are refused the same way", () => {
    expect(() => encounterFrom(file({ armour: "mithril" }))).toThrow(
      /unknown armour "mithril"; known: brigandine/,
    );
    expect(() => encounterFrom(file({ shield: "door" }))).toThrow(
      /unknown shield "door"; known: buckler/,
    );
  });

  it("stats are whole numbers from 1 to 40", () => {
    expect(() => encounterFrom(file({ brawn: 0 }))).toThrow(/brawn is a whole number from 1 to 40/);
  });

  it("a weapon not in the tables is a record with a melee or ranged profile", () => {
    const def = encounterFrom(
      file({
        weapons: [
          {
            name: "scythe",
            melee: {
              skill: "axe",
              stat: "brawn",
              reach: [1, 2],
              brawn1h: 10,
              brawn2h: 8,
              damage: 10,
            },
          },
        ],
      }),
    );
    const s = dungeonsOfOlde.setup(def.setup);
    const w = s.combatants[0]!.weapons[0]!;
    expect(w.id).toBe("scythe");
    expect(w.melee).toMatchObject({ reachMin: 1, reachMax: 2, damage: 10 });
    expect(w.grip).toBe(2);
  });

  it("a javelin and a spear are in both tables: they can be thrust or thrown", () => {
    const s = dungeonsOfOlde.setup(encounterFrom(file({ weapons: ["javelin"] })).setup);
    const w = s.combatants[0]!.weapons[0]!;
    expect(w.melee).not.toBeNull();
    expect(w.ranged).toMatchObject({ baseRange: 8, limit: 4, thrown: true });
  });

  it("encounter options name combatants that exist", () => {
    const def = encounterFrom(file({}, { surprised: ["z"] }));
    expect(() => dungeonsOfOlde.setup(def.setup)).toThrow(
      /options.surprised: unknown combatant "z"; combatants: x, y/,
    );
    expect(() => encounterFrom(file({}, { cover: { x: "total" } }))).toThrow(
      /cover is "clear", "partial" or "minimal"/,
    );
  });

  it("a combatant may start wounded; at 0 HP or less it starts incapacitated", () => {
    const s = dungeonsOfOlde.setup(encounterFrom(file({ currentHitPoints: 0 })).setup);
    expect(s.combatants[0]!.status).toBe("incapacitated");
  });
});
