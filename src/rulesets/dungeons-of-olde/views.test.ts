// What each viewer sees of a combatant.
import { changesBetween } from "../../engine/last-result.js";
import { ownSteady } from "./own-steady.js";
import { describe, expect, it } from "vitest";
import { dungeonsOfOlde } from "./index.js";
import { skirmish } from "./test-support/play.js";

describe("views", () => {
  const def = skirmish(
    [{ id: "a", name: "Ana", weapons: ["club"], shield: "buckler", armour: "leather" }],
    [{ id: "b", name: "Bo", weapons: ["crossbow"], armour: "scale", brawn: 9 }],
  );

  it("the GM sees hit points, action points and gear; a foe sees the Injury Status and what is carried openly", () => {
    const s = dungeonsOfOlde.setup(def.setup);
    s.combatants[1]!.hp = 5;
    s.combatants[1]!.steady.weapons[0]!.loaded = false;
    const gm = dungeonsOfOlde.view(s, { kind: "gm" });
    expect(gm[1]!.status).toBe("5/13 HP, 0 AP");
    expect(gm[1]!.health).toEqual([{ label: "Hit points", value: 5, max: 13, unit: "HP" }]);
    expect(gm[1]!.details).toContainEqual({
      label: "Weapon in hand",
      value: "crossbow (not reset)",
    });
    const party = dungeonsOfOlde.view(s, { kind: "side", side: "party" });
    expect(party[1]!.status).toBe("bloodied");
    expect(party[1]).toMatchObject({
      health: [],
      details: [
        { label: "Weapon in hand", value: "crossbow (not reset)" },
        { label: "Shield", value: "none" },
        { label: "Armour", value: "scale" },
      ],
      place: { at: 1, reach: 0, label: "at space 1, reach 0" },
    });
    expect(party[0]).toEqual(gm[0]);
  });

  it("a place behind the start line reads as the GM says it, not as a negative space", () => {
    // Withdrawn past where the party stood: it read "at space -5, reach 1" and "… at space -6".
    const s = dungeonsOfOlde.setup(def.setup);
    s.combatants[0]!.pos = -5;
    const club = s.combatants[0]!.steady.weapons.find((w) => w.name === "club")!;
    club.where = "ground";
    club.groundPos = -1;
    const gm = dungeonsOfOlde.view(s, { kind: "gm" });
    expect(gm[0]!.place).toEqual({
      at: -5,
      reach: 1,
      label: "5 spaces behind the start line, reach 1",
    });
    expect(gm[0]!.details).toContainEqual({
      label: "Weapons",
      value: expect.stringContaining("club (on the ground 1 space behind the start line)"),
    });
  });

  it("conditions anyone can see are shown to foes", () => {
    const s = dungeonsOfOlde.setup(def.setup);
    s.combatants[0]!.prone = true;
    ownSteady(s.combatants[0]!).blocking = true;
    const foes = dungeonsOfOlde.view(s, { kind: "side", side: "foes" });
    expect(foes[0]!.status).toBe("healthy, prone, shield block");
  });

  it("a weapon broken by a critical is a condition everyone sees: the card's badge, and the blow's changes say it", () => {
    const s = dungeonsOfOlde.setup(def.setup);
    s.combatants[0]!.steady.weapons.find((w) => w.name === "club")!.where = "broken";
    const broken = { id: "broken:club", label: "club broken", note: "unusable" };
    const gm = dungeonsOfOlde.view(s, { kind: "gm" });
    expect(gm[0]!.conditions).toContainEqual({ ...broken, begins: "its club breaks" });
    // The blow's change reads as English: it read "…: now club broken".
    const unbroken = dungeonsOfOlde.view(dungeonsOfOlde.setup(def.setup), { kind: "gm" });
    expect(changesBetween(unbroken, gm).map((c) => c.text)).toEqual([
      `${gm[0]!.name}: its club breaks`,
    ]);
    const foes = dungeonsOfOlde.view(s, { kind: "side", side: "foes" });
    expect(foes[0]!.status).toBe("healthy, club broken");
  });

  it("a shield block's coming and going read as sentences in a result's changes", () => {
    const s = dungeonsOfOlde.setup(def.setup);
    const before = dungeonsOfOlde.view(s, { kind: "gm" });
    ownSteady(s.combatants[0]!).blocking = true;
    const after = dungeonsOfOlde.view(s, { kind: "gm" });
    const name = after[0]!.name;
    // It read "now shield block" and "no longer shield block".
    expect(changesBetween(before, after).map((c) => c.text)).toEqual([
      `${name}: blocks with its shield (+2 Defense against melee until the reset phase)`,
    ]);
    expect(changesBetween(after, before).map((c) => c.text)).toEqual([
      `${name}: no longer blocks with its shield`,
    ]);
  });

  it("a surprised combatant shows surprised through the first turn only (its 1 AP), not after", () => {
    const s = dungeonsOfOlde.setup(def.setup);
    ownSteady(s.combatants[0]!).surprised = true;
    const status = () => dungeonsOfOlde.view(s, { kind: "gm" })[0]!.status;
    for (const turn of [0, 1]) {
      s.turn = turn;
      expect(status()).toBe("12/12 HP, 0 AP, surprised");
    }
    s.turn = 2;
    expect(status()).toBe("12/12 HP, 0 AP");
    expect(dungeonsOfOlde.view(s, { kind: "side", side: "foes" })[0]!.conditions).toEqual([]);
  });
});
