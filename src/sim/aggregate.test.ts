import { describe, expect, it } from "vitest";
import { Rng } from "../core/random.js";
import { runFight } from "../engine/fight.js";
import { addFight, emptyAggregate, mergeInto } from "./aggregate.js";
import { runBatch } from "./run-batch.js";
import { duel, skirmishEncounter, skirmishFile } from "./test-support/files.js";

describe("streaming aggregates", () => {
  const def = duel();

  it("count every fight once: wins, draws and mutual kills add up to the runs", () => {
    const agg = runBatch(def, { seed: 7, from: 0, to: 2_000, maxRounds: 500 });
    expect(agg.runs).toBe(2_000);
    expect(agg.wins.reduce((a, b) => a + b, 0) + agg.draws + agg.mutualKills).toBe(2_000);
    expect(agg.rounds.reduce((a, b) => a + b, 0)).toBe(2_000);
    expect(agg.rounds).toHaveLength(501);
    // In a skirmish duel a fight ends with one fighter down and the other standing.
    expect(agg.survived.reduce((a, b) => a + b, 0)).toBe(2_000);
  });

  it("merged from batches equal one pass over all the runs", () => {
    const whole = runBatch(def, { seed: 11, from: 0, to: 3_000, maxRounds: 500 });
    const parts = [
      [0, 1_000],
      [1_000, 1_001],
      [1_001, 3_000],
    ].map(([from, to]) => runBatch(def, { seed: 11, from: from!, to: to!, maxRounds: 500 }));
    const merged = parts.reduce((into, part) => mergeInto(into, part), emptyAggregate(def, 500));
    expect(merged).toEqual(whole);
  });

  it("play run i with stream i of the seed, whatever batch it is in", () => {
    const one = runBatch(def, { seed: 5, from: 41, to: 42, maxRounds: 500 });
    const fight = runFight(def, Rng.stream(5, 41), 500);
    const direct = emptyAggregate(def, 500);
    addFight(direct, fight.outcome, fight.rounds, def.ruleset.standing(fight.state));
    expect(one).toEqual(direct);
  });

  it("tell a mutual kill from a draw at the round limit", () => {
    const agg = runBatch(def, { seed: 1, from: 0, to: 200, maxRounds: 1 });
    // With one round allowed, every fight not won in round 1 is a draw with both standing.
    expect(agg.draws).toBeGreaterThan(0);
    expect(agg.rounds[1]).toBe(200);
    const addTo = emptyAggregate(def, 5);
    addFight(addTo, { winner: null, reason: "everyone fell" }, 3, [
      { id: "ann", health: 0, out: true },
      { id: "bob", health: -2, out: true },
    ]);
    expect(addTo.mutualKills).toBe(1);
    expect(addTo.draws).toBe(0);
    expect(addTo.health).toEqual([0, -2]);
  });

  it("stay the same size however many fights they hold (flat memory)", () => {
    const few = runBatch(def, { seed: 2, from: 0, to: 10, maxRounds: 500 });
    const many = runBatch(def, { seed: 2, from: 0, to: 10_000, maxRounds: 500 });
    const shape = (a: typeof few) =>
      JSON.stringify(a, (_k, v: unknown) => (typeof v === "number" ? 0 : v));
    expect(shape(many)).toBe(shape(few));
  });

  it("refuse to merge aggregates of different encounters", () => {
    const group = skirmishEncounter(skirmishFile("skirmish-group.yaml"));
    expect(() => mergeInto(emptyAggregate(def, 500), emptyAggregate(group, 500))).toThrow(
      /different encounters/,
    );
  });
});
