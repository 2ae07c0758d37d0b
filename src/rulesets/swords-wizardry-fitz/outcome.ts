// How a fight ends: when only one side has anyone still fighting (the dead, the downed, the
// subdued, the knocked out, those who fled or surrendered are not). Nobody left is a draw.
import { lastSideStanding } from "../../engine/outcome.js";
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

const fighting = (c: Fighter): boolean => c.status === "fighting";
const fate = (c: Fighter): string => FATE[c.status];

export function outcome(state: SwState): Outcome | null {
  return lastSideStanding(state.combatants, fighting, fate);
}

/**
 * Remaining hit points (never below 0), whether each combatant is out, and whether it got away:
 * only one that fled (Retreating: turned tail and ran, clear of its foes) did. One asleep or
 * otherwise put out by a spell (Spells), knocked out (Unarmed Combat), subdued (Subdual Damage)
 * or surrendered (Morale) is out at the winners' mercy, helpless (Assassination attacks): its
 * side lost the fight outright. Fray's default, the chapter not saying what a fight's end is worth.
 */
export function standing(state: SwState): readonly Standing[] {
  return state.combatants.map((c) => ({
    id: c.id,
    health: Math.max(0, c.hp),
    out: c.status !== "fighting",
    gotAway: c.status === "fled",
  }));
}
