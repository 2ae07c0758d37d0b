import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { Encounter } from "../../engine/encounter.js";
import { changesBetween } from "../../engine/last-result.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { tnt } from "./index.js";
import type { TntState } from "./state.js";

const duel = () => {
  const path = fileURLToPath(new URL("../../../examples/tnt/duel.yaml", import.meta.url));
  return parseEncounterFile(parse(readFileSync(path, "utf8")), { tnt }, path);
};

/** Aldric rolls 15 and Brenna 9 for initiative: Aldric acts first, both at onset. */
function started(): Encounter {
  const e = new Encounter(duel());
  e.give({ kind: "roll", label: "x", value: 15 });
  e.give({ kind: "roll", label: "x", value: 9 });
  return e;
}

describe("a result's changes", () => {
  it("say the dice the blunt rider takes as a sentence", () => {
    const e = started();
    const before = e.view({ kind: "gm" });
    (e.state as TntState).fighters[1]!.lostDice = 1;
    // It read "Brenna: now lost combat dice".
    expect(changesBetween(before, e.view({ kind: "gm" })).map((c) => c.text)).toEqual([
      "Brenna: loses 1 combat die for the rest of the fight (blunt)",
    ]);
  });
});

describe("views", () => {
  it("the GM sees hit points as a bar and every number labelled; the other side sees gear", () => {
    const e = started();
    const aldric = e.view({ kind: "gm" })[0]!;
    expect(aldric.health).toEqual([{ label: "Hit points", value: 22, max: 22, unit: "HP" }]);
    expect(aldric.details).toEqual([
      { label: "Combat dice", value: "3 of 3 left this round" },
      { label: "Attack skill", value: "+3" },
      { label: "Defence skill", value: "+2" },
      { label: "Damage bonus", value: "+1" },
      { label: "CON save", value: "2" },
      {
        label: "Weapon",
        value: "Longsword (d8 slash, reach +3, speed +1, defence +3, armour piercing 0)",
      },
      { label: "Armour", value: "Mail (DR 3)" },
      { label: "Shield", value: "none" },
      { label: "Ranges", value: "onset with Brenna" },
    ]);
    expect(e.view({ kind: "side", side: "north" })[1]).toEqual({
      id: "brenna",
      name: "Brenna",
      side: "south",
      status: "unhurt",
      out: false,
      health: [],
      conditions: [],
      details: [
        { label: "Weapon", value: "Arming sword" },
        { label: "Armour", value: "Leather" },
        { label: "Shield", value: "Round shield" },
        { label: "Ranges", value: "onset with Aldric" },
      ],
    });
  });

  it("the turn order is the initiative order: before the roll the file's, then highest first", () => {
    const e = new Encounter(duel());
    expect(e.order()).toMatchObject({ round: 1, note: "initiative is not rolled yet" });
    e.give({ kind: "roll", label: "x", value: 4 });
    e.give({ kind: "roll", label: "x", value: 18 });
    expect(e.order()).toEqual({
      round: 1,
      label: "Round 1",
      note: "in initiative order",
      entries: [
        { id: "brenna", state: "acting", note: "3 combat dice" },
        { id: "aldric", state: "waiting", note: "3 combat dice" },
      ],
    });
  });
});

describe("the GM's hand", () => {
  it("sets hit points (at 0 the combatant is taken out) and the range of a pair", () => {
    const e = started();
    e.give({
      kind: "gm",
      change: { op: "set", combatant: "aldric", field: "range:brenna", value: "melee" },
    });
    expect(e.log.at(-1)).toMatchObject({
      label: "the GM sets Aldric's Range to Brenna to melee (was onset)",
    });
    expect(e.view({ kind: "gm" })[1]!.details.at(-1)).toEqual({
      label: "Ranges",
      value: "melee with Aldric",
    });
    e.give({ kind: "gm", change: { op: "set", combatant: "brenna", field: "hp", value: 0 } });
    expect(e.status).toEqual({
      kind: "over",
      outcome: { winner: "north", reason: "Brenna is taken out" },
    });
  });

  it("brings in a late arrival at onset with each foe, last in the initiative order", () => {
    const e = started();
    const file = e.definition.file as { combatants: Record<string, never>[] };
    e.give({
      kind: "gm",
      change: {
        op: "add-combatant",
        combatant: { ...file.combatants[1]!, id: "cora", name: "Cora" },
      },
    });
    const s = e.state as TntState;
    expect(s.fighters.map((f) => f.index)).toEqual([0, 1, 2]);
    expect(s.ranges).toEqual([
      ...["disengaged", "onset", "onset"],
      ...["onset", "disengaged", "disengaged"],
      ...["onset", "disengaged", "disengaged"],
    ]);
    expect(e.order().entries.map((x) => x.id)).toEqual(["aldric", "brenna", "cora"]);
    expect(tnt.gm.fields(s, "aldric").map((f) => f.label)).toEqual([
      "Hit points",
      "Combat dice left this round",
      "Combat dice lost for the rest of the fight",
      "Range to Brenna",
      "Range to Cora",
    ]);
  });
});
