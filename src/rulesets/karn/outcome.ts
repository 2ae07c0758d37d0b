// When a karn fight is over (7. Start Over: one side has won, or all but one side has fled): a
// side wins when no foe is left fighting (down, unconscious or fled); nobody left is a draw.
import { andList } from "../../engine/or-list.js";
import { lastSideFighting } from "../../engine/outcome.js";
import type { Outcome, Standing } from "../../engine/ruleset.js";
import type { KarnState } from "./state.js";

const WORDS = {
  down: "is down",
  unconscious: "is unconscious",
  fled: "fled",
  fighting: "fights on",
};

export function outcome(state: KarnState): Outcome | null {
  const winner = lastSideFighting(state.fighters, (f) => f.status === "fighting");
  if (winner === undefined) return null;
  const reason = andList(
    state.fighters
      .filter((f) => f.status !== "fighting")
      .map((f) => `${f.name} ${WORDS[f.status]}`),
  );
  if (winner === null) return { winner: null, reason: reason || "no one is left fighting" };
  return { winner, reason };
}

export function standing(state: KarnState): readonly Standing[] {
  return state.fighters.map((f) => ({ id: f.id, health: f.hp, out: f.status !== "fighting" }));
}
