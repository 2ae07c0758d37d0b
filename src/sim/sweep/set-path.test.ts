import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../engine/json.js";
import { setPath } from "./set-path.js";

const raw = {
  ruleset: "skirmish",
  options: { range: 3 },
  combatants: [
    { id: "ann", side: "red", hp: 12 },
    { id: "bob", side: "blue", hp: 10, gear: { armour: 1 } },
  ],
};
const file = raw as unknown as JsonObject;

describe("setting a path into an encounter file", () => {
  it("finds a combatant by id or by position, and leaves the original alone", () => {
    expect(setPath(file, "combatants.bob.hp", 20).combatants).toEqual([
      raw.combatants[0],
      { ...raw.combatants[1], hp: 20 },
    ]);
    expect((setPath(file, "combatants[0].hp", 5).combatants as { hp: number }[])[0]!.hp).toBe(5);
    expect((setPath(file, "combatants.0.hp", 6).combatants as { hp: number }[])[0]!.hp).toBe(6);
    expect(raw.combatants[1]!.hp).toBe(10);
  });

  it("sets nested and new fields", () => {
    expect(
      (
        setPath(file, "combatants.bob.gear.armour", 3).combatants as { gear?: { armour: number } }[]
      )[1]!.gear,
    ).toEqual({ armour: 3 });
    expect(setPath(file, "options.range", 9).options).toEqual({ range: 9 });
    expect(setPath(file, "switches.bonusOnSix", false).switches).toEqual({ bonusOnSix: false });
  });

  it("names what is missing", () => {
    expect(() => setPath(file, "combatants.zed.hp", 1)).toThrow(
      /no entry with id "zed" in combatants/,
    );
    expect(() => setPath(file, "combatants.7.hp", 1)).toThrow(/combatants has 2 entries, no \[7\]/);
    expect(() => setPath(file, "ruleset.x", 1)).toThrow(
      /ruleset is "skirmish", not an object or a list/,
    );
  });
});
