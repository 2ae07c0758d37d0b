import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parse } from "yaml";
import { Encounter } from "./encounter.js";
import { parseEncounterFile } from "./encounter-file.js";
import { changesBetween, lastResult, repeated, stepInProgress } from "./last-result.js";
import type { CombatantView } from "./ruleset.js";
import { skirmish } from "./test-support/skirmish.js";

const duel = () =>
  parseEncounterFile(
    parse(
      readFileSync(
        fileURLToPath(new URL("./test-support/files/skirmish-duel.yaml", import.meta.url)),
        "utf8",
      ),
    ),
    { skirmish },
    "duel.yaml",
  );

/** Ann (12 HP, d6) has chosen Bob (10 HP) and a careful stance, then rolled `dice` of damage. */
function annHits(dice: number): Encounter {
  const e = new Encounter(duel());
  e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
  e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
  e.give({ kind: "roll", label: "", value: dice, dice: `[${dice}] = ${dice}`, by: "table" });
  return e;
}

/** The duel where the GM rules whether it rains as each round ends, after its last blow. */
function rainy(): Encounter {
  const round: typeof skirmish.round = (state, ctx) => {
    skirmish.round(state, ctx);
    const wet = ctx.decide("gm", "weather", { prompt: "Does it rain?", schema: z.boolean() });
    if (wet) ctx.explain({ id: "weather", title: "Weather" }, () => "it rains");
  };
  const { questions, about } = skirmish.tactics;
  const tactics = {
    ...skirmish.tactics,
    questions: { ...questions, weather: () => false },
    about: { ...about, weather: { description: "whether it rains", by: "gm" as const } },
  };
  return new Encounter({ ...duel(), ruleset: { ...skirmish, tactics, round } });
}

describe("the last result", () => {
  it("is none before anything has happened", () => {
    expect(lastResult(new Encounter(duel()))).toBeNull();
  });

  it("is the last step: its decision, its dice and total, health before and after, the rule", () => {
    expect(lastResult(annHits(4))).toEqual({
      at: 3,
      heading: "Ann: Bob; careful",
      rolls: [{ label: "Ann's damage", dice: "[4] = 4", total: 4, by: "table" }],
      rulings: [],
      changes: [
        {
          id: "bob",
          name: "Bob",
          label: "Hit points",
          before: "10/10 HP",
          after: "6/10 HP",
          text: "Bob: Hit points down from 10/10 HP to 6/10 HP",
          worse: true,
        },
      ],
      outcome: ["Ann hits Bob: -4 HP (to 6/10 HP)"],
      explanations: [{ rule: "skirmish, Attack", text: "Ann deals 4 to Bob (6 left)" }],
    });
  });

  it("stays while the next decision waits, until a newer step causes something", () => {
    const e = annHits(4);
    e.give({ kind: "decide", actor: "bob", question: "target", value: "ann" });
    expect(lastResult(e)?.at).toBe(3);
    expect(lastResult(e)?.changes).toHaveLength(1);
  });

  it("a ruling of the GM's asked inside an action stays in the action's step, under its heading", () => {
    const e = annHits(6);
    // A blow of 6 asks the GM for a bonus point: the ruling is one of the blow's lines, not the
    // heading of a step of its own ("The GM: yes", over Ann's damage).
    e.give({ kind: "decide", actor: "gm", question: "bonus", value: true });
    expect(lastResult(e)).toMatchObject({
      at: 4,
      heading: "Ann: Bob; careful",
      rolls: [{ label: "Ann's damage", total: 6 }],
      // Asked after the damage die: the card says it after that roll, with who decided it.
      rulings: [{ question: "Does the blow earn a bonus point?", answer: "yes", rollsBefore: 1 }],
      changes: [{ name: "Bob", before: "10/10 HP", after: "3/10 HP" }],
      explanations: [{ text: "Ann deals 7 to Bob (3 left)" }],
    });
  });

  it("a ruling asked once the step before it caused what it causes begins a step, headed by its question", () => {
    // Bob's blow explained, the GM rules on the weather as the round ends.
    const e = rainy();
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
    e.give({ kind: "roll", label: "", value: 2, dice: "[2] = 2", by: "table" });
    e.give({ kind: "decide", actor: "bob", question: "target", value: "ann" });
    e.give({ kind: "decide", actor: "bob", question: "stance", value: "careful" });
    e.give({ kind: "roll", label: "", value: 3, dice: "[1, 2] = 3", by: "table" });
    e.give({ kind: "decide", actor: "gm", question: "weather", value: true });
    // A bare yes, no or number is headed by its question: "The GM: yes" said nothing of it.
    expect(lastResult(e)).toMatchObject({
      at: 7,
      heading: "Does it rain? The GM ruled: yes",
      rolls: [],
      rulings: [],
    });
    expect(lastResult(e)?.explanations.map((x) => x.text)).toEqual(["it rains", "round 2 begins"]);
  });

  it("a change of the GM's hand is headed by its label", () => {
    const e = annHits(6);
    e.give({ kind: "decide", actor: "gm", question: "bonus", value: true });
    e.give({
      kind: "gm",
      change: { op: "add-condition", combatant: "bob", condition: "dazed", rounds: 2 },
    });
    const result = lastResult(e)!;
    expect(result.heading).toMatch(/^the GM .*dazed/);
    expect(result.rolls).toEqual([]);
    expect(result.changes).toEqual([
      {
        id: "bob",
        name: "Bob",
        label: "Conditions",
        before: "none",
        after: "dazed (2 rounds)",
        text: "Bob: now dazed (2 rounds)",
      },
    ]);
  });

  it("a change of the GM's hand that lowers health says it as the GM's (byHand), not as a blow", () => {
    const e = annHits(4);
    expect(lastResult(e)!.byHand).toBeUndefined();
    e.give({ kind: "gm", change: { op: "set", combatant: "bob", field: "hp", value: 2 } });
    const result = lastResult(e)!;
    expect(result.byHand).toBe(true);
    expect(result.outcome).toEqual(["Bob: -4 HP (to 2/10 HP)"]);
  });
});

describe("the step in progress", () => {
  it("is the step begun after the last result, until it causes something", () => {
    const e = new Encounter(duel());
    expect(stepInProgress(e)).toBeNull();
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob", player: "Mara" });
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful", player: "Mara" });
    // Ann's damage waits: her decisions are the step in progress, no result yet, told from the
    // first as the result will be (it read "Ann: careful", her target gone).
    expect(lastResult(e)).toBeNull();
    expect(stepInProgress(e)).toEqual({
      heading: "Ann: Bob; careful",
      player: "Mara",
      rolls: [],
      rulings: [],
    });
    e.give({ kind: "roll", label: "", value: 4, dice: "[4] = 4", by: "table" });
    // The damage is in: the last result is that step, none is in progress.
    expect(lastResult(e)?.heading).toBe("Ann: Bob; careful");
    expect(stepInProgress(e)).toBeNull();
    e.give({ kind: "decide", actor: "bob", question: "target", value: "ann" });
    expect(stepInProgress(e)).toMatchObject({ heading: expect.stringMatching(/^Bob: /) });
    expect(lastResult(e)?.heading).toBe("Ann: Bob; careful");
  });

  it("is none once the fight is over, though the answer that ended it caused nothing", () => {
    const e = rainy();
    e.give({ kind: "gm", change: { op: "set", combatant: "bob", field: "hp", value: 2 } });
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
    e.give({ kind: "roll", label: "", value: 4, dice: "[4] = 4", by: "table" });
    // Bob is down: the round ends with the GM's word on the weather, which causes nothing.
    e.give({ kind: "decide", actor: "gm", question: "weather", value: false });
    expect(e.status.kind).toBe("over");
    expect(lastResult(e)).toMatchObject({ at: 4, heading: "Ann: Bob; careful" });
    expect(stepInProgress(e)).toBeNull();
  });
});

describe("changes between two views", () => {
  const view = (id: string, hp: number): CombatantView => ({
    id,
    name: id.toUpperCase(),
    side: "s",
    status: `${hp} HP`,
    out: hp <= 0,
    health: [{ label: "Hit points", value: hp, max: 10, unit: "HP" }],
    conditions: [],
    details: [],
  });

  it("names a late arrival and a combatant taken out of the fight", () => {
    expect(changesBetween([view("a", 5)], [view("b", 10)])).toEqual([
      {
        id: "b",
        name: "B",
        label: "in the fight",
        before: "no",
        after: "yes",
        text: "B joins the fight",
      },
      {
        id: "a",
        name: "A",
        label: "in the fight",
        before: "yes",
        after: "no",
        text: "A leaves the fight",
      },
    ]);
  });

  it("says each change as a sentence: health up or down, conditions that come, go or change", () => {
    const hild = (conditions: CombatantView["conditions"], hp = 5): CombatantView => ({
      ...view("hild", hp),
      name: "Hild",
      conditions,
    });
    const anger = { id: "anger", label: "attacks in anger", note: "3 dice set aside" };
    const dazed = { id: "dazed", label: "dazed", rounds: 2 };
    const wounds = (n: number) => ({
      id: "wounds",
      label: `${n} flesh wound${n === 1 ? "" : "s"}`,
    });
    const texts = (before: CombatantView, after: CombatantView) =>
      changesBetween([before], [after]).map((c) => c.text);
    // tnt's "Hild: Conditions attacks in anger → none", as the GM says it.
    expect(texts(hild([anger]), hild([]))).toEqual(["Hild: no longer attacks in anger"]);
    expect(texts(hild([]), hild([dazed], 7))).toEqual([
      "Hild: Hit points up from 5/10 HP to 7/10 HP",
      "Hild: now dazed (2 rounds)",
    ]);
    expect(texts(hild([dazed, wounds(1)]), hild([{ ...dazed, rounds: 1 }, wounds(2)]))).toEqual([
      "Hild: dazed, 1 round left; 1 flesh wound becomes 2 flesh wounds",
    ]);
    // The same conditions in another order, or a note changed, are no change.
    expect(
      texts(hild([anger, dazed]), hild([dazed, { ...anger, note: "2 dice set aside" }])),
    ).toEqual([]);
    // A view without health bars says how it looks.
    const looks = (status: string): CombatantView => ({ ...hild([]), health: [], status });
    expect(texts(looks("fresh"), looks("winded"))).toEqual(["Hild: now winded (was fresh)"]);
  });
});

describe("repeated", () => {
  it("says a heading's run once with the times it came, only when the whole is that run over", () => {
    expect(repeated(["strike", "sword", "strike", "sword", "strike", "sword"])).toEqual({
      unit: ["strike", "sword"],
      times: 3,
    });
    expect(repeated(["strike", "strike"])).toEqual({ unit: ["strike"], times: 2 });
    expect(repeated(["strike", "sword", "strike"])).toEqual({
      unit: ["strike", "sword", "strike"],
      times: 1,
    });
    expect(repeated(["stay", "one attack with 3 dice"]).times).toBe(1);
  });
});
