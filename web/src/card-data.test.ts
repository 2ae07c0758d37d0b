import { describe, expect, it } from "vitest";
import { cardOf } from "./card-data.js";
import type { CombatantView } from "./types.js";

const tombril: CombatantView = {
  id: "tombril",
  name: "Tombril",
  side: "party",
  status: "37/55 SP, 0/12 injuries",
  out: false,
  health: [{ label: "Stamina", value: 37, max: 55, unit: "SP" }],
  conditions: [{ id: "surprised", label: "surprised" }],
  details: [{ label: "Damage dice", value: "5d6" }],
  place: { at: 0, reach: 5, label: "at 0 ft, reach 5 ft" },
};

describe("a combatant's card", () => {
  it("takes the ruleset's labelled fields", () => {
    expect(cardOf(tombril)).toMatchObject({
      health: tombril.health,
      conditions: tombril.conditions,
      details: tombril.details,
      place: tombril.place,
    });
    expect(cardOf({ ...tombril, place: undefined }).place).toBeNull();
  });

  it("says a condition once, as its badge, not again in the status line", () => {
    // cartyrion's status names its conditions for `fray play`, which has no badges.
    const surprised = { ...tombril, status: "22/22 SP, 0/12 injuries, surprised" };
    expect(cardOf(surprised).status).toBe("22/22 SP, 0/12 injuries");
    // A foe's status in words keeps its words; a condition that is no badge stays.
    const foe = { ...tombril, status: "fresh, surprised, parrying" };
    expect(cardOf(foe).status).toBe("fresh, parrying");
  });

  it("says how it is out once, as its out badge, not again in the status line", () => {
    const gone = { ...tombril, out: true, status: "withdrew, javelin broken", outAs: "withdrew" };
    expect(cardOf(gone)).toMatchObject({ outAs: "withdrew", status: "javelin broken" });
    // A foe's "dead" is all its status said: none is left.
    expect(cardOf({ ...gone, status: "dead", outAs: "dead" })).toMatchObject({
      outAs: "dead",
      status: "",
    });
    // The GM's full status keeps its numbers: "dead: 0/16 SP" is no bare "dead".
    expect(cardOf({ ...gone, status: "dead: 0/16 SP", outAs: "dead" }).status).toBe(
      "dead: 0/16 SP",
    );
    expect(cardOf(tombril).outAs).toBeNull();
  });
});
