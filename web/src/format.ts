// How the console writes numbers: probabilities as percentages, estimates with their 95%
// half-width when sampled, intervals as "low-high", the results a pending roll can give.
import type { Estimate } from "../../src/engine/advice.js";
import type { Proportion } from "../../src/sim/interval.js";
import type { PendingRoll } from "./types.js";

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

/**
 * What a pending roll can give: "1 to 6", or for exploding dice, whose explosions have no top
 * (the API's max is only where Fray's exact distribution stops), "5 or more".
 */
export function rollRange({ min, max, open }: Pick<PendingRoll, "min" | "max" | "open">): string {
  return open ? `${min} or more, explosions included` : `${min} to ${max}`;
}
