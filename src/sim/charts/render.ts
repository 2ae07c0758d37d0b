// Renders a Vega-Lite chart without a browser: Vega-Lite compiles it to Vega, Vega's headless
// view draws it as an SVG string, and resvg (a Rust renderer shipped as a prebuilt binary inside
// its npm package) turns the SVG into a PNG. The file's extension picks the format.
import { writeFileSync } from "node:fs";
import { extname } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { FrayError } from "../../core/errors.js";

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";

/** The house style: one font, quiet grid, readable sizes. */
const CONFIG = {
  font: FONT,
  background: "white",
  padding: 12,
  view: { stroke: null },
  title: { fontSize: 15, subtitleFontSize: 12, subtitleColor: "#555", anchor: "start", offset: 10 },
  axis: {
    labelFontSize: 11,
    titleFontSize: 12,
    gridColor: "#e6e6e6",
    domainColor: "#888",
    tickColor: "#888",
  },
  legend: { labelFontSize: 11, titleFontSize: 12 },
  range: { category: ["#3b6ea8", "#c8553d", "#5a9a5a", "#8e6bb0", "#d4a017", "#4a9da8"] },
} as const;

export type ChartFormat = "svg" | "png";

export function chartFormat(path: string): ChartFormat {
  const ext = extname(path).toLowerCase();
  if (ext === ".svg") return "svg";
  if (ext === ".png") return "png";
  throw new FrayError(
    `--chart ${path}: the file must end in .svg or .png`,
    "--chart",
    "for example --chart odds.svg",
  );
}

/** The chart as SVG text. */
export async function chartSvg(spec: TopLevelSpec): Promise<string> {
  const styled = { ...spec, config: { ...CONFIG, ...(spec.config ?? {}) } } as TopLevelSpec;
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
