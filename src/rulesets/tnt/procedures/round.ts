// One round: combat dice replenish (Combat dice), initiative starts the fight at onset (Combat
// ranges) or the GM rules on re-engaging, then each combatant takes its turn in initiative
// order (after the GM's ruling on other efforts, when the encounter asks for it). The state
// records the turns taken (and a turn's attacks still to come), so that the round resumes after
// the initiative, after each turn and between the attacks of a turn (`ctx.checkpoint`).
import type { RuleContext } from "../../../engine/choice.js";
import { otherEfforts, replenish } from "./combat-dice.js";
import { reEngage, rollInitiative } from "./initiative.js";
import { engagedFoes, inFight, type TntState } from "../state.js";
import { resumeTurn, takeTurn } from "./turn.js";

/**
 * Plays a round, or the rest of one (`turnsTaken`); `turns` (indexes of fighters) limits who
 * takes a turn (an exchange).
 */
export function playRound(state: TntState, ctx: RuleContext, turns?: readonly number[]): void {
  if (state.turnsTaken === null) {
    state.round += 1;
    replenish(state, ctx);
    if (!state.started) rollInitiative(state, ctx);
    else reEngage(state, ctx);
    state.turnsTaken = 0;
    ctx.checkpoint?.();
  }
  const order = turns ?? state.order;
  for (let k = state.turnsTaken; k < order.length; k += 1) {
    const f = state.fighters[order[k]!]!;
    if (state.turn !== null) resumeTurn(state, ctx, f);
    else {
      if (!inFight(f) || engagedFoes(state, f).length === 0) continue;
      // Whose turn it is, should the round stop between two of its attacks.
      state.turnsTaken = k;
      otherEfforts(state, ctx, f);
      takeTurn(state, ctx, f);
    }
    state.turnsTaken = k + 1;
    // A turn is over: the round can be resumed from here (exact odds merge equal states).
    if (k + 1 < order.length) ctx.checkpoint?.();
  }
  state.turnsTaken = null;
}
