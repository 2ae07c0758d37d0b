// Charts of odds, simulations and sweeps, written as SVG or PNG (see render.ts).
export { chartFormat, chartSvg, svgToPng, writeChart } from "./render.js";
export { oddsChart, oddsChartSpec, type DistLike, type OddsChartOptions } from "./odds-chart.js";
export { simChart, simChartSpec } from "./sim-chart.js";
export { sweepChart, sweepChartSpec } from "./sweep-chart.js";
