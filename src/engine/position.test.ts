import { describe, expect, it } from "vitest";
import type { Answer } from "./answers.js";
import type { DecisionOptions } from "./choice.js";
import type { Json } from "./json.js";
import { cloneState } from "./clone.js";
import { enumerateExact } from "./drivers/exact.js";
import { gmApplier } from "./encounter.js";
import { parseEncounterFile } from "./encounter-file.js";
import { replayToPosition, ReplayContext, type Position } from "./position.js";
import type { Ruleset } from "./ruleset.js";
import { skirmish, type SkirmishState } from "./test-support/skirmish.js";

const registry = { skirmish: skirmish as unknown as Ruleset };
const duel = (bobHp = 10) =>
  parseEncounterFile(
    {
      ruleset: "skirmish",
      sides: [{ id: "red" }, { id: "blue" }],
      combatants: [
        { id: "ann", name: "Ann", side: "red", hp: 12, damage: "d6" },
        { id: "bob", name: "Bob", side: "blue", hp: bobHp, damage: "2d6" },
      ],
    },
    registry,
    "test",
  );
const decide = (actor: string, question: string, value: string): Answer => ({
  kind: "decide",
  actor,
  question,
  value,
});
const roll = (label: string, value: number): Answer => ({ kind: "roll", label, value });
const hp = (state: object) => (state as SkirmishState).fighters.map((f) => f.hp);

/** Round 1 of the duel: Ann careful for 4, Bob careful for 7 (no bonus point: the GM says no). */
const ROUND_ONE: Answer[] = [
  decide("ann", "target", "bob"),
  decide("ann", "stance", "careful"),
  roll("Ann's damage", 4),
  decide("bob", "target", "ann"),
  decide("bob", "stance", "careful"),
  roll("Bob's damage", 7),
  { kind: "decide", actor: "gm", question: "bonus", value: false },
];

function position(answers: readonly Answer[], bobHp = 10): Position {
  const found = replayToPosition(duel(bobHp), answers);
  if (found.kind !== "position") throw new Error("the fight is over");
  return found;
}

describe("a position of a fight in progress", () => {
  it("is the start of the fight when no answer is given", () => {
    const p = position([]);
    expect(p).toMatchObject({ round: 1, given: [], answers: 0 });
    expect(p.choice).toMatchObject({ kind: "decide", actor: "ann", question: "target" });
    expect(hp(p.roundStart)).toEqual([12, 10]);
  });

  it("is the start of the current round plus the answers given in it so far", () => {
    const answers = [...ROUND_ONE, decide("ann", "target", "bob")];
    const p = position(answers);
    expect(p.round).toBe(2);
    expect(p.answers).toBe(8);
    expect(p.given).toEqual([decide("ann", "target", "bob")]);
    // Round 1 took 4 from Bob and 7 from Ann.
    expect(hp(p.roundStart)).toEqual([5, 6]);
    expect(p.choice).toMatchObject({ kind: "decide", actor: "ann", question: "stance" });
    expect(hp(p.state)).toEqual([5, 6]);
  });

  it("waits at a roll as well as at a decision, with the round played up to it", () => {
    const p = position(ROUND_ONE.slice(0, 3));
    expect(p.choice).toMatchObject({ kind: "decide", actor: "bob", question: "target" });
    expect(hp(p.state)).toEqual([12, 6]);
    expect(hp(p.roundStart)).toEqual([12, 10]);
    expect(position(ROUND_ONE.slice(0, 2)).choice).toMatchObject({
      kind: "roll",
      label: "Ann's damage",
    });
  });

  it("is no position once the answers have ended the fight", () => {
    const over = replayToPosition(duel(4), ROUND_ONE.slice(0, 3));
    expect(over).toMatchObject({
      kind: "over",
      outcome: { winner: "red", reason: "the other side fell" },
      rounds: 1,
      answers: 3,
    });
    expect(hp((over as { state: object }).state)).toEqual([12, 0]);
  });

  it("refuses answers that do not fit, naming the answer", () => {
    expect(() => replayToPosition(duel(), [roll("Ann's damage", 3)])).toThrow(
      /answer 1 is a roll \(Ann's damage\) but the rules ask ann: target/,
    );
  });
});

describe("replaying to a position", () => {
  it("plays each round on a copy made by the ruleset's own copy, where it has one", () => {
    // Swords & Wizardry's fighters cloned generically had other hidden classes than its copies:
    // the advisor's code, compiled for one, was thrown away at the next call (docs/benchmarks.md).
    const copied: object[] = [];
    const copying = {
      ...skirmish,
      copy(state: SkirmishState): SkirmishState {
        copied.push(state);
        return cloneState(state);
      },
    } as unknown as Ruleset;
    const def = { ...duel(), ruleset: copying };
    const found = replayToPosition(def, ROUND_ONE);
    expect(found.kind).toBe("position");
    // Round 1's start (the setup) and round 2's start (round 1's end), each copied once.
    expect(copied.map(hp)).toEqual([
      [12, 10],
      [5, 6],
    ]);
    expect(hp((found as Position).roundStart)).toEqual([5, 6]);
  });
});

describe("playing on from a position (ReplayContext)", () => {
  it("gives the round's answers first, then hands every later choice to the inner driver", () => {
    const p = position(ROUND_ONE.slice(0, 3));
    const rules = duel().ruleset;
    // Bob's careful 2d6 from Ann's 12 HP, every outcome by the exact driver.
    const exact = enumerateExact(
      (ctx) => {
        const state = cloneState(p.roundStart);
        rules.round(state, new ReplayContext(p.given, ctx, gmApplier(duel(), state)));
        return hp(state);
      },
      { tactics: duel().playbook },
    );
    expect(exact.outcomes.every((o) => o.result[1] === 6)).toBe(true);
    const mean = exact.outcomes.reduce((s, o) => s + o.p * (12 - o.result[0]!), 0);
    // 7 on average, plus the GM's bonus point (the GM's tactic says yes) on 6 or more.
    expect(mean).toBeCloseTo(7 + 26 / 36, 12);
  });

  it("fails loudly when the rules ask for something else than was recorded", () => {
    const rules = duel().ruleset;
    const state = rules.setup(duel().setup);
    const inner = {
      explaining: false,
      roll: () => 1,
      decide: <T extends Json>(a: string, q: string, o: DecisionOptions<T>) =>
        duel().playbook.answer(a, q, o),
      explain: () => {},
    };
    const ctx = new ReplayContext([roll("Ann's damage", 3)], inner, gmApplier(duel(), state));
    expect(() => rules.round(state, ctx)).toThrow(/replay drifted/);
  });
});
