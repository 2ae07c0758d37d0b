// When a karn fight is over (7. Start Over: one side has won, or all but one side has fled): a
// side wins when no foe is left fighting (down, unconscious or fled); nobody left is a draw.
import type { Outcome, Standing } from "../../engine/ruleset.js";
import type { KarnState } from "./state.js";

const WORDS = {
  down: "is down",
  unconscious: "is unconscious",
  fled: "fled",
  fighting: "fights on",
};

export function outcome(state: KarnState): Outcome | null {
  const standing: string[] = [];
  for (const f of state.fighters) {
    if (f.status === "fighting" && !standing.includes(f.side)) standing.push(f.side);
  }
  if (standing.length > 1) return null;
  const reason = state.fighters
    .filter((f) => f.status !== "fighting")
    .map((f) => `${f.name} ${WORDS[f.status]}`)
    .join(", ");
  if (standing.length === 0) return { winner: null, reason: reason || "no one is left fighting" };
  return { winner: standing[0]!, reason };
}

export function standing(state: KarnState): readonly Standing[] {
  return state.fighters.map((f) => ({ id: f.id, health: f.hp, out: f.status !== "fighting" }));
}
