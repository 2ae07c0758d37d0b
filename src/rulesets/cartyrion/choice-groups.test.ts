// The groups of a Combat Turn's action decision (procedures/actions.ts), as the console lists them
// under Attack, Move, Defend and Other: Tombril's first turn against the Hill Giant.
import { describe, expect, it } from "vitest";
import { Encounter } from "../../engine/encounter.js";
import { choicesAt, groupValues } from "../../engine/test-support/scripted.js";
import { loadEncounter } from "./test-support/play.js";

describe("cartyrion's action options carry their groups", () => {
  it("Tombril's first turn: attacks and the grapple, the parry and hiding, moving away, the rest", () => {
    const e = new Encounter(loadEncounter("tombril-and-the-hill-giant.yaml"));
    const byGroup = groupValues(choicesAt(e, 3, "tombril", "action"));
    expect([...byGroup.keys()]).toEqual(["attack", "defend", "move", "other"]);
    expect(byGroup.get("attack")).toEqual([
      "attack:giant:shortsword",
      "attack:giant:shortsword/back",
      "power:giant:shortsword",
      "power:giant:shortsword/back",
      "sneak:giant:shortsword",
      "sneak:giant:shortsword/back",
      "attack:giant:unarmed",
      "attack:giant:unarmed/back",
      "sneak:giant:unarmed",
      "sneak:giant:unarmed/back",
      "grapple:giant",
    ]);
    expect(byGroup.get("defend")).toEqual(["parry:weapon", "hide"]);
    expect(byGroup.get("move")).toEqual(["withdraw", "dash:away", "leap:away"]);
    expect(byGroup.get("other")).toEqual(["sheath", "other", "wait"]);
  });

  it("a goblin far from the party: charging and taking aim are attacks, dashing toward a foe a move", () => {
    const e = new Encounter(loadEncounter("ambush-on-the-forest-road.yaml"));
    const groups = new Map(choicesAt(e, 3, "goblin-3", "action").map((c) => [c.value, c.group]));
    expect(groups.get("charge:janine:shortsword")).toBe("attack");
    expect(groups.get("aim:janine")).toBe("attack");
    expect(groups.get("advance:janine")).toBe("move");
    expect(groups.get("dash:janine")).toBe("move");
    expect(groups.get("leap:away")).toBe("move");
  });
});
