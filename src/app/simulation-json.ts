// A simulation's result as JSON: what `fray sim --json` prints and what the HTTP API's simulation
// routes return.
import type { SimulationResult } from "../sim/runner.js";

/** The result as plain JSON data: the summary, why it stopped, and how long it took. */
export function simResultJson(result: SimulationResult) {
  const { summary, stopped, timing } = result;
  return { ...summary, stopped, timing };
}

/** The result as `fray sim --json` prints it. */
export function simJson(result: SimulationResult): string {
  return JSON.stringify(simResultJson(result), null, 2) + "\n";
}
