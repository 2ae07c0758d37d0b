// The picture of a sweep (`fray sweep --chart`): each side's win probability over the first varied
// parameter, as a line with its 95% interval as a shaded band. With more than one --vary, each
// combination of the other parameters gets its own lines.
import type { TopLevelSpec } from "vega-lite";
import { pointLabel, type SweepResult } from "../sweep/sweep.js";
import { writeChart } from "./render.js";

export function sweepChartSpec(result: SweepResult, title: string): TopLevelSpec {
  const x = result.varies[0]?.path ?? "point";
  const values = result.rows.flatMap(({ point, summary }) =>
    summary.sides.map((s) => {
      const others = pointLabel(point.slice(1)).replace(/(^|, )combatants\./g, "$1");
      return {
        x: point[0]?.value ?? 0,
        series: others === "" ? s.name : `${s.name} (${others})`,
        p: s.win.p,
        low: s.win.low,
        high: s.win.high,
      };
    }),
  );
  const runs = result.rows[0]?.summary.runs ?? 0;
  const encodingX = {
    field: "x",
    type: "quantitative",
    title: x,
    scale: { zero: false },
    axis: { tickMinStep: 1 },
  } as const;
  const color = {
    field: "series",
    type: "nominal",
    title: "win probability of",
    // Legend symbols as solid strokes (the band layer would make them pale).
    legend: {
      symbolType: "stroke",
      symbolOpacity: 1,
      symbolStrokeWidth: 3,
      symbolSize: 300,
      labelLimit: 360,
    },
  } as const;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: title,
      subtitle: `win probability over ${x}; ${runs.toLocaleString("en-US")} fights per point, shaded: 95% interval`,
    },
    width: 520,
    height: 300,
    data: { values },
    layer: [
      {
        mark: { type: "area", opacity: 0.2 },
        encoding: {
          x: encodingX,
          y: {
            field: "low",
            type: "quantitative",
            title: "probability of winning",
            scale: { domain: [0, 1] },
            axis: { format: ".0%" },
          },
          y2: { field: "high" },
          color,
        },
      },
      {
        mark: { type: "line", point: true, strokeWidth: 2 },
        encoding: { x: encodingX, y: { field: "p", type: "quantitative" }, color },
      },
    ],
  } as TopLevelSpec;
}

export async function sweepChart(result: SweepResult, title: string, path: string): Promise<void> {
  await writeChart(sweepChartSpec(result, title), path);
}
