// The rulings a sensible GM gives where the chapter leaves one to the table (the GM's tactics,
// answered when no GM answers): DEX still counts unless the GM says otherwise, concealment takes a
// DEX check against the foes' best AWA, extra movement is one more Move (a Leap its default), the
// named but undefined actions get the plainest effect, a suspected ambush takes an AWA check.
import { DEFAULTS } from "../data/defaults.js";
import { distance } from "../procedures/field.js";
import type { ExtraMovement, Standpoint } from "../procedures/gm-questions.js";
import { sneakPositioned, type SneakAnnounced } from "../procedures/sneak-attack.js";
import type { CartyrionState, CombatantState } from "../state.js";

/** The best AWA bonus among the foes of `me` still fighting (who might notice it). */
function bestFoeAwareness(state: CartyrionState, me: CombatantState): number {
  let best = 0;
  for (const c of state.combatants)
    if (c.side !== me.side && c.status === "fighting" && c.awa > best) best = c.awa;
  return best;
}

/** Sneak Attacks: cover to hide behind when the encounter has some and no foe is at arm's length. */
export function coverRuling({ state, me }: Standpoint): boolean {
  return (
    state.cover &&
    !state.combatants.some(
      (c) => c.side !== me.side && c.status === "fighting" && distance(c, me) <= 5,
    )
  );
}

/** Sneak Attacks: concealment is a DEX check against 10 + the foes' best AWA. */
export function concealmentDcRuling({ state, me }: Standpoint): number {
  return 10 + bestFoeAwareness(state, me);
}

/** Movement: a Dash or Charge carries one more Move, a Leap its default distance. */
export function extraMovementRuling(what: ExtraMovement): (me: CombatantState) => number {
  return what === "leap" ? () => DEFAULTS.leapExtra : (me) => me.move;
}

/** Sneak Attacks: the positioning conditions as the rules read them. */
export function sneakAttackRuling({ state, me, target, w }: SneakAnnounced): boolean {
  return sneakPositioned(state, me, target, w);
}
