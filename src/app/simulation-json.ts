// A simulation's result as JSON: what `fray sim --json` prints and what the HTTP API's simulation
// routes return.
import type { EncounterDefinition } from "../engine/encounter-file.js";
import type { SimulationResult } from "../sim/runner.js";
import { playedTactics, type Arrival } from "./tactics-assignment.js";

/**
 * The result as plain JSON data: the summary, why it stopped, how long it took, and the tactics
 * each combatant played (by id; "default" for those the file gives none), the late `arrivals` of
 * a fight simulated from where it stands included.
 */
export function simResultJson(
  result: SimulationResult,
  definition: EncounterDefinition,
  arrivals: readonly Arrival[] = [],
) {
  const { summary, stopped, timing } = result;
  return { ...summary, stopped, timing, tactics: playedTactics(definition, arrivals) };
}

/** The result as `fray sim --json` prints it. */
export function simJson(
  result: SimulationResult,
  definition: EncounterDefinition,
  arrivals: readonly Arrival[] = [],
): string {
  return JSON.stringify(simResultJson(result, definition, arrivals), null, 2) + "\n";
}
