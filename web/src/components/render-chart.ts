// Draws the simulation's outcome chart in the browser with the same Vega-Lite panel and house
// style as `fray sim --chart`. Loaded on demand: Vega is most of the console's weight.
import { parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { outcomePanel, type OutcomeSummary } from "../../../src/sim/charts/outcome-panel.js";
import { CHART_CONFIG } from "../../../src/sim/charts/style.js";

/** `labels`: each bar's chance as the panel's table says it (outcome-panel.ts). */
export async function renderOutcomeChart(
  container: HTMLElement,
  summary: OutcomeSummary,
  labels: readonly string[],
): Promise<View> {
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    config: CHART_CONFIG,
    ...outcomePanel(summary, labels),
  } as TopLevelSpec;
  const view = new View(parse(compile(spec).spec), { renderer: "svg", container, hover: true });
  await view.runAsync();
  return view;
}
