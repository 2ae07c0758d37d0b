import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { playToEnd } from "./autoplay.js";
import { seededRoll, tableRoll } from "./drivers/live.js";
import { cloneState } from "./clone.js";
import { AnswerError } from "./drivers/validate.js";
import { Encounter } from "./encounter.js";
import { parseEncounterFile } from "./encounter-file.js";
import { InputError } from "./input-error.js";
import { skirmish } from "./test-support/skirmish.js";

const registry = { skirmish };
const load = (name: string) =>
  parse(
    readFileSync(fileURLToPath(new URL(`./test-support/files/${name}`, import.meta.url)), "utf8"),
  ) as Record<string, unknown>;
const duel = () => parseEncounterFile(load("skirmish-duel.yaml"), registry, "duel.yaml");

describe("an encounter in play", () => {
  it("stops at the first choice point: Ann picks a target", () => {
    const e = new Encounter(duel());
    expect(e.status.kind).toBe("pending");
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    expect(s.choice.actor).toBe("ann");
    expect(s.choice.question).toBe("target");
    expect(e.tacticAnswer).toBe("bob");
  });

  it("plays a scripted round with the dice stated and explains it", () => {
    const e = new Encounter(duel());
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
    e.give({ kind: "roll", label: "x", value: 4 });
    e.give({ kind: "decide", actor: "bob", question: "target", value: "ann" });
    e.give({ kind: "decide", actor: "bob", question: "stance", value: "careful" });
    e.give({ kind: "roll", label: "x", value: 9 });
    e.give({ kind: "decide", actor: "gm", question: "bonus", value: false });
    expect(e.round).toBe(1);
    const texts = e.explanations.map((x) => `${x.rule}: ${x.text}`);
    expect(texts).toContain("skirmish, Attack: Ann deals 4 to Bob (6 left)");
    expect(texts).toContain("skirmish, Attack: Bob deals 9 to Ann (3 left)");
    expect(e.log[2]).toEqual({ kind: "roll", label: "Ann's damage", value: 4 });
  });

  it("refuses a roll the dice cannot give and an answer the options do not allow, losing nothing", () => {
    const e = new Encounter(duel());
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
    expect(() =>
      e.give({ kind: "decide", actor: "ann", question: "stance", value: "furious" }),
    ).toThrow(AnswerError);
    expect(e.log.length).toBe(1);
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
    expect(() => e.give({ kind: "roll", label: "x", value: 7 })).toThrow(
      /7 is not a result of a d6$/,
    );
    expect(() =>
      e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" }),
    ).toThrow(/the rules ask for a roll, not a decision/);
    expect(e.log.length).toBe(2);
  });

  it("takes dice typed in from the table and refuses a value off the die's faces", () => {
    const e = new Encounter(duel());
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "roll") throw new Error("expected a roll");
    const choice = s.choice;
    expect(() => tableRoll(choice, [7])).toThrow(/7 is not a face of a d6/);
    expect(() => tableRoll(choice, [3, 4])).toThrow(/2 dice typed but a d6 used 1/);
    const answer = tableRoll(choice, [5]);
    expect(answer.value).toBe(5);
    expect(answer.by).toBe("table");
    // Bob's 2d6 with one die typed: "1 die", not "1 dice".
    e.give(answer);
    e.give({ kind: "decide", actor: "bob", question: "target", value: "ann" });
    e.give({ kind: "decide", actor: "bob", question: "stance", value: "careful" });
    const bob = e.status;
    if (bob.kind !== "pending" || bob.choice.kind !== "roll") throw new Error("expected a roll");
    expect(() => tableRoll(bob.choice as typeof choice, [4])).toThrow(
      /: 1 die typed but 2d6 needs more \(next: a d6\)$/,
    );
  });

  it("undoes any number of steps across rounds, redoes them, and branches", () => {
    const full = playToEnd(new Encounter(duel()), 9);
    expect(full.round).toBeGreaterThan(1);
    const e = Encounter.fromAnswers(duel(), full.log);
    e.undo(full.log.length);
    expect(e.log.length).toBe(0);
    expect(e.round).toBe(0);
    expect(e.canRedo).toBe(full.log.length);
    e.redo(full.log.length);
    expect(e.state).toEqual(full.state);
    const b = full.branch(3);
    expect(b.log).toEqual(full.log.slice(0, 3));
    expect(full.log.length).toBeGreaterThan(3);
  });

  it("a new answer after undo starts a new branch and forgets the old redo", () => {
    const e = new Encounter(duel());
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
    e.undo(1);
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "reckless" });
    expect(e.canRedo).toBe(0);
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "roll") throw new Error("expected a roll");
    expect(s.choice.label).toBe("Ann's damage");
  });

  it("rolls with the seed: roll k of an encounter always gives the same dice", () => {
    const e = new Encounter(duel());
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "roll") throw new Error("expected a roll");
    const choice = s.choice;
    const first = seededRoll(choice, 77);
    expect(seededRoll(choice, 77)).toEqual(first);
    expect(first.value).toBeGreaterThanOrEqual(1);
    expect(first.value).toBeLessThanOrEqual(6);
  });

  it("plays and keeps its states as copies made by the ruleset's own copy, where it has one", () => {
    // A generic clone gave Swords & Wizardry's fighters other hidden classes than its copies, and
    // V8 threw the rules' compiled code away at the next state of the other kind
    // (docs/benchmarks.md).
    const made = new WeakSet<object>();
    const copying = {
      ...skirmish,
      copy(state: object): object {
        const copy = cloneState(state);
        made.add(copy);
        return copy;
      },
    };
    const def = parseEncounterFile(load("skirmish-duel.yaml"), { skirmish: copying }, "d.yaml");
    const e = new Encounter(def);
    e.give({ kind: "decide", actor: "ann", question: "target", value: "bob" });
    e.give({ kind: "decide", actor: "ann", question: "stance", value: "careful" });
    e.give({ kind: "roll", label: "x", value: 4 });
    e.give({ kind: "decide", actor: "bob", question: "target", value: "ann" });
    e.give({ kind: "decide", actor: "bob", question: "stance", value: "careful" });
    e.give({ kind: "roll", label: "x", value: 9 });
    e.give({ kind: "decide", actor: "gm", question: "bonus", value: false });
    expect(e.round).toBe(1);
    // The state in play (round 2's, replayed from round 1's end) and one replayed from the start.
    expect(made.has(e.state)).toBe(true);
    expect(made.has(e.stateAfter(3))).toBe(true);
    expect(made.has(Encounter.fromAnswers(def, e.log).state)).toBe(true);
  });
});

describe("encounter files", () => {
  it("name the file, the field and what is allowed", () => {
    const bad = load("skirmish-duel.yaml");
    const combatants = bad.combatants as Record<string, unknown>[];
    combatants[1] = { ...combatants[1], damage: "d7" };
    expect(() => parseEncounterFile(bad, registry, "duel.yaml")).toThrow(
      /^duel\.yaml: combatants\[1\]\.damage: /,
    );
    expect(() =>
      parseEncounterFile({ ...load("skirmish-duel.yaml"), ruleset: "gurps" }, registry, "d.yaml"),
    ).toThrow('d.yaml: ruleset: unknown ruleset "gurps"; known: skirmish');
    // The rest of a file is read by its ruleset's rules: a misspelt or missing ruleset comes first.
    expect(() =>
      parseEncounterFile({ ruleset: "skirmsh", combatants: [{ id: "a" }] }, registry, "d.yaml"),
    ).toThrow('d.yaml: ruleset: unknown ruleset "skirmsh"; known: skirmish');
    expect(() => parseEncounterFile({ combatants: [] }, registry, "d.yaml")).toThrow(
      "d.yaml: ruleset: ruleset names the rules of the file: skirmish",
    );
    expect(() =>
      parseEncounterFile(
        { ...load("skirmish-duel.yaml"), switches: { bonus: true } },
        registry,
        "d.yaml",
      ),
    ).toThrow("d.yaml: switches.bonus: unknown switch; skirmish has: bonusOnSix");
    expect(() =>
      parseEncounterFile({ ...load("skirmish-duel.yaml"), colour: "red" }, registry, "d.yaml"),
    ).toThrow('d.yaml: colour: unknown field "colour"');
  });

  it("refuse an exchange file, saying what it is and where its odds come from", () => {
    const call = () => parseEncounterFile(load("skirmish-exchange.yaml"), registry, "x.yaml");
    expect(call).toThrow(
      "x.yaml: this is an exchange file (one attacker against one defender), not an encounter",
    );
    expect(call).toThrow(expect.objectContaining({ hint: expect.stringMatching(/fray odds/) }));
  });

  it("refuse duplicate ids and unknown sides", () => {
    const dup = load("skirmish-duel.yaml");
    (dup.combatants as Record<string, unknown>[])[1]!.id = "ann";
    expect(() => parseEncounterFile(dup, registry, "d.yaml")).toThrow(
      /combatants\[1\]\.id: "ann" is used twice/,
    );
    const side = load("skirmish-duel.yaml");
    (side.combatants as Record<string, unknown>[])[1]!.side = "green";
    expect(() => parseEncounterFile(side, registry, "d.yaml")).toThrow(
      /combatants\[1\]\.side: unknown side "green"; sides: red, blue/,
    );
    const twice = load("skirmish-duel.yaml");
    (twice.sides as Record<string, unknown>[])[1]!.id = "red";
    expect(() => parseEncounterFile(twice, registry, "d.yaml")).toThrow(
      'd.yaml: sides[1].id: "red" is used twice (sides[0] is "red" too); side ids must be unique',
    );
  });

  it("refuse two combatants of one name, whose options would read alike, saying how a tracker numbers them", () => {
    const alike = load("skirmish-duel.yaml");
    (alike.combatants as Record<string, unknown>[])[1]!.name = " ann";
    const call = () => parseEncounterFile(alike, registry, "d.yaml");
    expect(call).toThrow(
      'd.yaml: combatants[1].name: " ann" is also the name of combatants[0] (id ann); each combatant needs a name of its own, or their options read alike',
    );
    expect(call).toThrow(
      expect.objectContaining({
        where: "d.yaml: combatants[1].name",
        hint: 'number them as a tracker does: "Ann 2"',
      }),
    );
    // A combatant without a name goes by its id: "ann" beside an Ann is refused too.
    const byId = load("skirmish-duel.yaml");
    const bob = (byId.combatants as Record<string, unknown>[])[1]!;
    bob.id = "Ann";
    delete bob.name;
    expect(() => parseEncounterFile(byId, registry, "d.yaml")).toThrow(
      /combatants\[1\]\.name: "Ann" is also the name of combatants\[0\] \(id ann\)/,
    );
    (alike.combatants as Record<string, unknown>[])[1]!.name = "Ann 2";
    expect(
      parseEncounterFile(alike, registry, "d.yaml").setup.combatants.map((c) => c.name),
    ).toEqual(["Ann", "Ann 2"]);
  });

  it("find a ruleset by its own name only, never by a name every object has", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(() =>
        parseEncounterFile({ ...load("skirmish-duel.yaml"), ruleset: name }, registry, "d.yaml"),
      ).toThrow(`d.yaml: ruleset: unknown ruleset "${name}"; known: skirmish`);
    }
  });

  it("refuse what only the ruleset's setup can check, naming the file, the field and the fix", () => {
    const strict = {
      ...skirmish,
      setup: () => {
        throw new InputError(
          'options.party: unknown side "green"; sides: red, blue',
          "options.party",
          "name one of the sides",
        );
      },
    };
    const call = () =>
      parseEncounterFile(load("skirmish-duel.yaml"), { skirmish: strict }, "d.yaml");
    expect(call).toThrow('d.yaml: options.party: unknown side "green"; sides: red, blue');
    expect(call).toThrow(
      expect.objectContaining({ where: "d.yaml: options.party", hint: "name one of the sides" }),
    );
  });
});
