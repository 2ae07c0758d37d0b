import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FightOddsJob } from "../types.js";
import {
  atMost,
  budgetText,
  endedTooLarge,
  FightOddsResult,
  progressText,
  waitingText,
} from "./fight-odds.js";

type FightOdds = NonNullable<FightOddsJob["result"]>;

/** What POST .../fight-odds/jobs gave, done, for cartyrion's alley (the combatants left out). */
const ALLEY: FightOdds = {
  title: "Two cutpurses in an alley",
  ruleset: "cartyrion",
  start: { round: 1, answers: 0, answersInRound: 0 },
  sides: [
    { id: "left", name: "The left cutpurse", win: 0.499999999997932 },
    { id: "right", name: "The right cutpurse", win: 0.499999999997932 },
  ],
  draw: 0,
  mutualKill: 0,
  rounds: { distribution: [0, 0.47, 0.31, 0.16, 0.06], mean: 1.83, median: 2, p90: 3 },
  combatants: [],
  unresolved: { total: 4.136102153477272e-12, truncated: 4.136102153477272e-12, ongoing: 0 },
  stopped: "done",
  roundsWorked: 9,
  maxStates: 50_000,
  maxRuns: 10_000_000,
  estimatedRuns: null,
  states: 385,
  runs: 1354,
  seconds: 0.3055,
};

/** The forest road's ambush of nine: past the console's 50,000 positions before round 1 ended. */
const AMBUSH: FightOdds = {
  ...ALLEY,
  title: "Ambush on the forest road",
  sides: [
    { id: "party", name: "The party", win: 0 },
    { id: "goblins", name: "The goblins", win: 0 },
  ],
  rounds: { distribution: [], mean: 0, median: 0, p90: 0 },
  unresolved: { total: 1, truncated: 0, ongoing: 1 },
  stopped: "state-limit",
  roundsWorked: 0,
  states: 50_000,
  runs: 50_117,
  seconds: 7.5,
};

const text = (odds: FightOdds) =>
  renderToStaticMarkup(createElement(FightOddsResult, { odds }))
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("the fight odds as the GM reads them", () => {
  it("says how close exact odds are in percent, not as 4.1e-12, and counts positions", () => {
    expect(text(ALLEY)).toBe(
      "outcome chance The left cutpurse wins 50.00% The right cutpurse wins 50.00% Exact: each chance is low by less than 0.001% (the fights not settled within the limit); 385 distinct positions worked out in 0.3 s. Copy for a spreadsheet",
    );
    expect(atMost(0.000_123)).toBe("at most 0.012%");
  });

  it("says a fight too large without a round 0, and what to do instead", () => {
    // It said "(exact through round 0, 100.0% of fights unresolved)".
    expect(text(AMBUSH)).toBe(
      "Too large to be exact here: more than 50,000 distinct positions of the fight. Simulate it instead (the Simulation panel, below), or run fray odds on the encounter's file, which has no such limit.",
    );
    expect(
      text({ ...AMBUSH, roundsWorked: 2, unresolved: { ...AMBUSH.unresolved, total: 0.25 } }),
    ).toContain("of the fight (2 rounds worked out, 25.0% of fights still undecided). Simulate");
  });

  it("says a round whose dice branch past the console's runs is too large, and to simulate it", () => {
    // karn's two new fighters: refused 4,096 runs into round 1 (its ways estimated at 2.7e131),
    // where the panel waited the server's minute, at 3 positions, to say so.
    expect(
      text({ ...AMBUSH, stopped: "run-limit", states: 3, runs: 0, estimatedRuns: 2.7e131 }),
    ).toBe(
      "Too large to be exact here: round 1 alone has more than 10,000,000 ways the dice can fall. Simulate it instead (the Simulation panel, below): many fights played out give each side's chance in seconds.",
    );
  });
});

describe("when the fight-odds panel stops following the fight", () => {
  it("stops once a position is too large to be exact here, not once it is worked out or fails otherwise", () => {
    // It started the same work again after every answer: karn's two new fighters, a minute of a
    // job thread each time, the simulation and the advisor waiting behind it.
    const job = (over: Partial<FightOddsJob>): FightOddsJob => ({
      id: 1,
      encounter: 1,
      version: 1,
      from: "here",
      status: "done",
      progress: null,
      result: null,
      error: null,
      ...over,
    });
    expect(endedTooLarge(job({ result: AMBUSH }))).toBe(true);
    expect(endedTooLarge(job({ status: "failed", error: { status: 422, error: "60 s" } }))).toBe(
      true,
    );
    expect(endedTooLarge(job({ result: ALLEY }))).toBe(false);
    expect(endedTooLarge(job({ status: "failed", error: { status: 500, error: "bug" } }))).toBe(
      false,
    );
    expect(endedTooLarge(job({ status: "running" }))).toBe(false);
  });
});

describe("the fight-odds panel's words while it waits and when the server gives up", () => {
  it("says how long it has waited, and what to do, once the server is silent for seconds", () => {
    expect(waitingText(1.2)).toBe("Waiting for the server…");
    // A tnt fight of five: a minute of "Waiting for the server…" before it was refused.
    expect(waitingText(12.7)).toBe(
      "Working out the fight's first round: 12 s so far. A fight of many combatants may be too large to be exact here: Cancel and simulate it instead (the Simulation panel, below).",
    );
  });

  it("says how far the work is from its first report, before any fight is settled", () => {
    // tnt's five: reported at 0.4 s, 4,096 runs into its first round, where the first report came
    // at the round's end, 73 s in; "0.0% of fights settled" until then said nothing moved.
    expect(progressText({ round: 1, states: 17, runs: 4096, resolved: 0, seconds: 0.39 })).toBe(
      "Round 1: 4,096 ways the dice can fall worked through, 17 positions (0.4 s); no fight settled yet",
    );
    expect(
      progressText({ round: 3, states: 12_345, runs: 99_000, resolved: 0.4567, seconds: 2.04 }),
    ).toBe("Round 3: 45.7% of fights settled (12,345 positions, 2.0 s)");
  });

  it("says a refusal past the time limit without the program's name, and to simulate instead", () => {
    expect(budgetText("fightOdds: stopped after 60 s, the most one request may take")).toBe(
      "Too large to be exact here: stopped after 60 s, the most one request may take. Simulate it instead (the Simulation panel, below), or run fray odds on the encounter's file, which has no such limit.",
    );
  });
});
