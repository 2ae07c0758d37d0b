import { describe, expect, it } from "vitest";
import { swordsWizardryFitz } from "./index.js";
import { play, skirmish, stateOf } from "./test-support/play.js";

describe("views", () => {
  const def = skirmish(
    [
      {
        id: "ann",
        name: "Ann",
        class: "fighter",
        level: 3,
        hitPoints: 20,
        weapons: ["long-sword"],
      },
    ],
    [
      { id: "bob", name: "Bob", hitDice: 2, hitPoints: 10, weapons: ["club"] },
      { id: "cat", name: "Cat", hitDice: 1, hitPoints: 5, invisible: true, weapons: ["dagger"] },
    ],
    { undetected: ["cat"] },
  );

  it("the GM sees everything; a side sees its foes only as the table would, and an undetected invisible foe not at all", () => {
    const s = stateOf(play(def, [[6], [1], [1], 0, 0, 0, "attack:bob:long-sword", [15], [7]]));
    const gm = swordsWizardryFitz.view(s, { kind: "gm" });
    expect(gm.find((v) => v.id === "bob")!.status).toBe("3/10 HP");
    expect(gm.find((v) => v.id === "cat")!.status).toBe("5/5 HP, invisible");
    const party = swordsWizardryFitz.view(s, { kind: "side", side: "party" });
    expect(party.find((v) => v.id === "bob")).toEqual({
      id: "bob",
      name: "Bob",
      side: "foes",
      status: "badly wounded",
      out: false,
      fields: { weapons: ["club"], position: 5 },
    });
    expect(party.find((v) => v.id === "cat")).toEqual({
      id: "cat",
      name: "Cat",
      side: "foes",
      status: "unseen",
      out: false,
      fields: {},
    });
    expect(party.find((v) => v.id === "ann")).toEqual(gm.find((v) => v.id === "ann"));
  });
});
