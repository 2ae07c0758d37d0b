// Renders a Vega-Lite chart without a browser: Vega-Lite compiles it to Vega, Vega's headless
// view draws it as an SVG string, and resvg (a Rust renderer shipped as a prebuilt binary inside
// its npm package) turns the SVG into a PNG. The file's extension picks the format.
import { writeFileSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";
import { parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { chartFormat } from "./format.js";
import { CHART_CONFIG } from "./style.js";

export { chartFormat, type ChartFormat } from "./format.js";

/** The chart as SVG text. */
export async function chartSvg(spec: TopLevelSpec): Promise<string> {
  const styled = { ...spec, config: { ...CHART_CONFIG, ...(spec.config ?? {}) } } as TopLevelSpec;
  const view = new View(parse(compile(styled).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** SVG text rendered to PNG at twice its size, for sharp text on screens and in documents. */
export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    background: "white",
    fitTo: { mode: "zoom", value: 2 },
    font: {
      loadSystemFonts: true,
      defaultFontFamily: "DejaVu Sans",
      sansSerifFamily: "DejaVu Sans",
    },
  });
  return resvg.render().asPng();
}

/** Writes the chart to `path` as SVG or PNG, by the extension. */
export async function writeChart(spec: TopLevelSpec, path: string): Promise<void> {
  const format = chartFormat(path);
  const svg = await chartSvg(spec);
  writeFileSync(path, format === "svg" ? svg : svgToPng(svg));
}
