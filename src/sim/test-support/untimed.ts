// A simulation's result as JSON text without its timing: what must agree between runs on one
// thread and on several, or between two ways to the same start.
import type { SimulationResult } from "../runner.js";

export function untimedJson(result: SimulationResult): string {
  const { summary, stopped } = result;
  return JSON.stringify({ ...summary, stopped });
}
