// A simulation's result as JSON: what `fray sim --json` prints and what the HTTP API's simulation
// routes return.
import type { EncounterDefinition } from "../engine/encounter-file.js";
import type { SimulationResult } from "../sim/runner.js";
import { playedTactics } from "./tactics-assignment.js";

/**
 * The result as plain JSON data: the summary, why it stopped, how long it took, and the tactics
 * each combatant played (by id; "default" for those the file gives none).
 */
export function simResultJson(result: SimulationResult, definition: EncounterDefinition) {
  const { summary, stopped, timing } = result;
  return { ...summary, stopped, timing, tactics: playedTactics(definition) };
}

/** The result as `fray sim --json` prints it. */
export function simJson(result: SimulationResult, definition: EncounterDefinition): string {
  return JSON.stringify(simResultJson(result, definition), null, 2) + "\n";
}
