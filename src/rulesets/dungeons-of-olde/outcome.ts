// How a fight ends: when only one side has anyone still fighting (the incapacitated, the dead and
// those who left the fight are out). Nobody left is a draw.
import type { Outcome, Standing } from "../../engine/ruleset.js";
import type { CombatantState, DooState } from "./state.js";

function fate(c: CombatantState): string {
  return c.status === "dead"
    ? "is dead"
    : c.status === "fled"
      ? "left the fight"
      : "is incapacitated";
}

export function outcome(state: DooState): Outcome | null {
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

/** Remaining health: hit points (below 0 while dying). */
export function standing(state: DooState): readonly Standing[] {
  return state.combatants.map((c) => ({ id: c.id, health: c.hp, out: c.status !== "fighting" }));
}
