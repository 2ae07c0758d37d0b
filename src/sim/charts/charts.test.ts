import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Dist } from "../../core/dist.js";
import { runSimulation } from "../runner.js";
import { parseVary } from "../sweep/grid.js";
import { runSweep } from "../sweep/sweep.js";
import { duel, skirmishFile } from "../test-support/files.js";
import { rulesets } from "../test-support/registry.js";
import {
  chartFormat,
  chartSvg,
  oddsChart,
  oddsChartSpec,
  simChartSpec,
  svgToPng,
  sweepChartSpec,
} from "./index.js";
import type { JsonObject } from "../../engine/json.js";
import { outcomePanel } from "./outcome-panel.js";

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

describe("charts", () => {
  const dir = mkdtempSync(join(tmpdir(), "fray-charts-"));

  it("draw a distribution's bars with every outcome, as SVG and PNG files", async () => {
    const twoD6 = Dist.fromEntries(
      Array.from({ length: 11 }, (_, i) => [i + 2, (6 - Math.abs(i - 5)) / 36] as const),
    );
    const spec = oddsChartSpec(twoD6, { title: "2d6", outcome: "total" });
    expect((spec as { title: { subtitle: string } }).title.subtitle).toBe("mean 7.00");
    await oddsChart(twoD6, join(dir, "odds.svg"), { title: "2d6", outcome: "total" });
    const svg = readFileSync(join(dir, "odds.svg"), "utf8");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("2d6");
    // One bar per total.
    expect(svg.match(/role-mark.*?bar/g)).not.toBeNull();
    await oddsChart(twoD6, join(dir, "odds.png"));
    expect([...readFileSync(join(dir, "odds.png")).subarray(0, 4)]).toEqual(PNG_MAGIC);
  });

  it("draw a simulation: outcomes with intervals and the rounds histogram", async () => {
    const result = await runSimulation({ definition: duel(), seed: 1, runs: 3_000, workers: 1 });
    const svg = await chartSvg(simChartSpec(result.summary, result.aggregate));
    expect(svg).toContain("Rounds to the end of the fight");
    expect(svg).toContain("Red wins");
    expect(svg).toContain(`median ${result.summary.rounds.median}`);
    // Each bar says its chance to one decimal, as fray sim's table prints it.
    for (const side of result.summary.sides) {
      expect(svg).toContain(`>${(100 * side.win.p).toFixed(1)}%<`);
    }
    expect([...svgToPng(svg).subarray(0, 4)]).toEqual(PNG_MAGIC);
  });

  it("label an outcome's bar as told: the console's table's chance, rounded to add up to 100%", async () => {
    // 973, 1,024 and 3 fights of 2,000: the bars said 48.6%, 51.2% and 0.1% beside the table's
    // 48.7%, 51.2% and 0.1% (Hamilton's rounding, so that the table adds up to 100%).
    const p = (k: number) => ({ p: k / 2000, low: 0, high: 1 });
    const summary = {
      sides: [
        { id: "party", name: "The party", win: p(973) },
        { id: "foes", name: "The foes", win: p(1024) },
      ],
      draw: p(0),
      mutualKill: p(3),
    };
    const labelsOf = (panel: ReturnType<typeof outcomePanel>) =>
      panel.data.values.map((v) => `${v.outcome} ${v.label}`);
    expect(labelsOf(outcomePanel(summary))).toEqual([
      "The party wins 48.6%",
      "The foes win 51.2%",
      "mutual kill 0.1%",
    ]);
    expect(labelsOf(outcomePanel(summary, ["48.7%", "51.2%", "0.1%"]))).toEqual([
      "The party wins 48.7%",
      "The foes win 51.2%",
      "mutual kill 0.1%",
    ]);
  });

  it("draw a sweep's win probability over the varied value", async () => {
    const result = await runSweep({
      file: skirmishFile("skirmish-duel.yaml") as JsonObject,
      source: "duel",
      rulesets,
      varies: [parseVary("combatants.ann.hp=8..12:2")],
      seed: 2,
      runs: 1_000,
      workers: 1,
    });
    const svg = await chartSvg(sweepChartSpec(result, "Ann's hit points"));
    expect(svg).toContain("combatants.ann.hp");
    expect(svg).toContain("Blue");
  });

  it("take the format from the extension", () => {
    expect(chartFormat("a.SVG")).toBe("svg");
    expect(chartFormat("out/b.png")).toBe("png");
    expect(() => chartFormat("c.jpg")).toThrow(/\.svg or \.png/);
  });
});
