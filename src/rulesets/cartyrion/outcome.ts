// How a fight ends: when only one side has anyone still fighting (the dead, the downed and those
// who withdrew are out). Nobody left is a draw.
import { lastSideStanding } from "../../engine/outcome.js";
import type { Outcome, Standing } from "../../engine/ruleset.js";
import type { CartyrionState, CombatantState } from "./state.js";

const fighting = (c: CombatantState): boolean => c.status === "fighting";

function fate(c: CombatantState): string {
  switch (c.status) {
    case "dead":
      return "is dead";
    case "fled":
      return "withdrew";
    case "removed":
      return "left the fight (the GM's ruling)";
    case "down":
    case "fighting":
      return "is down";
  }
}

export function outcome(state: CartyrionState): Outcome | null {
  return lastSideStanding(state.combatants, fighting, fate);
}

/** Remaining health in the chapter's own terms: stamina plus free injury slots. */
export function standing(state: CartyrionState): readonly Standing[] {
  return state.combatants.map((c) => ({
    id: c.id,
    health: c.stamina + (c.slots - c.injuries),
    out: c.status !== "fighting",
  }));
}
