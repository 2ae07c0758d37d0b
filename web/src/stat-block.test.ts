import { describe, expect, it } from "vitest";
import { copiedBlock, fieldOf, keyStats, renamedBlock } from "./stat-block.js";

describe("a stat block copied into a form", () => {
  it("gets an id and a name not yet taken, numbered as a tracker numbers a second orc, and its side", () => {
    const block = { id: "orc", name: "Orc", side: "x", hitPoints: 20, gear: ["rope"] };
    expect(copiedBlock(block, "foes", [])).toEqual({ ...block, side: "foes" });
    const orcs = [
      { id: "orc", name: "Orc" },
      { id: "orc-2", name: "Orc 2" },
    ];
    expect(copiedBlock(block, "foes", orcs)).toMatchObject({
      id: "orc-3",
      name: "Orc 3",
      hitPoints: 20,
    });
    // Another id under a name already used (a roster's orc beside an example's): numbered too.
    expect(copiedBlock(block, "foes", [{ id: "grunt", name: "orc" }])).toMatchObject({
      id: "orc-2",
      name: "Orc 2",
    });
    // A name given to another's id-less copy: "Orc 2" taken by hand, so the next is "Orc 3".
    expect(
      copiedBlock(block, "foes", [
        { id: "orc", name: "Orc" },
        { id: "x", name: "Orc 2" },
      ]),
    ).toMatchObject({ id: "orc-3", name: "Orc 3" });
  });

  it("reads the field a refusal names", () => {
    expect(fieldOf("change.combatant: weapons[0].weapon", "change.combatant")).toBe(
      "weapons[0].weapon",
    );
    expect(fieldOf("change.combatant", "change.combatant")).toBe("");
    expect(fieldOf("change.place", "change.combatant")).toBeNull();
  });

  it("says a folded combatant's key stats: its whole numbers by their titles, three at most", () => {
    const properties = [
      ["weapon", "Weapon", "string"],
      ["hitPoints", "Hit points", "integer"],
      ["armour", "Armour", "integer"],
      ["level", "Level", "integer"],
      ["speed", "Speed", "integer"],
    ] as const;
    const block = { weapon: "sword", hitPoints: 20, level: 3, speed: 12, armour: 1 };
    expect(keyStats(block, properties)).toBe("Hit points 20, Armour 1, Level 3");
    // A stat left empty is left out, not said as undefined.
    expect(keyStats({ hitPoints: 7, speed: 9 }, properties)).toBe("Hit points 7, Speed 9");
    expect(keyStats({}, properties)).toBe("");
    // A stat left out at the schema's default, as its box shows it: a new combatant's line was
    // empty.
    const defaults = [
      ["dice", "Combat dice (d20s)", "integer", 3],
      ["prowess", "Prowess", "integer", 2],
      ["skill", "Attack skill", "integer"],
    ] as const;
    expect(keyStats({}, defaults)).toBe("Combat dice (d20s) 3, Prowess 2");
    expect(keyStats({ prowess: 5, skill: 1 }, defaults)).toBe(
      "Combat dice (d20s) 3, Prowess 5, Attack skill 1",
    );
  });
});

describe("a combatant renamed in the builder", () => {
  it("takes an id after its new name while its id was its name's, one not taken", () => {
    const fresh = { id: "combatant-2", name: "Combatant 2", side: "foes" };
    expect(renamedBlock(fresh, { ...fresh, name: "Hedda" }, ["combatant"])).toEqual({
      ...fresh,
      id: "hedda",
      name: "Hedda",
    });
    // Taken: numbered on.
    expect(renamedBlock(fresh, { ...fresh, name: "Hedda" }, ["hedda"])).toMatchObject({
      id: "hedda-2",
    });
    const copied = { id: "weasel", name: "Weasel" };
    expect(renamedBlock(copied, { ...copied, name: "Grubnik the Tall" }, [])).toMatchObject({
      id: "grubnik-the-tall",
    });
  });

  it("keeps an id chosen apart from its name, one an option names, or one the GM changed", () => {
    const chip = { id: "chip", name: "Chip Calhoon" };
    expect(renamedBlock(chip, { ...chip, name: "Chip" }, [])).toEqual({ ...chip, name: "Chip" });
    const orc = { id: "orc", name: "Orc" };
    expect(renamedBlock(orc, { ...orc, name: "Grub" }, [], (id) => id === "orc")).toEqual({
      id: "orc",
      name: "Grub",
    });
    expect(renamedBlock(orc, { id: "og", name: "Orc" }, [])).toEqual({ id: "og", name: "Orc" });
    // A name of no letters or digits leaves the id.
    expect(renamedBlock(orc, { ...orc, name: "!!" }, [])).toEqual({ id: "orc", name: "!!" });
  });
});
