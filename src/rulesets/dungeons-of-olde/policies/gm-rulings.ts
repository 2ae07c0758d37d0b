// The rulings a sensible gamemaster gives where the chapter leaves one to the table (the GM's
// tactics, answered when no GM answers; Critical Outcomes in Combat): the instant kill is allowed
// only to a player character against a foe who is not the story's nemesis, and a disastrous miss
// lets the defender strike back when it can, else breaks the attacker's weapon.
import { canStrikeBack } from "../procedures/critical.js";
import type { PairSituation } from "../procedures/situations.js";
import type { CombatantState } from "../state.js";

/**
 * The instant kill: allowed when a player character lands it on a foe who is not the story's
 * nemesis; never against a player character (that would derail the story).
 */
export function gmAllowsSlaying(me: CombatantState, target: CombatantState): boolean {
  return me.steady.sheet.party && !target.steady.sheet.party && !target.steady.sheet.nemesis;
}

/** A disastrous miss: the defender strikes back when it can, else the attacker's weapon breaks. */
export function disastrousMissRuling({ me, target }: PairSituation): string {
  return canStrikeBack(target, me) ? "riposte" : "break";
}
