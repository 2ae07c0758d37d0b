// Simulation from a fight in progress: the fights start where the answers given so far have
// brought the fight (its round replayed with them), in this thread; src/sim/workers.test.ts runs
// the same on worker threads.
import { describe, expect, it } from "vitest";
import type { Answer } from "../engine/answers.js";
import type { RuleContext } from "../engine/choice.js";
import { cloneState } from "../engine/clone.js";
import { enumerateExact } from "../engine/drivers/exact.js";
import { gmApplier } from "../engine/encounter.js";
import { replayToPosition, ReplayContext } from "../engine/position.js";
import { runSimulation } from "./runner.js";
import { FIGHT_START } from "./start.js";
import { duel, skirmishEncounter } from "./test-support/files.js";
import { untimedJson } from "./test-support/untimed.js";

const decide = (actor: string, question: string, value: string): Answer => ({
  kind: "decide",
  actor,
  question,
  value,
});
const roll = (label: string, value: number): Answer => ({ kind: "roll", label, value });

describe("a simulation from a fight in progress", () => {
  it("from the start position is the simulation from the start: the same JSON but timing", async () => {
    const definition = duel();
    const job = { definition, seed: 21, runs: 4_000, workers: 1 };
    const plain = await runSimulation(job);
    const fromStart = await runSimulation({ ...job, answers: [] });
    expect(fromStart.summary.start).toEqual(FIGHT_START);
    expect(untimedJson(fromStart)).toBe(untimedJson(plain));
    expect(fromStart.aggregate).toEqual(plain.aggregate);
  });

  it("a side already out wins with probability exactly 0", async () => {
    // Three sides; Ann's 1 has taken Bob (1 HP) out, and Cat is to choose her target.
    const definition = skirmishEncounter({
      ruleset: "skirmish",
      combatants: [
        { id: "ann", side: "red", hp: 6, damage: "d6" },
        { id: "bob", side: "blue", hp: 1, damage: "2d6" },
        { id: "cat", side: "green", hp: 6, damage: "d6" },
      ],
    });
    const answers = [
      decide("ann", "target", "bob"),
      decide("ann", "stance", "careful"),
      roll("ann's damage", 1),
    ];
    const { summary } = await runSimulation({
      definition,
      answers,
      seed: 2,
      runs: 3_000,
      workers: 1,
    });
    expect(summary.start).toEqual({ round: 1, answers: 3, answersInRound: 3 });
    const blue = summary.sides.find((s) => s.id === "blue")!;
    expect(blue.win.p).toBe(0);
    expect(summary.combatants.find((c) => c.id === "bob")!.survival.p).toBe(0);
    expect(summary.combatants.find((c) => c.id === "bob")!.meanHealth).toBe(0);
    const red = summary.sides.find((s) => s.id === "red")!.win.p;
    const green = summary.sides.find((s) => s.id === "green")!.win.p;
    expect(red).toBeGreaterThan(0);
    expect(green).toBeGreaterThan(0);
    expect(red + green + summary.draw.p + summary.mutualKill.p).toBeCloseTo(1, 12);
  });

  it("a blow already rolled that fells the foe wins with probability exactly 1, in this round", async () => {
    // Ann's 6 on Bob's 5 HP: only the GM's bonus point is left to decide in the round.
    const definition = skirmishEncounter({
      ruleset: "skirmish",
      sides: [{ id: "red" }, { id: "blue" }],
      combatants: [
        { id: "ann", side: "red", hp: 12, damage: "d6" },
        { id: "bob", side: "blue", hp: 5, damage: "2d6" },
      ],
    });
    const answers = [
      decide("ann", "target", "bob"),
      decide("ann", "stance", "careful"),
      roll("ann's damage", 6),
    ];
    const { summary } = await runSimulation({
      definition,
      answers,
      seed: 5,
      runs: 2_000,
      workers: 1,
    });
    expect(summary.sides.map((s) => s.win.p)).toEqual([1, 0]);
    expect(summary.draw.p).toBe(0);
    expect(summary.rounds).toEqual({ mean: 1, median: 1, p90: 1 });
    // 6 and the GM's bonus point (the policy gives it) from 5 HP.
    expect(summary.combatants[1]!.meanHealth).toBe(-2);
    expect(summary.combatants[0]!.meanHealth).toBe(12);
  });

  describe("mid-round, against the exact odds of the rest of the fight", () => {
    // Ann (4 HP, d4) and Bob (3 HP, d4), at most three rounds counted from round 1's start.
    // Ann has struck carefully (her policy would have been reckless) for 2: Bob is at 1 and
    // chooses his target. Ann wins 86.7% of the fights from the start, 73.0% from here.
    const ROUNDS = 3;
    const definition = skirmishEncounter({
      ruleset: "skirmish",
      sides: [{ id: "red" }, { id: "blue" }],
      combatants: [
        { id: "ann", side: "red", hp: 4, damage: "d4" },
        { id: "bob", side: "blue", hp: 3, damage: "d4" },
      ],
    });
    const answers = [
      decide("ann", "target", "bob"),
      decide("ann", "stance", "careful"),
      roll("ann's damage", 2),
    ];
    const rules = definition.ruleset;
    const exactFrom = (given: readonly Answer[]) => {
      const position = replayToPosition(definition, given);
      if (position.kind !== "position") throw new Error("over");
      const fight = (ctx: RuleContext) => {
        const state = cloneState(position.roundStart);
        rules.round(state, new ReplayContext(position.given, ctx, gmApplier(definition, state)));
        for (let r = 1; r < ROUNDS && rules.outcome(state) === null; r += 1)
          rules.round(state, ctx);
        return rules.outcome(state)?.winner ?? null;
      };
      const { outcomes } = enumerateExact(fight, { tactics: definition.playbook });
      return (winner: string | null) =>
        outcomes.filter((o) => o.result === winner).reduce((s, o) => s + o.p, 0);
    };
    const here = exactFrom(answers);
    const start = exactFrom([]);

    it("the exact odds from here are not those from the start", () => {
      expect(here("red") + here("blue") + here(null)).toBeCloseTo(1, 12);
      expect(start("red")).toBeCloseTo(0.8674, 4);
      expect(here("red")).toBeCloseTo(0.7302, 4);
    });

    it("each side's simulated win interval holds its exact probability from here, not from the start", async () => {
      const { summary } = await runSimulation({
        definition,
        answers,
        seed: 2024,
        runs: 40_000,
        maxRounds: ROUNDS,
        workers: 1,
      });
      expect(summary.start).toEqual({ round: 1, answers: 3, answersInRound: 3 });
      const [red, blue] = summary.sides;
      for (const [side, p] of [
        [red!, here("red")],
        [blue!, here("blue")],
      ] as const) {
        expect(side.win.low).toBeLessThan(p);
        expect(side.win.high).toBeGreaterThan(p);
      }
      expect(summary.draw.low).toBeLessThanOrEqual(here(null));
      expect(summary.draw.high).toBeGreaterThanOrEqual(here(null));
      expect(red!.win.high).toBeLessThan(start("red"));
    });
  });

  it("refuses answers that have ended the fight, and answers that do not replay", async () => {
    const definition = duel();
    const job = { definition, seed: 1, runs: 1_000, workers: 1 };
    const ended = [
      decide("ann", "target", "bob"),
      decide("ann", "stance", "careful"),
      roll("Ann's damage", 6),
      { kind: "decide", actor: "gm", question: "bonus", value: true } as const,
    ];
    const over = skirmishEncounter({
      ruleset: "skirmish",
      combatants: [
        { id: "ann", name: "Ann", side: "red", hp: 12, damage: "d6" },
        { id: "bob", name: "Bob", side: "blue", hp: 5, damage: "2d6" },
      ],
    });
    await expect(runSimulation({ ...job, definition: over, answers: ended })).rejects.toThrow(
      /the fight is over after 4 answers \(the other side fell\): there is nothing left to simulate/,
    );
    await expect(
      runSimulation({ ...job, answers: [roll("Ann's damage", 3)] }),
    ).rejects.toMatchObject({ where: "answer 1" });
  });
});
