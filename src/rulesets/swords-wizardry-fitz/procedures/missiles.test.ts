// Missile Attacks, Archery, and the missile left in the wound (Critical Hits and Fumbles).
import { describe, expect, it } from "vitest";
import { get, stateWith, Table } from "../test-support/table.js";
import { embeddedDamage, extract, missileVictim } from "./missiles.js";
import { playRound } from "./round.js";
import { listActions } from "./actions.js";
import { chooseAction } from "../policies/action-policy.js";
import { ownSteady } from "../own-steady.js";

const archer = {
  class: "fighter",
  level: 1,
  hitPoints: 10,
  dex: 13,
  weapons: ["long-bow", "dagger"],
};

describe("Missile Attacks: in range", () => {
  // A missile needs its foe within range (Fray's line: more than 0 ft and up to three range
  // increments); half a move toward a foe helps only when it is too far, not when it is too near.
  it("a crossbowman standing on a foe's spot is offered no shot at it, and punches instead of wasting the count", () => {
    const s = stateWith([
      { id: "tam", side: "a", class: "fighter", level: 1, dex: 15, weapons: ["light-crossbow"] },
      { id: "bob", side: "b", pos: 0, class: "fighter", level: 1, weapons: ["long-sword"] },
    ]);
    s.combatants.forEach((c) => (c.slots = [{ count: 3, use: "main", done: false, held: false }]));
    const tam = get(s, "tam");
    const offered = listActions(s, tam, 0).map((c) => c.value);
    expect(offered).not.toContain("attack:bob:light-crossbow");
    expect(offered).toContain("attack:bob:unarmed");
    expect(chooseAction(s, tam, 0)).toBe("attack:bob:unarmed");
  });
});

describe("Archery", () => {
  it("a bow fires two arrows a round when the archer does not move: two initiative rolls, two attacks", () => {
    const s = stateWith([
      { id: "tam", side: "a", ...archer },
      { id: "orc", side: "b", pos: 40, hitDice: 1, hitPoints: 30, ac: 13, weapons: ["long-bow"] },
    ]);
    const t = new Table([
      "fight",
      "fight",
      [5],
      [3],
      [1],
      [1],
      0,
      0,
      "attack:orc:long-bow",
      [15],
      [2],
      "attack:orc:long-bow",
      [15],
      [2],
      "wait",
      "wait",
    ]);
    playRound(s, t);
    expect(get(s, "orc").hp).toBe(26);
    expect(t.texts.filter((x) => x.includes("tam's attack on orc"))).toHaveLength(2);
  });

  it("after moving, the second arrow is lost", () => {
    const s = stateWith([
      { id: "tam", side: "a", ...archer },
      { id: "orc", side: "b", pos: 230, hitDice: 1, hitPoints: 30, ac: 13, weapons: ["long-bow"] },
    ]);
    const t = new Table([
      [5],
      [3],
      [1],
      [1],
      0,
      0,
      "attack:orc:long-bow",
      [19],
      [2],
      "wait",
      "wait",
      "wait",
    ]);
    playRound(s, t);
    expect(get(s, "tam").pos).toBe(20);
    expect(t.asked.filter((a) => a === "tam:action")).toHaveLength(2);
  });

  it("a crossbow is not spanned on the run: a light one again only in a round without moving, a heavy one takes a round", () => {
    const s = stateWith([
      { id: "bolt", side: "a", class: "fighter", level: 1, weapons: ["heavy-crossbow", "club"] },
      { id: "orc", side: "b", pos: 40, hitDice: 1, hitPoints: 30, ac: 13, weapons: ["long-sword"] },
    ]);
    const t = new Table([
      "fight",
      "fight",
      [5],
      [2],
      0,
      0,
      "attack:orc:heavy-crossbow",
      [3],
      "wait",
    ]);
    playRound(s, t);
    expect(get(s, "bolt").steady.weapons[0]!.loaded).toBe(false);
  });
});

describe("Missile Attacks: shooting into a melee", () => {
  it("it usually is not possible to choose who receives the missile: one of the melee at random", () => {
    const s = stateWith([
      { id: "tam", side: "a", ...archer },
      { id: "hrolf", side: "a", pos: 40, level: 1 },
      { id: "orc", side: "b", pos: 45, hitDice: 1, hitPoints: 30 },
    ]);
    const t = new Table([true, [1]]);
    expect(missileVictim(s, get(s, "tam"), get(s, "orc"), t).id).toBe("hrolf");
    expect(t.asked).toEqual(["gm:random-missile", expect.stringContaining("roll")]);
  });
});

describe("Critical Hits and Fumbles: the missile in the wound", () => {
  it("does half its normal damage again (switch embeddedMissile) in any round its victim moves or fights", () => {
    const s = stateWith([{ id: "orc", side: "b", hitDice: 1, hitPoints: 30 }]);
    const orc = get(s, "orc");
    ownSteady(orc).embedded = ["1d6"];
    embeddedDamage(s, new Table([]));
    expect(orc.hp).toBe(30);
    orc.attacked = true;
    embeddedDamage(s, new Table([[5]]));
    expect(orc.hp).toBe(28);
  });

  it("a full round to extract; normal damage unless the extractor saves (the GM may modify the save)", () => {
    for (const [save, hp] of [
      [[18], 30],
      [[3], 26],
    ] as const) {
      const s = stateWith([
        { id: "medic", side: "a", level: 1, save: 15 },
        { id: "hrolf", side: "a", level: 1, hitPoints: 30 },
      ]);
      ownSteady(get(s, "hrolf")).embedded = ["1d6"];
      extract(
        s,
        get(s, "medic"),
        get(s, "hrolf"),
        new Table([-2, save, ...(hp < 30 ? [[4]] : [])]),
      );
      expect([get(s, "hrolf").hp, get(s, "hrolf").steady.embedded]).toEqual([hp, []]);
    }
  });

  it("offers pulling the missile out of the wounded one by name, the wounded one included", () => {
    const s = stateWith([
      { id: "hrolf", side: "a", level: 1, hitPoints: 30 },
      { id: "medic", side: "a", level: 1 },
    ]);
    s.combatants.forEach((c) => (c.slots = [{ count: 3, use: "main", done: false, held: false }]));
    const hrolf = get(s, "hrolf");
    ownSteady(hrolf).embedded = ["1d6"];
    const labels = (id: string) =>
      listActions(s, get(s, id), 0)
        .filter((c) => c.value.startsWith("extract:"))
        .map((c) => c.label);
    expect(labels("hrolf")).toEqual([`pull the missile out of ${hrolf.name} (a full round)`]);
    expect(labels("medic")).toEqual([`pull the missile out of ${hrolf.name} (a full round)`]);
  });
});
