// What each viewer sees of a combatant, the melee's turn order, and the GM's changes by hand.
import { describe, expect, it } from "vitest";
import { playToEnd } from "../../engine/autoplay.js";
import { Encounter } from "../../engine/encounter.js";
import { changesBetween } from "../../engine/last-result.js";
import { karn } from "./index.js";
import type { KarnState } from "./state.js";
import { view } from "./views.js";
import { encounterState, loadEncounter, who } from "./test-support/table.js";

describe("views", () => {
  it("the GM sees everything; a side sees its own fully and its foes' gear and looks", () => {
    const state = encounterState("chip-and-salemath.yaml");
    who(state, "salemath").hp = 5;
    const gm = view(state, { kind: "gm" });
    const salemath = gm.find((c) => c.id === "salemath")!;
    expect(salemath.status).toBe("5/14 HP, 16/16 SP");
    expect(salemath.health).toEqual([
      { label: "Hit points", value: 5, max: 14, unit: "HP" },
      { label: "Stamina", value: 16, max: 16, unit: "SP" },
    ]);
    const chipSide = view(state, { kind: "side", side: "chip" });
    const foe = chipSide.find((c) => c.id === "salemath")!;
    expect(foe.status).toBe("badly wounded");
    expect(foe.health).toEqual([]);
    expect(foe.details.map((d) => d.label)).toEqual(["Attacks", "Armour"]);
    expect(chipSide.find((c) => c.id === "chip")).toEqual(gm.find((c) => c.id === "chip"));
  });
});

describe("a condition's coming and going, in a result's changes", () => {
  it("reads as sentences: a bad miss and a lasting penalty, said with what they cost", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const before = view(state, { kind: "gm" });
    who(state, "salemath").badMiss = 2;
    who(state, "salemath").lasting = 1;
    const after = view(state, { kind: "gm" });
    // It read "Salemath: now bad miss; now lasting penalty".
    expect(changesBetween(before, after).map((c) => c.text)).toEqual([
      "Salemath: a bad miss, -2 on its next action; a lasting penalty, -1 on combat rolls",
    ]);
    who(state, "salemath").badMiss = 0;
    expect(changesBetween(after, view(state, { kind: "gm" })).map((c) => c.text)).toEqual([
      "Salemath: its bad miss is spent",
    ]);
  });
});

describe("the turn order", () => {
  it("is the melee's pairing: the three orcs all face Chip, who faces Snaga", () => {
    const full = playToEnd(new Encounter(loadEncounter("three-orcs.yaml")), 3);
    const e = full.branch(8);
    expect(e.order()).toEqual({
      round: 1,
      label: "Melee 1",
      note: "one pairing",
      entries: [
        { id: "chip", state: "waiting", note: "faces Snaga" },
        { id: "grub", state: "waiting", note: "faces Chip Calhoon" },
        { id: "snaga", state: "waiting", note: "faces Chip Calhoon" },
        { id: "ugluk", state: "acting", note: "faces Chip Calhoon" },
      ],
    });
  });

  it("says nothing of whom one faces while it faces no one yet: the ambush in the pass's first answer", () => {
    // Its first answer has one fighter facing another who faces no one: the order read
    // "faces" of no fighter and threw, and the GM's page of the encounter failed on every request.
    const full = playToEnd(new Encounter(loadEncounter("ambush-in-the-pass.yaml")), 3);
    const entries = full.branch(1).order().entries;
    expect(entries.some((t) => t.note?.startsWith("faces ") === true)).toBe(true);
    expect(entries.some((t) => t.state !== "out" && t.note === undefined)).toBe(true);
  });
});

describe("the GM's hand", () => {
  it("stuns Chip for 2 melees (this one and the next), and takes Grub out at 0 HP", () => {
    const e = new Encounter(loadEncounter("three-orcs.yaml"));
    e.give({
      kind: "gm",
      change: { op: "add-condition", combatant: "chip", condition: "stunned", rounds: 2 },
    });
    expect((e.state as KarnState).fighters[0]!.stunUntil).toBe(2);
    expect(e.view({ kind: "gm" })[0]!.conditions).toEqual([
      {
        id: "stunned",
        label: "stunned",
        rounds: 2,
        unit: "melee",
        note: "no initiative, -4 on combat actions",
      },
    ]);
    expect(e.log.at(-1)).toMatchObject({
      label: "the GM puts Chip Calhoon under stunned for 2 melees",
    });
    e.give({ kind: "gm", change: { op: "set", combatant: "grub", field: "hp", value: 0 } });
    expect(e.view({ kind: "gm" })[1]!.status).toBe("0/10 HP, 15/15 SP, armour 20/20 HP, down");
    expect(e.order().entries.at(-1)).toEqual({ id: "grub", state: "out", note: "down" });
    expect(karn.gm.fields(e.state as KarnState, "chip").map((f) => f.label)).toEqual([
      "Hit points",
      "Stamina (SP)",
      "Armour hit points",
      "Injury penalty on combat rolls",
      "Lasting penalty on combat rolls",
      "Bad miss penalty on the next action",
    ]);
  });

  it("the turn order names no one out of the fight as the one a combatant faces", () => {
    // The three orcs played to the end (seed 4): once Snaga was down, the strip read "Chip
    // Calhoon faces Snaga" until the pairings formed again.
    const e = new Encounter(loadEncounter("three-orcs.yaml"));
    const full = playToEnd(e, 4);
    const out = new Set<string>();
    let seen = 0;
    for (let n = 1; n <= full.log.length; n += 1) {
      const at = full.branch(n);
      const names = new Map(at.view({ kind: "gm" }).map((c) => [c.id, c.name]));
      const { entries } = at.order();
      const gone = entries.filter((x) => x.state === "out").map((x) => names.get(x.id));
      for (const name of gone) out.add(name ?? "");
      for (const x of entries.filter((y) => y.state !== "out")) {
        if (x.note !== undefined) seen += 1;
        expect(gone.map((name) => `faces ${name}`)).not.toContain(x.note);
      }
    }
    // Someone did fall, and the strip did name whom others faced.
    expect(out.size).toBeGreaterThan(0);
    expect(seen).toBeGreaterThan(0);
  });
});
