// When a tnt fight is over. The chapter has no hit points or "taken out" rule: Fray's default
// takes a combatant out at 0 HP or below (Hit points), and one who has disengaged from every
// foe has left the fight.
import { andList } from "../../engine/or-list.js";
import { lastSideFighting } from "../../engine/outcome.js";
import type { Outcome } from "../../engine/ruleset.js";
import { inFight, type TntState } from "./state.js";

export function outcome(state: TntState): Outcome | null {
  const winner = lastSideFighting(state.fighters, inFight);
  if (winner === null) return { winner: null, reason: "no combatant is left standing" };
  if (winner !== undefined) {
    const gone = state.fighters
      .filter((f) => f.side !== winner)
      .map((f) => `${f.name} ${f.fled ? "fled" : "is taken out"}`);
    return { winner, reason: andList(gone) };
  }
  if (!state.fighters.some((f) => inFight(f) && f.combatDice - f.lostDice >= 1)) {
    return { winner: null, reason: "no combatant has a combat die left to fight with" };
  }
  return null;
}
