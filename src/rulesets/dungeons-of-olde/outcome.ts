// How a fight ends: when only one side has anyone still fighting (the incapacitated, the dead and
// those who left the fight are out). Nobody left is a draw.
import { lastSideStanding } from "../../engine/outcome.js";
import type { Outcome, Standing } from "../../engine/ruleset.js";
import type { CombatantState, DooState } from "./state.js";

const fighting = (c: CombatantState): boolean => c.status === "fighting";

function fate(c: CombatantState): string {
  return c.status === "dead"
    ? "is dead"
    : c.status === "fled"
      ? "left the fight"
      : "is incapacitated";
}

export function outcome(state: DooState): Outcome | null {
  return lastSideStanding(state.combatants, fighting, fate);
}

/** Remaining health: hit points (below 0 while dying). */
export function standing(state: DooState): readonly Standing[] {
  return state.combatants.map((c) => ({ id: c.id, health: c.hp, out: c.status !== "fighting" }));
}
