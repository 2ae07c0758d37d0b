// The house style of Fray's charts (Vega-Lite config): one font, quiet grid, readable sizes.
// Shared by the files `fray sim --chart` writes and the console's charts in the browser.
import type { Config } from "vega-lite";

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";

export const CHART_CONFIG: Config = {
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
};
