// The outcome panel of a simulation's chart: each side's chance of winning, and of a draw or a
// mutual kill when they happen, as bars with their 95% intervals. `fray sim --chart` draws it
// beside the rounds (sim-chart.ts); the console draws it alone in the browser.
import { sideWins } from "../../engine/side-wins.js";
import type { SimSummary } from "../summary.js";

export type OutcomeSummary = Pick<SimSummary, "sides" | "draw" | "mutualKill">;

/**
 * A Vega-Lite layered view (untyped here: the whole chart is cast to TopLevelSpec once). Each bar
 * is labelled with its chance, to one decimal unless `labels` says otherwise, an outcome's each,
 * in the bars' order: the console's table rounds its chances to add up to 100%, and its chart
 * said 48.6% beside the table's 48.7% for the same outcome.
 */
export function outcomePanel(summary: OutcomeSummary, labels: readonly string[] = []) {
  const outcomes = [
    ...summary.sides.map((s) => ({ outcome: sideWins(s.name), ...s.win })),
    ...(summary.draw.p > 0 ? [{ outcome: "draw", ...summary.draw }] : []),
    ...(summary.mutualKill.p > 0 ? [{ outcome: "mutual kill", ...summary.mutualKill }] : []),
  ].map((o, i) => ({ ...o, label: labels[i] ?? `${(100 * o.p).toFixed(1)}%` }));
  return {
    title: "Outcome",
    width: 300,
    height: { step: 34 },
    data: { values: outcomes },
    layer: [
      {
        mark: { type: "bar" },
        encoding: {
          y: {
            field: "outcome",
            type: "nominal",
            sort: null,
            title: null,
            scale: { type: "band", paddingInner: 0.3 },
          },
          x: {
            field: "p",
            type: "quantitative",
            title: "probability",
            scale: { domain: [0, 1] },
            axis: { format: ".0%" },
          },
          color: { field: "outcome", type: "nominal", legend: null, sort: null },
        },
      },
      {
        mark: { type: "rule", color: "#222", strokeWidth: 1.5 },
        encoding: {
          y: { field: "outcome", type: "nominal", sort: null },
          x: { field: "low", type: "quantitative" },
          x2: { field: "high" },
        },
      },
      {
        mark: { type: "text", align: "left", dx: 6, fontSize: 11 },
        encoding: {
          y: { field: "outcome", type: "nominal", sort: null },
          x: { field: "high", type: "quantitative" },
          text: { field: "label", type: "nominal" },
        },
      },
    ],
  };
}
