import { describe, expect, it } from "vitest";
import { cardOf, keyWords } from "./card-data.js";
import type { CombatantView } from "./types.js";

const tombril: CombatantView = {
  id: "tombril",
  name: "Tombril",
  side: "party",
  status: "55/55 SP, 0/12 injuries",
  out: false,
  fields: { damageDice: 5, inHand: "shortsword+2", flags: [], shield: null },
};

describe("a combatant's card", () => {
  it("writes today's field names in words", () => {
    expect(keyWords("damageDice")).toBe("damage dice");
    expect(keyWords("maxStamina")).toBe("max stamina");
    expect(keyWords("armourHp")).toBe("armour HP");
    expect(keyWords("str")).toBe("STR");
  });

  it("leaves out empty fields and keeps no raw name", () => {
    expect(cardOf(tombril).details).toEqual([
      { label: "damage dice", value: "5" },
      { label: "in hand", value: "shortsword+2" },
    ]);
  });

  it("takes the ruleset's labelled fields when the view carries them", () => {
    const labelled = {
      ...tombril,
      health: [{ label: "Stamina", value: 37, max: 68, unit: "SP" }],
      conditions: [{ id: "stunned", label: "stunned", rounds: 2 }],
      details: [{ label: "Damage dice", value: "5d6" }],
      place: { at: 0, reach: 5, label: "0 ft, reach 5 ft" },
    };
    expect(cardOf(labelled)).toMatchObject({
      health: labelled.health,
      conditions: labelled.conditions,
      details: labelled.details,
      place: labelled.place,
    });
  });
});
