// How the console writes numbers: probabilities as percentages, estimates with their 95%
// half-width when sampled, intervals as "low-high".
import type { Estimate } from "../../src/engine/advice.js";
import type { Proportion } from "../../src/sim/interval.js";

export function percent(p: number, digits = 1): string {
  return `${(100 * p).toFixed(digits)}%`;
}

export function estimate(e: Estimate | null, asPercent = false): string {
  if (e === null) return "-";
  const show = (x: number) => (asPercent ? percent(x) : x.toFixed(1));
  return e.half === 0 ? show(e.value) : `${show(e.value)} ± ${show(e.half)}`;
}

export function interval(p: Proportion): string {
  return `${percent(p.low)}-${percent(p.high)}`;
}
