// How a fight ends: when only one side has anyone still fighting (the dead, the downed, the
// subdued, the knocked out, those who fled or surrendered are not). Nobody left is a draw.
import type { Outcome, Standing } from "../../engine/ruleset.js";
import type { Fighter, SwState } from "./state.js";

const FATE: Record<Fighter["status"], string> = {
  fighting: "fights on",
  "knocked-out": "is knocked out",
  down: "is down",
  subdued: "is subdued",
  dead: "is dead",
  fled: "fled",
  surrendered: "surrendered",
};

export function outcome(state: SwState): Outcome | null {
  let winner: string | null = null;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.status !== "fighting") continue;
    if (winner === null) winner = c.side;
    else if (c.side !== winner) return null;
  }
  const losers = cs.filter((c) => c.side !== winner).map((c) => `${c.name} ${FATE[c.status]}`);
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

/** Remaining hit points (never below 0) and whether each combatant is out. */
export function standing(state: SwState): readonly Standing[] {
  return state.combatants.map((c) => ({
    id: c.id,
    health: Math.max(0, c.hp),
    out: c.status !== "fighting",
  }));
}
