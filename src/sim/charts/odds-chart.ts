// The bar chart of one distribution (`fray odds --chart`): the probability of each outcome, the
// mean marked. A long tail (exploding dice) is cut where less than 0.05% of the probability
// remains, and the subtitle says so.
import type { TopLevelSpec } from "vega-lite";
import { writeChart } from "./render.js";

/** What the chart needs of a distribution (a `Dist` has it). */
export interface DistLike {
  entries(): readonly (readonly [number, number])[];
}

export interface OddsChartOptions {
  readonly title?: string;
  readonly subtitle?: string;
  /** What the outcomes are ("damage dealt"). */
  readonly outcome?: string;
}

const TAIL = 0.0005;

export function oddsChartSpec(dist: DistLike, options: OddsChartOptions = {}): TopLevelSpec {
  const all = dist.entries().map(([value, p]) => ({ value, p }));
  const mean = all.reduce((s, e) => s + e.value * e.p, 0);
  const total = all.reduce((s, e) => s + e.p, 0);
  let shown = all.length;
  let remaining = 0;
  while (shown > 1 && remaining + all[shown - 1]!.p < TAIL * total) {
    remaining += all[shown - 1]!.p;
    shown -= 1;
  }
  const values = all
    .slice(0, shown)
    .map((e) => ({ ...e, from: e.value - 0.42, to: e.value + 0.42 }));
  const outcome = options.outcome ?? "outcome";
  const cut =
    shown < all.length
      ? `; ${outcome} above ${values[shown - 1]!.value} (${(remaining * 100).toFixed(3)}%) not shown`
      : "";
  const domain = [values[0]!.value - 0.6, values[values.length - 1]!.value + 0.6];
  const x = {
    field: "from",
    type: "quantitative",
    title: outcome,
    axis: { tickMinStep: 1, format: "d" },
    scale: { domain, nice: false, zero: false },
  } as const;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: options.title ?? `Distribution of ${outcome}`,
      subtitle: options.subtitle ?? `mean ${mean.toFixed(2)}${cut}`,
    },
    width: Math.min(640, Math.max(300, values.length * 24)),
    height: 260,
    layer: [
      {
        data: { values },
        mark: { type: "bar", color: "#3b6ea8" },
        encoding: {
          x,
          x2: { field: "to" },
          y: { field: "p", type: "quantitative", title: "probability", axis: { format: ".0%" } },
          y2: { datum: 0 },
        },
      },
      {
        data: { values: [{ from: mean, label: `mean ${mean.toFixed(2)}` }] },
        layer: [
          {
            mark: { type: "rule", color: "#c8553d", strokeDash: [4, 3], strokeWidth: 1.5 },
            encoding: { x },
          },
          {
            mark: {
              type: "text",
              color: "#c8553d",
              align: "left",
              baseline: "top",
              dx: 4,
              dy: 2,
              fontSize: 11,
            },
            encoding: { x, y: { value: 0 }, text: { field: "label" } },
          },
        ],
      },
    ],
  } as TopLevelSpec;
}

/** Writes the bar chart of `dist` to `path` (.svg or .png). */
export async function oddsChart(
  dist: DistLike,
  path: string,
  options: OddsChartOptions = {},
): Promise<void> {
  await writeChart(oddsChartSpec(dist, options), path);
}
