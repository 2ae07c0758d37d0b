import { describe, expect, it } from "vitest";
import { rulesets } from "../test-support/registry.js";
import { skirmishFile } from "../test-support/files.js";
import { runSimulation } from "../runner.js";
import { skirmishEncounter } from "../test-support/files.js";
import { parseVary } from "./grid.js";
import { runSweep } from "./sweep.js";
import { sweepTable, toCsv, toJson } from "./table.js";
import { setPath } from "./set-path.js";
import type { JsonObject } from "../../engine/json.js";

describe("a sweep", () => {
  const file = skirmishFile("skirmish-duel.yaml") as JsonObject;
  const job = { file, source: "skirmish-duel.yaml", rulesets, seed: 5, runs: 4_000, workers: 1 };

  it("simulates every point with its value set, each exactly as a plain simulation would", async () => {
    const result = await runSweep({ ...job, varies: [parseVary("combatants.ann.hp=6..18:6")] });
    expect(result.rows.map((r) => r.point[0]!.value)).toEqual([6, 12, 18]);
    const wins = result.rows.map((r) => r.summary.sides[0]!.win.p);
    // More hit points for Ann, better odds for red.
    expect(wins[0]).toBeLessThan(wins[1]!);
    expect(wins[1]).toBeLessThan(wins[2]!);
    const alone = await runSimulation({
      definition: skirmishEncounter(setPath(file, "combatants.ann.hp", 12)),
      seed: 5,
      runs: 4_000,
      workers: 1,
    });
    expect(result.rows[1]!.summary.sides).toEqual(alone.summary.sides);
  });

  it("writes CSV with one column per varied path and per side's interval", async () => {
    const result = await runSweep({
      ...job,
      runs: 500,
      varies: [parseVary("combatants.ann.hp=5..6"), parseVary("combatants.bob.hp=9..10")],
    });
    const table = sweepTable(result);
    expect(table.columns).toEqual([
      "combatants.ann.hp",
      "combatants.bob.hp",
      "runs",
      "red_win",
      "red_win_low",
      "red_win_high",
      "blue_win",
      "blue_win_low",
      "blue_win_high",
      "draw",
      "mutual_kill",
      "mean_rounds",
    ]);
    const csv = toCsv(table).trim().split("\n");
    expect(csv).toHaveLength(5);
    expect(csv[1]!.startsWith("5,9,500,")).toBe(true);
    const json = JSON.parse(toJson(result)) as {
      points: { values: Record<string, number>; runs: number }[];
    };
    expect(json.points[3]!.values).toEqual({ "combatants.ann.hp": 6, "combatants.bob.hp": 10 });
  });

  it("refuses a value the ruleset refuses before simulating anything", async () => {
    await expect(
      runSweep({ ...job, varies: [parseVary("combatants.ann.hp=-1..1")] }),
    ).rejects.toThrow(/hp/);
  });
});
