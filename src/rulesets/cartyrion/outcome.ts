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
  // The reason, built once per fight with plain loops (simulation reads it for every fight).
  let losers = "";
  let loserCount = 0;
  let standing = "";
  let standingCount = 0;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.side !== winner) {
      losers += `${loserCount === 0 ? "" : ", "}${c.name} ${fate(c)}`;
      loserCount += 1;
    } else if (c.status === "fighting") {
      standing += `${standingCount === 0 ? "" : ", "}${c.name}`;
      standingCount += 1;
    }
  }
  if (winner === null) return { winner: null, reason: `nobody is left fighting: ${losers}` };
  return {
    winner,
    reason: `${standing} ${standingCount === 1 ? "holds" : "hold"} the field: ${losers}`,
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
