// The picture of a simulation (`fray sim --chart`): each side's chance of winning (and of a draw
// or mutual kill, when they happen) with its 95% interval (outcome-panel.ts), beside the
// histogram of rounds to the end of the fight with the median and 90th percentile marked.
import type { TopLevelSpec } from "vega-lite";
import type { FightAggregate } from "../aggregate.js";
import type { SimSummary } from "../summary.js";
import { outcomePanel } from "./outcome-panel.js";
import { writeChart } from "./render.js";

export function simChartSpec(summary: SimSummary, aggregate: FightAggregate): TopLevelSpec {
  const used = aggregate.rounds.flatMap((c, r) => (c > 0 ? [r] : []));
  const first = used[0] ?? 0;
  const last = used[used.length - 1] ?? 0;
  const n = Math.max(1, aggregate.runs);
  const rounds = aggregate.rounds
    .slice(first, last + 1)
    .map((c, r) => ({ rounds: first + r, p: c / n }));
  const marks = [
    { label: `median ${summary.rounds.median}`, rounds: summary.rounds.median },
    { label: `90% by ${summary.rounds.p90}`, rounds: summary.rounds.p90 },
  ];
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: summary.title,
      subtitle: `${summary.ruleset}: ${summary.runs.toLocaleString("en-US")} simulated fights, seed ${summary.seed}; bars show 95% intervals`,
    },
    hconcat: [
      outcomePanel(summary),
      {
        title: "Rounds to the end of the fight",
        width: Math.min(520, Math.max(240, rounds.length * 16)),
        height: 220,
        layer: [
          {
            data: { values: rounds },
            mark: { type: "bar", color: "#7a8ea8" },
            encoding: {
              x: {
                field: "rounds",
                type: "ordinal",
                title: "rounds",
                axis: { labelAngle: 0, labelOverlap: true },
              },
              y: {
                field: "p",
                type: "quantitative",
                title: "share of fights",
                axis: { format: ".0%" },
              },
            },
          },
          {
            data: { values: marks },
            mark: { type: "rule", color: "#c8553d", strokeDash: [4, 3], strokeWidth: 1.5 },
            encoding: { x: { field: "rounds", type: "ordinal" } },
          },
          {
            data: { values: marks },
            mark: {
              type: "text",
              color: "#c8553d",
              align: "left",
              baseline: "top",
              dx: 4,
              fontSize: 11,
            },
            encoding: {
              x: { field: "rounds", type: "ordinal" },
              y: { value: 0 },
              yOffset: { field: "label", type: "nominal", scale: { range: [2, 16] }, legend: null },
              text: { field: "label" },
            },
          },
        ],
      },
    ],
    resolve: { scale: { color: "independent" } },
  } as TopLevelSpec;
}

export async function simChart(
  summary: SimSummary,
  aggregate: FightAggregate,
  path: string,
): Promise<void> {
  await writeChart(simChartSpec(summary, aggregate), path);
}
