import { describe, expect, it } from "vitest";
import { swordsWizardryFitz } from "./index.js";
import { autoStep } from "../../engine/autoplay.js";
import { Encounter } from "../../engine/encounter.js";
import { loadEncounter, play, skirmish, stateOf } from "./test-support/play.js";
import { ownSteady } from "./own-steady.js";

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
    const bob = gm.find((v) => v.id === "bob")!;
    expect(bob.health).toEqual([{ label: "Hit points", value: 3, max: 10, unit: "HP" }]);
    expect(bob.details.slice(0, 6)).toEqual([
      { label: "Kind", value: "monster of 2 HD" },
      { label: "Base combat bonus", value: "+2: +0 to hit, +2 to AC" },
      { label: "Armour class", value: "10 before DEX and the BCB" },
      { label: "Armour", value: "no armour" },
      { label: "Saving throw", value: "17" },
      { label: "Initiative die", value: "d6" },
    ]);
    const ann = gm.find((v) => v.id === "ann")!;
    expect(ann.health).toEqual([
      { label: "Hit points", value: 20, max: 20, unit: "HP" },
      { label: "Constitution", value: 10, max: 10, unit: "CON" },
    ]);
    const party = swordsWizardryFitz.view(s, { kind: "side", side: "party" });
    expect(party.find((v) => v.id === "bob")).toEqual({
      id: "bob",
      name: "Bob",
      side: "foes",
      status: "badly wounded",
      out: false,
      health: [],
      conditions: [],
      details: [
        { label: "Weapons", value: "club" },
        { label: "Armour", value: "no armour" },
      ],
      place: { at: 5, reach: 5, label: "at 5 ft, reach 5 ft" },
    });
    expect(party.find((v) => v.id === "cat")).toEqual({
      id: "cat",
      name: "Cat",
      side: "foes",
      status: "unseen",
      out: false,
      health: [],
      conditions: [],
      details: [],
    });
    expect(party.find((v) => v.id === "ann")).toEqual(gm.find((v) => v.id === "ann"));
  });

  it("the turn order gives a combatant's count once its initiative is rolled, not a count 0 before", () => {
    const e = play(def, [[6]]);
    expect(e.order().entries).toEqual([
      { id: "ann", state: "waiting", note: "count 6" },
      { id: "bob", state: "acting" },
      { id: "cat", state: "waiting" },
    ]);
  });

  it("the turn order puts the one acting now at the count in play, before those still to come", () => {
    // The group fight (seed 3): Orc 1 strikes at count 6, then Orc 2 on the same count; the one
    // acting stood last (no one named next), and Orc 4's counts read "4, 6" in round 2.
    const e = new Encounter(loadEncounter("group-fight.yaml"));
    const ids = () => e.order().entries.map((x) => `${x.id} ${x.state}`);
    while (e.log.length < 24 && autoStep(e, 3));
    expect(ids().slice(0, 3)).toEqual(["tam done", "orc1 acting", "orc2 waiting"]);
    autoStep(e, 3);
    expect(ids().slice(0, 4)).toEqual(["tam done", "orc1 done", "orc2 acting", "orc4 waiting"]);
    while (e.log.length < 55 && autoStep(e, 3));
    expect(e.order().entries.find((x) => x.id === "orc4")?.note).toBe("counts 6, 4");
  });

  it("fighting on at 0 HP shows while it fights, not once it is dead", () => {
    const s = stateOf(play(def, [[6], [1], [1], 0, 0, 0, "attack:bob:long-sword", [15], [7]]));
    const bob = s.combatants.find((c) => c.id === "bob")!;
    ownSteady(bob).fightingOn = true;
    const conditions = () =>
      swordsWizardryFitz.view(s, { kind: "gm" }).find((v) => v.id === "bob")!.conditions;
    expect(conditions().map((k) => k.label)).toContain("fighting on");
    bob.status = "dead";
    expect(conditions().map((k) => k.label)).not.toContain("fighting on");
  });

  it("a shield-wall shows on the cards of those locked in it, with its AC from the front", () => {
    const e = new Encounter(loadEncounter("shield-wall-and-pikes.yaml"));
    const gm = swordsWizardryFitz.view(stateOf(e), { kind: "gm" });
    const wall = (id: string) => gm.find((v) => v.id === id)!.conditions;
    const flank = { id: "shield-wall", label: "in a shield-wall" };
    expect(wall("left")).toEqual([{ ...flank, note: "+2 AC from the front, no DEX bonus" }]);
    expect(wall("centre")).toEqual([{ ...flank, note: "+3 AC from the front, no DEX bonus" }]);
    expect(gm.find((v) => v.id === "centre")!.status).toBe("11/11 HP, in a shield-wall");
    // The pikeman behind them is not in it.
    expect(wall("pikeman")).toEqual([]);
  });
});
