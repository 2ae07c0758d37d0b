// How a fight ends: when only one side has anyone still fighting (the dead, the downed and those
// who withdrew are out). Nobody left is a draw.
import type { Outcome, Standing } from "../../engine/ruleset.js";
import type { CartyrionState, CombatantState } from "./state.js";

function fate(c: CombatantState): string {
  return c.status === "dead" ? "is dead" : c.status === "fled" ? "withdrew" : "is down";
}

export function outcome(state: CartyrionState): Outcome | null {
  let winner: string | null = null;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.status !== "fighting") continue;
    if (winner === null) winner = c.side;
    else if (c.side !== winner) return null;
  }
  const losers = cs.filter((c) => c.side !== winner).map((c) => `${c.name} ${fate(c)}`);
  if (winner === null)
    return { winner: null, reason: `nobody is left fighting: ${losers.join(", ")}` };
  const standing = cs
    .filter((c) => c.side === winner && c.status === "fighting")
    .map((c) => c.name);
  return {
    winner,
    reason: `${standing.join(", ")} ${standing.length === 1 ? "holds" : "hold"} the field: ${losers.join(", ")}`,
  };
}

/** Remaining health in the chapter's own terms: stamina plus free injury slots. */
export function standing(state: CartyrionState): readonly Standing[] {
  return state.combatants.map((c) => ({
    id: c.id,
    health: c.stamina + (c.slots - c.injuries),
    out: c.status !== "fighting",
  }));
}
