import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { Encounter } from "./encounter.js";
import { parseEncounterFile } from "./encounter-file.js";
import { changesBetween, lastResult, stepInProgress } from "./last-result.js";
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

describe("the last result", () => {
  it("is none before anything has happened", () => {
    expect(lastResult(new Encounter(duel()))).toBeNull();
  });

  it("is the last step: its decision, its dice and total, health before and after, the rule", () => {
    expect(lastResult(annHits(4))).toEqual({
      at: 3,
      heading: "Ann: careful",
      rolls: [{ label: "Ann's damage", dice: "[4] = 4", total: 4, by: "table" }],
      changes: [
        {
          id: "bob",
          name: "Bob",
          label: "Hit points",
          before: "10/10 HP",
          after: "6/10 HP",
          text: "Bob: Hit points down from 10/10 HP to 6/10 HP",
        },
      ],
      explanations: [{ rule: "skirmish, Attack", text: "Ann deals 4 to Bob (6 left)" }],
    });
  });

  it("stays while the next decision waits, until a newer step causes something", () => {
    const e = annHits(4);
    e.give({ kind: "decide", actor: "bob", question: "target", value: "ann" });
    expect(lastResult(e)?.at).toBe(3);
    expect(lastResult(e)?.changes).toHaveLength(1);
  });

  it("a GM's decision is headed by the GM, a change of the GM's hand by its label", () => {
    const e = annHits(6);
    // A blow of 6 asks the GM for a bonus point.
    e.give({ kind: "decide", actor: "gm", question: "bonus", value: true });
    expect(lastResult(e)).toMatchObject({
      heading: "The GM: yes",
      changes: [{ name: "Bob", before: "10/10 HP", after: "3/10 HP" }],
    });
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
});

describe("the step in progress", () => {
  it("is the step begun after the last result, until it causes something", () => {
    const e = new Encounter(duel());
    expect(stepInProgress(e)).toBeNull();
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful", player: "Mara" });
    // Ann's damage waits: her decision is the step in progress, no result yet.
    expect(lastResult(e)).toBeNull();
    expect(stepInProgress(e)).toEqual({ heading: "Ann: careful", player: "Mara", rolls: [] });
    e.give({ kind: "roll", label: "", value: 4, dice: "[4] = 4", by: "table" });
    // The damage is in: the last result is that step, none is in progress.
    expect(lastResult(e)?.heading).toBe("Ann: careful");
    expect(stepInProgress(e)).toBeNull();
    e.give({ kind: "decide", actor: "bob", question: "target", value: "ann" });
    expect(stepInProgress(e)).toMatchObject({ heading: expect.stringMatching(/^Bob: /) });
    expect(lastResult(e)?.heading).toBe("Ann: careful");
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
