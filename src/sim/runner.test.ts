import { describe, expect, it } from "vitest";
import { runBatch } from "./run-batch.js";
import { runSimulation, SimPool } from "./runner.js";
import { summarize } from "./summary.js";
import { duel, skirmishEncounter, skirmishFile } from "./test-support/files.js";

describe("running a simulation in this thread", () => {
  const def = duel();

  it("reports what one pass over the same runs gives, whatever the batches", async () => {
    const result = await runSimulation({ definition: def, seed: 3, runs: 5_000, workers: 1 });
    expect(result.stopped).toBe("completed");
    expect(result.summary).toEqual(
      summarize(def, runBatch(def, { seed: 3, from: 0, to: 5_000, maxRounds: 500 }), 3),
    );
    expect(result.timing.workers).toBe(1);
  });

  it("depends on the seed", async () => {
    const a = await runSimulation({ definition: def, seed: 1, runs: 2_000, workers: 1 });
    const b = await runSimulation({ definition: def, seed: 2, runs: 2_000, workers: 1 });
    expect(a.summary.sides[0]!.win.p).not.toBe(b.summary.sides[0]!.win.p);
  });

  it("reports per side, per combatant and rounds with sensible values", async () => {
    const { summary } = await runSimulation({ definition: def, seed: 8, runs: 20_000, workers: 1 });
    expect(summary.runs).toBe(20_000);
    const total =
      summary.sides.reduce((s, x) => s + x.win.p, 0) + summary.draw.p + summary.mutualKill.p;
    expect(total).toBeCloseTo(1, 12);
    // Bob (10 HP, 2d6) outclasses Ann (12 HP, d6).
    expect(summary.sides.map((s) => s.id)).toEqual(["red", "blue"]);
    expect(summary.sides[1]!.win.low).toBeGreaterThan(0.5);
    // Survival of each fighter is its side's win probability in a duel with no draws.
    expect(summary.combatants[1]!.survival.p).toBeCloseTo(summary.sides[1]!.win.p, 12);
    expect(summary.rounds.median).toBeGreaterThanOrEqual(1);
    expect(summary.rounds.p90).toBeGreaterThanOrEqual(summary.rounds.median);
    expect(summary.rounds.mean).toBeGreaterThan(1);
    expect(summary.combatants[1]!.meanHealthIfStanding).toBeGreaterThan(0);
    expect(summary.combatants[1]!.meanHealthIfStanding).toBeLessThanOrEqual(10);
  });

  it("stops once every win interval is within the target (--until-ci)", async () => {
    const result = await runSimulation({
      definition: def,
      seed: 4,
      runs: 1_000_000,
      untilCi: 0.01,
      workers: 1,
    });
    expect(result.stopped).toBe("interval-reached");
    for (const s of result.summary.sides) expect((s.win.high - s.win.low) / 2).toBeLessThan(0.01);
    // p near 0.6 needs about 9,200 fights for ±0.01; batches are 5,000.
    expect(result.summary.runs).toBe(10_000);
  });

  it("stops at an abort (Ctrl-C) with the runs gathered so far", async () => {
    const controller = new AbortController();
    let calls = 0;
    const result = await runSimulation({
      definition: def,
      seed: 5,
      runs: 1_000_000,
      workers: 1,
      signal: controller.signal,
      onProgress: () => {
        calls += 1;
        // After the second batch: the runs gathered are two batches merged, as one pass gives.
        if (calls === 2) controller.abort();
      },
    });
    expect(result.stopped).toBe("interrupted");
    expect(result.summary.runs).toBe(2 * 5_000);
    expect(result.summary).toEqual(
      summarize(def, runBatch(def, { seed: 5, from: 0, to: 10_000, maxRounds: 500 }), 5),
    );
  });

  it("keeps a group fight's sides and combatants apart", async () => {
    const group = skirmishEncounter(skirmishFile("skirmish-group.yaml"));
    const { summary } = await runSimulation({
      definition: group,
      seed: 6,
      runs: 3_000,
      workers: 1,
    });
    expect(summary.combatants.map((c) => c.id)).toEqual(["ann", "cat", "bob"]);
    expect(summary.combatants[0]!.survival.p).toBeGreaterThanOrEqual(
      summary.sides[0]!.win.p - 1e-12,
    );
  });

  it("counts this thread among a pool's threads, so a pool needs two or more", () => {
    expect(() => new SimPool(1)).toThrow(RangeError);
  });
});
