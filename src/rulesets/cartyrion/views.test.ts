import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readLog } from "../../engine/log.js";
import { Encounter } from "../../engine/encounter.js";
import { lastResult } from "../../engine/last-result.js";
import { cartyrion } from "./index.js";
import { answer } from "../../engine/test-support/scripted.js";
import { loadEncounter, play, skirmish, stateOf, who } from "./test-support/play.js";

describe("views", () => {
  const def = skirmish(
    [{ id: "ann", name: "Ann", level: 3, stamina: 20, shield: "buckler", weapons: ["longsword"] }],
    [
      { id: "bob", name: "Bob", stamina: 10, injurySlots: 6, weapons: ["club"] },
      { id: "cat", name: "Cat", stamina: 10, weapons: ["dagger"] },
    ],
    { concealed: ["cat"], distance: 20 },
  );

  it("the GM sees everything; a side sees its foes only vaguely and not at all when concealed", () => {
    const s = stateOf(play(def, [4, "attack:bob:longsword", 7]));
    const gm = cartyrion.view(s, { kind: "gm" });
    const bob = gm.find((v) => v.id === "bob")!;
    expect(bob.status).toBe("3/10 SP, 0/6 injuries");
    expect(bob.health).toEqual([
      { label: "Stamina", value: 3, max: 10, unit: "SP" },
      { label: "Injuries", value: 0, max: 6, unit: "injuries", fillsUp: true },
    ]);
    expect(bob.details).toEqual([
      { label: "Level", value: "1" },
      { label: "Damage dice", value: "1d6" },
      { label: "STR", value: "+0" },
      { label: "DEX", value: "+0" },
      { label: "AWA", value: "+0" },
      { label: "Move", value: "40 ft" },
      { label: "Armour points", value: "0" },
      { label: "Shield", value: "none" },
      { label: "Weapon in hand", value: "club" },
      { label: "Weapons", value: "club (d6 melee, in hand), unarmed (d4 melee, ready)" },
    ]);
    expect(bob.place).toEqual({ at: 20, reach: 5, label: "at 20 ft, reach 5 ft" });
    const cat = gm.find((v) => v.id === "cat")!;
    expect(cat.status).toBe("10/10 SP, 0/10 injuries, concealed");
    expect(cat.conditions).toEqual([{ id: "concealed", label: "concealed" }]);
    const party = cartyrion.view(s, { kind: "side", side: "party" });
    expect(party.find((v) => v.id === "bob")).toEqual({
      id: "bob",
      name: "Bob",
      side: "foes",
      status: "tiring",
      out: false,
      health: [],
      conditions: [],
      details: [
        { label: "Weapon in hand", value: "club" },
        { label: "Shield", value: "none" },
      ],
      place: { at: 20, reach: 5, label: "at 20 ft, reach 5 ft" },
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
    const foes = cartyrion.view(s, { kind: "side", side: "foes" });
    expect(foes.find((v) => v.id === "ann")!.details).toEqual([
      { label: "Weapon in hand", value: "longsword" },
      { label: "Shield", value: "buckler" },
    ]);
  });

  it("a combatant out of the fight reads as one status, without doubled parentheses", () => {
    const e = new Encounter(loadEncounter("tombril-and-the-hill-giant.yaml"));
    e.give({
      kind: "gm",
      change: { op: "set", combatant: "tombril", field: "injuries", value: 12 },
    });
    expect(e.status.kind).toBe("over");
    const tombril = e.view({ kind: "gm" }).find((v) => v.id === "tombril")!;
    expect(tombril.status).toBe("dead: 55/55 SP, 12/12 injuries");
  });
});

describe("the turn order", () => {
  it("is the side the initiative die sent first, then the other, with who is done and who acts", () => {
    const e = play(
      skirmish(
        [
          { id: "ann", name: "Ann" },
          { id: "al", name: "Al" },
        ],
        [{ id: "bob", name: "Bob" }],
      ),
      [],
    );
    expect(e.order()).toEqual({
      round: 1,
      label: "Round 1",
      note: "the initiative die is not rolled yet",
      entries: [
        { id: "ann", state: "waiting" },
        { id: "al", state: "waiting" },
        { id: "bob", state: "waiting" },
      ],
    });
    // 2: the opponents first; Bob attacks Ann and hits for 3; then the party picks Al first.
    const after = play(e.definition, [2, "attack:ann:unarmed", 3, "al"]);
    expect(after.order()).toEqual({
      round: 1,
      label: "Round 1",
      note: "the opponents act first",
      entries: [
        { id: "bob", state: "done" },
        { id: "al", state: "acting" },
        { id: "ann", state: "waiting" },
      ],
    });
  });
});

describe("surprise on the cards", () => {
  it("is a condition of the surprised while they fight, not of one already out (a dead goblin)", () => {
    // The forest road's ambush as played from the console, to Wren's shot that kills the
    // surprised goblin spearman.
    const lines = readFileSync(
      new URL("../../../test/browser/fixtures/ambush-ended-by-a-decision.jsonl", import.meta.url),
      "utf8",
    ).split("\n");
    const log = lines
      .slice(
        0,
        lines.findIndex((l) => l.includes('"n":8,')),
      )
      .join("\n");
    const { encounter } = readLog(log, { cartyrion }, "ambush.jsonl");
    const gm = encounter.view({ kind: "gm" });
    const spearman = gm.find((v) => v.id === "goblin-1")!;
    expect(spearman.status).toBe("dead: 8/8 SP, 6/6 injuries");
    expect(spearman.conditions).toEqual([]);
    expect(gm.find((v) => v.id === "goblin-2")!.conditions.map((k) => k.id)).toEqual(["surprised"]);
  });
});

describe("the GM's hand", () => {
  it("leaves a blow's line at the value the blow left, the GM's later change its own line", () => {
    // The Friday rehearsal: the chief's blow took Bram to 9/26 SP, the GM set 15 by hand, the
    // round's initiative came in the same step, and the headline said "(to 15/26 SP)". Here the
    // chief's blow takes Janine from 22 to 12; the GM sets 18; round 2's initiative die.
    const lines = readFileSync(
      new URL("../../../test/browser/fixtures/ambush-ended-by-a-decision.jsonl", import.meta.url),
      "utf8",
    ).split("\n");
    const log = lines
      .slice(
        0,
        lines.findIndex((l) => l.includes('"n":20,')),
      )
      .join("\n");
    const { encounter: e } = readLog(log, { cartyrion }, "ambush.jsonl");
    e.give({ kind: "gm", change: { op: "set", combatant: "janine", field: "stamina", value: 18 } });
    answer(e, [[2]]);
    const result = lastResult(e)!;
    expect(result.outcome[0]).toBe(
      "Goblin chief hits Janine the Pious with the battleaxe +1: -10 SP (to 12/22 SP)",
    );
    expect(e.view({ kind: "gm" }).find((v) => v.id === "janine")!.status).toMatch(/^18\/22 SP/);
  });

  it("sets the Hill Giant's stamina before Tombril's damage roll: the chapter's 31 then leave 9", () => {
    const e = play(loadEncounter("tombril-and-the-hill-giant.yaml"), [
      5,
      "attack:giant:shortsword",
    ]);
    e.give({ kind: "gm", change: { op: "set", combatant: "giant", field: "stamina", value: 40 } });
    expect(e.log.at(-1)).toMatchObject({
      label: "the GM sets Hill Giant's Stamina (SP) to 40 (was 68)",
    });
    // The chapter's dice, 5 3 4 3 2: 31 SP, from 40 leave 9.
    answer(e, [[5, 3, 4, 3, 2]]);
    expect(who(e, "giant").stamina).toBe(9);
  });

  it("takes the weapon out of Tombril's hand and brings in a late arrival for the next round", () => {
    const e = play(loadEncounter("tombril-and-the-hill-giant.yaml"), [5]);
    e.give({ kind: "gm", change: { op: "set", combatant: "tombril", field: "inHand", value: "" } });
    expect(e.view({ kind: "gm" })[0]!.details).toContainEqual({
      label: "Weapon in hand",
      value: "empty-handed",
    });
    expect(e.log.at(-1)).toMatchObject({
      label: "the GM sets Tombril's Weapon in hand to empty-handed (was shortsword +2)",
    });
    e.give({
      kind: "gm",
      change: {
        op: "add-combatant",
        combatant: { id: "wolf", name: "Wolf", side: "opponents", level: 2, stamina: 12 },
      },
    });
    const wolf = who(e, "wolf");
    expect(wolf.pos).toBe(5);
    expect(e.order().entries.map((x) => [x.id, x.state])).toEqual([
      ["tombril", "acting"],
      ["giant", "waiting"],
      ["wolf", "waiting"],
    ]);
    expect(cartyrion.gm.fields(stateOf(e), "wolf").find((f) => f.key === "stamina")!.value).toBe(
      12,
    );
  });
});
