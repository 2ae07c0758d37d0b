import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Answer, GmChange } from "./answers.js";
import { seededRoll } from "./drivers/live.js";
import { AnswerError } from "./drivers/validate.js";
import { Encounter } from "./encounter.js";
import { parseEncounterFile } from "./encounter-file.js";
import { runFightFrom } from "./fight.js";
import { lastRoundOf, wholeField } from "./gm-changes.js";
import { logLines, readLog } from "./log.js";
import { replayToPosition } from "./position.js";
import { rerollLast } from "./reroll.js";
import { Rng } from "../core/random.js";
import { skirmish, type SkirmishState } from "./test-support/skirmish.js";
import { undoDecisions } from "./undo-decisions.js";

const registry = { skirmish };
const duel = () =>
  parseEncounterFile(
    parse(
      readFileSync(
        fileURLToPath(new URL("./test-support/files/skirmish-duel.yaml", import.meta.url)),
        "utf8",
      ),
    ),
    registry,
    "duel.yaml",
  );

const decide = (actor: string, question: string, value: string | boolean): Answer => ({
  kind: "decide",
  actor,
  question,
  value,
});
const roll = (value: number): Answer => ({ kind: "roll", label: "x", value });
const gm = (change: GmChange): Answer => ({ kind: "gm", change });
const hp = (e: Encounter) => (e.state as SkirmishState).fighters.map((f) => f.hp);

/** Ann has chosen Bob and a careful stance: her d6 of damage is pending. */
function annAboutToRoll(): Encounter {
  const e = new Encounter(duel());
  e.give(decide("ann", "target", "bob"));
  e.give(decide("ann", "stance", "careful"));
  return e;
}

describe("decisions in the log keep their prompt and their choice's label", () => {
  it("so that no interface shows an answer id", () => {
    const e = annAboutToRoll();
    expect(e.log[0]).toEqual({
      kind: "decide",
      actor: "ann",
      question: "target",
      value: "bob",
      prompt: "Whom does Ann attack?",
      label: "Bob",
    });
    const lines = logLines(e, 1);
    expect(lines[2]).toContain('"prompt":"Whom does Ann attack?","label":"Bob"');
  });

  it("and a log without them (or with altered ones) gets them worked out again on replay", () => {
    const e = annAboutToRoll();
    const lines = logLines(e, 1).map((l) => l.replace('"label":"Bob"', '"label":"Carol"'));
    const read = readLog(lines.join("\n"), registry, "old.jsonl").encounter;
    expect(read.log[0]).toMatchObject({ prompt: "Whom does Ann attack?", label: "Bob" });
  });
});

describe("the GM's hand is an answer too", () => {
  it("sets Bob's hit points before Ann's roll: her 4 then takes him out, and the fight is over", () => {
    const e = annAboutToRoll();
    e.give(gm({ op: "set", combatant: "bob", field: "hp", value: 3 }));
    expect(hp(e)).toEqual([12, 3]);
    expect(e.log[2]).toEqual({
      kind: "gm",
      change: { op: "set", combatant: "bob", field: "hp", value: 3 },
      label: "the GM sets Bob's Hit points to 3 (was 10)",
    });
    expect(e.explanations.at(-1)).toMatchObject({
      section: "fray-gm",
      rule: "skirmish, The GM's ruling",
      text: "the GM sets Bob's Hit points to 3 (was 10)",
      at: 3,
    });
    // The change stands where it was made: the roll pending then is still pending.
    const s = e.status;
    expect(s.kind === "pending" && s.choice.kind === "roll" && s.choice.label).toBe("Ann's damage");
    e.give(roll(4));
    expect(e.status).toEqual({
      kind: "over",
      outcome: { winner: "red", reason: "the other side fell" },
    });
    expect(hp(e)).toEqual([12, -1]);
  });

  it("refuses a bad change, naming the field and what would fix it, and changes nothing", () => {
    const e = annAboutToRoll();
    const refused = (change: GmChange) => {
      try {
        e.give(gm(change));
      } catch (error) {
        expect(error).toBeInstanceOf(AnswerError);
        return error as AnswerError;
      }
      throw new Error("the change was accepted");
    };
    const over = refused({ op: "set", combatant: "bob", field: "hp", value: 11 });
    expect(over.message).toMatch(/^change\.value: Hit points of Bob: 11 is not allowed \(.*10/);
    expect(over.where).toBe("change.value");
    const nobody = refused({ op: "set", combatant: "carl", field: "hp", value: 1 });
    expect(nobody.message).toBe('change.combatant: no combatant "carl" in the fight');
    expect(nobody.hint).toBe("name one of ann (Ann), bob (Bob)");
    expect(refused({ op: "add-condition", combatant: "bob", condition: "dazed" }).message).toBe(
      "change.rounds: dazed lasts a number of rounds: none given",
    );
    expect(
      refused({ op: "add-condition", combatant: "bob", condition: "asleep", rounds: 1 }).hint,
    ).toBe("one of dazed (dazed)");
    expect(refused({ op: "remove-condition", combatant: "bob", condition: "dazed" }).message).toBe(
      "change.condition: Bob is not under dazed",
    );
    expect(refused({ op: "remove-combatant", combatant: "ann" }).message).toBe(
      "change.combatant: Ann is being asked now: answer first, then remove Ann",
    );
    expect(refused({ op: "end", winner: "green", reason: "x" }).hint).toBe(
      "one of red, blue, or null for no winner",
    );
    expect(
      refused({
        op: "add-combatant",
        combatant: { id: "cat", side: "red", hp: 0, damage: "d6" },
      }).message,
    ).toMatch(/^change\.combatant: hp: /);
    expect(e.log.length).toBe(2);
    expect(hp(e)).toEqual([12, 10]);
  });

  it("dazes Bob for one round: he skips his attack in it, and the daze ends", () => {
    const e = annAboutToRoll();
    e.give(gm({ op: "add-condition", combatant: "bob", condition: "dazed", rounds: 1 }));
    expect(e.view({ kind: "gm" })[1]!.conditions).toEqual([
      { id: "dazed", label: "dazed", rounds: 1 },
    ]);
    e.give(roll(2));
    // Bob is dazed: round 1 ends after Ann's blow, and round 2 starts with Ann again.
    expect(e.round).toBe(1);
    const s = e.status;
    expect(s.kind === "pending" && s.choice.kind === "decide" && s.choice.actor).toBe("ann");
    expect(e.view({ kind: "gm" })[1]!.conditions).toEqual([]);
  });

  it("brings in a late arrival, who joins the order at the next round", () => {
    const e = annAboutToRoll();
    e.give(
      gm({
        op: "add-combatant",
        combatant: { id: "cat", name: "Cat", side: "red", hp: 6, damage: "d4" },
      }),
    );
    expect(e.log[2]).toMatchObject({
      label: "the GM brings Cat into the fight on the side of Red",
    });
    expect(e.order().entries).toEqual([
      { id: "ann", state: "acting" },
      { id: "bob", state: "waiting" },
      { id: "cat", state: "done" },
    ]);
    e.give(roll(3));
    e.give(decide("bob", "target", "cat"));
    e.give(decide("bob", "stance", "careful"));
    e.give(roll(5));
    expect(hp(e)).toEqual([12, 7, 1]);
    expect(e.round).toBe(1);
    // Round 2: Ann, Bob, then Cat takes her first turn.
    for (const a of [
      decide("ann", "target", "bob"),
      decide("ann", "stance", "careful"),
      roll(1),
      decide("bob", "target", "ann"),
      decide("bob", "stance", "careful"),
      roll(2),
    ])
      e.give(a);
    const s = e.status;
    expect(s.kind === "pending" && s.choice.kind === "decide" && s.choice.actor).toBe("cat");
    expect(e.order().entries.map((x) => x.state)).toEqual(["done", "done", "acting"]);
  });

  it("ends the fight by ruling, mid-round; undo takes the ruling back", () => {
    const e = annAboutToRoll();
    e.give(gm({ op: "end", winner: null, reason: "both sides part ways" }));
    expect(e.status).toEqual({
      kind: "over",
      outcome: { winner: null, reason: "the GM's ruling: both sides part ways" },
    });
    expect(e.log[2]).toMatchObject({
      label: "the GM ends the fight: no winner (both sides part ways)",
    });
    expect(() => e.give(roll(3))).toThrow(/the fight is over/);
    const read = readLog(logLines(e, 1).join("\n"), registry, "ruled.jsonl").encounter;
    expect(read.status).toEqual(e.status);
    expect(logLines(e, 1).at(-1)).toBe(
      '{"type":"end","rounds":0,"winner":null,"reason":"the GM\'s ruling: both sides part ways"}',
    );
    expect(undoDecisions(e, 1)).toEqual({ decisions: 1, answers: 1 });
    expect(e.status.kind).toBe("pending");
  });

  it("says the winning side's win as English: one side wins, a plural name wins without an s", () => {
    // It read "the GM ends the fight: Red win" ("The hill giant win" in the console).
    const e = annAboutToRoll();
    e.give(gm({ op: "end", winner: "red", reason: "Bob yields" }));
    expect(e.log[2]).toMatchObject({ label: "the GM ends the fight: Red wins (Bob yields)" });
    const many = parseEncounterFile(
      {
        ...(parse(
          readFileSync(new URL("./test-support/files/skirmish-duel.yaml", import.meta.url), "utf8"),
        ) as object),
        sides: [
          { id: "red", name: "The Red Knights" },
          { id: "blue", name: "The hill giant" },
        ],
      },
      registry,
      "duel.yaml",
    );
    const giant = new Encounter(many);
    giant.give(gm({ op: "end", winner: "blue", reason: "the knights flee" }));
    expect(giant.log[0]).toMatchObject({
      label: "the GM ends the fight: the hill giant wins (the knights flee)",
    });
    const knights = new Encounter(many);
    knights.give(gm({ op: "end", winner: "red", reason: "the giant flees" }));
    expect(knights.log[0]).toMatchObject({
      label: "the GM ends the fight: the Red Knights win (the giant flees)",
    });
  });

  it("says a side's or a combatant's name that begins with The as it reads mid-sentence", () => {
    // It read "The GM brings Gorbag's nephew into the fight on the side of The orcs".
    const setup = parseEncounterFile(
      {
        ...(parse(
          readFileSync(new URL("./test-support/files/skirmish-duel.yaml", import.meta.url), "utf8"),
        ) as object),
        sides: [
          { id: "red", name: "The Red Knights" },
          { id: "blue", name: "The orcs" },
        ],
      },
      registry,
      "duel.yaml",
    );
    const e = new Encounter(setup);
    e.give(
      gm({
        op: "add-combatant",
        combatant: { id: "nephew", name: "The chief's nephew", side: "blue", hp: 6, damage: "d4" },
      }),
    );
    expect(e.log[0]).toMatchObject({
      label: "the GM brings the chief's nephew into the fight on the side of the orcs",
    });
    e.give(gm({ op: "set", combatant: "nephew", field: "hp", value: 3 }));
    expect(e.log[1]).toMatchObject({
      label: "the GM sets the chief's nephew's Hit points to 3 (was 6)",
    });
  });

  it("is seen by a simulation from here: Bob at 1 HP never survives Ann's blow", () => {
    const e = annAboutToRoll();
    e.give(gm({ op: "set", combatant: "bob", field: "hp", value: 1 }));
    const position = replayToPosition(e.definition, e.log);
    if (position.kind !== "position") throw new Error("expected a position");
    expect(position.given.map((a) => a.kind)).toEqual(["decide", "decide", "gm"]);
    for (let i = 0; i < 20; i += 1) {
      const fight = runFightFrom(e.definition, position, Rng.stream(1, i));
      expect(fight.outcome.winner).toBe("red");
      expect(fight.rounds).toBe(1);
    }
  });
});

describe("a reroll at the GM's request", () => {
  it("gives fresh dice, the same on every replay, and keeps the dice it replaced", () => {
    const e = annAboutToRoll();
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "roll") throw new Error("expected a roll");
    e.give(seededRoll(s.choice, 77));
    const first = e.log[2]!;
    const again = rerollLast(e, 77);
    expect(again.attempt).toBe(1);
    expect(again.rerolled).toEqual([first.kind === "roll" ? first.dice : ""]);
    const third = rerollLast(e, 77);
    expect(third.attempt).toBe(2);
    expect(third.rerolled).toHaveLength(2);
    // Attempt k is one stream of the seed: the same dice every time.
    const f = annAboutToRoll();
    const t = f.status;
    if (t.kind !== "pending" || t.choice.kind !== "roll") throw new Error("expected a roll");
    expect(seededRoll(t.choice, 77, 2)).toEqual({
      kind: "roll",
      label: "Ann's damage",
      value: third.value,
      dice: third.dice,
      by: "fray",
      attempt: 2,
    });
    const streams = new Set(
      Array.from({ length: 40 }, (_, k) => seededRoll(t.choice as never, 77, k).value),
    );
    expect(streams.size).toBe(6);
    const read = readLog(logLines(e, 77).join("\n"), registry, "reroll.jsonl").encounter;
    expect(read.log[2]).toEqual(e.log[2]);
  });

  it("refuses when the last answer is not a roll", () => {
    const e = annAboutToRoll();
    expect(() => rerollLast(e, 1)).toThrow(
      "the last answer is not a roll: only the last roll can be rolled again",
    );
    expect(e.log.length).toBe(2);
  });
});

describe("the rulesets' shared pieces of the GM's hand", () => {
  it("a whole-number field takes whole numbers from its minimum to its maximum, nothing else", () => {
    const hp = wholeField("hp", "Hit points", 7, -10, 12);
    expect(hp).toMatchObject({ key: "hp", label: "Hit points", value: 7 });
    expect([-10, 0, 12].map((v) => hp.schema.safeParse(v).success)).toEqual([true, true, true]);
    expect([-11, 13, 1.5, "3"].map((v) => hp.schema.safeParse(v).success)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("a condition put on for 2 rounds lasts this round and the next; before the first, rounds 1 and 2", () => {
    expect(lastRoundOf(3, 2)).toBe(4);
    expect(lastRoundOf(0, 2)).toBe(2);
    expect(lastRoundOf(5, 1)).toBe(5);
  });
});
