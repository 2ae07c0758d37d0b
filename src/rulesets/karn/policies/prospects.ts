// How a Land of Karn combatant's side stands in the fight, without looking ahead: what the flight
// policy weighs a lost fight by. Each side's strength is Lanchester's square law
// (engine/side-strength.ts) over the hit points its fighters have left and the HP each takes off
// a foe a melee: its actions times its best attack's expected full strike against a full block or
// parry (estimates.ts), on average over the foes still fighting.
import {
  friendOut as friendOutOf,
  meanOver,
  outmatched,
  type StrengthOf,
} from "../../../engine/side-strength.js";
import { fighting, type Fighter, type KarnState } from "../state.js";
import { attackValue, bestAttack } from "./estimates.js";

/** Expected HP `c` takes off one of its foes still fighting in a melee, on average over them. */
function meleeDamage(state: KarnState, c: Fighter): number {
  const blow = (t: Fighter) => {
    const a = bestAttack(state, c, t);
    return a >= 0 ? attackValue(state, c, a, t) : 0;
  };
  return meanOver(state.fighters, (t) => t.side !== c.side && fighting(t), blow) * c.actions;
}

/** The fighters as the square law sees them, from `me`'s side. */
function strengthOf(state: KarnState, me: Fighter): StrengthOf<Fighter> {
  return {
    fighting: fighting,
    mine: (c) => c.side === me.side,
    hp: (c) => c.hp,
    dealt: (c) => meleeDamage(state, c),
  };
}

/**
 * How outmatched `me`'s side is: its foes' strength over its own (1 an even fight, Infinity a
 * side that can hurt nobody).
 */
export function sideOutmatched(state: KarnState, me: Fighter): number {
  return outmatched(state.fighters, strengthOf(state, me));
}

/** Is a friend of `me` out of the fight (down, out or fled)? One on one there is none to lose. */
export function friendOut(state: KarnState, me: Fighter): boolean {
  return friendOutOf(state.fighters, me, strengthOf(state, me));
}
