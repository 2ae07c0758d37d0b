// Answers every pending choice of an encounter the way `fray play --auto` does: rolls from the
// encounter's seed, decisions by their policies, until the fight is over.
import type { Encounter } from "./encounter.js";
import { seededRoll } from "./drivers/live.js";

/** Answers the one pending choice; returns false when the fight is over. */
export function autoStep(encounter: Encounter, seed: number): boolean {
  const status = encounter.status;
  if (status.kind === "over") return false;
  if (status.choice.kind === "roll") encounter.give(seededRoll(status.choice, seed));
  else encounter.decideByPolicy();
  return true;
}

export function playToEnd(encounter: Encounter, seed: number): Encounter {
  while (autoStep(encounter, seed));
  return encounter;
}
