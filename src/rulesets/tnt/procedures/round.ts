// One round: combat dice replenish (Combat dice), initiative starts the fight at onset (Combat
// ranges) or the GM rules on re-engaging, then each combatant takes its turn in initiative
// order (after the GM's ruling on other efforts, when the encounter asks for it).
import type { RuleContext } from "../../../engine/choice.js";
import { otherEfforts, replenish } from "./combat-dice.js";
import { reEngage, rollInitiative } from "./initiative.js";
import { engagedFoes, inFight, type TntState } from "../state.js";
import { takeTurn } from "./turn.js";

/** Plays a round; `turns` (indexes of fighters) limits who takes a turn (an exchange). */
export function playRound(state: TntState, ctx: RuleContext, turns?: readonly number[]): void {
  state.round += 1;
  replenish(state, ctx);
  if (!state.started) rollInitiative(state, ctx);
  else reEngage(state, ctx);
  for (const i of turns ?? state.order) {
    const f = state.fighters[i]!;
    if (!inFight(f) || engagedFoes(state, f).length === 0) continue;
    otherEfforts(state, ctx, f);
    takeTurn(state, ctx, f);
  }
}
