// How a tnt fighter's side stands in the fight, without looking ahead: what the move policy weighs
// getting clear of a lost fight by. Each side's strength is Lanchester's square law
// (engine/side-strength.ts) over the hit points its fighters have left and the damage each deals a
// foe in a round to come (`roundThreat`: its pool less a die of defence, at the pair's range), on
// average over the foes still in the fight.
import {
  friendOut as friendOutOf,
  meanOver,
  outmatched,
  type StrengthOf,
} from "../../../engine/side-strength.js";
import { inFight, type Fighter, type TntState } from "../state.js";
import { roundThreat } from "./attack-policies.js";

/** The damage `c` is expected to deal one of its foes still in the fight a round, on average. */
function roundDamage(state: TntState, c: Fighter): number {
  return meanOver(
    state.fighters,
    (g) => g.side !== c.side && inFight(g),
    (g) => roundThreat(state, g, c),
  );
}

/** The fighters as the square law sees them, from `me`'s side. */
function strengthOf(state: TntState, me: Fighter): StrengthOf<Fighter> {
  return {
    fighting: inFight,
    mine: (c) => c.side === me.side,
    hp: (c) => c.hp,
    dealt: (c) => roundDamage(state, c),
  };
}

/**
 * How outmatched `me`'s side is: its foes' strength over its own (1 an even fight, Infinity a
 * side that can hurt nobody).
 */
export function sideOutmatched(state: TntState, me: Fighter): number {
  return outmatched(state.fighters, strengthOf(state, me));
}

/** Is a friend of `me` out of the fight (down, out or fled)? One on one there is none to lose. */
export function friendOut(state: TntState, me: Fighter): boolean {
  return friendOutOf(state.fighters, me, strengthOf(state, me));
}
