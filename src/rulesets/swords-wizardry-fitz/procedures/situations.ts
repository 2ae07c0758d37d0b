// What the tactic of each question a Swords & Wizardry fight asks is given (tactics.ts): the
// state, the combatant deciding (or the one a GM's ruling is about) and the particulars of the
// moment. The procedures build them and pass them to `ctx.decide`; they never name a tactic.
import type { Fighter, SwState } from "../state.js";

/**
 * A combatant before the round (plan: what it declares; bcb: its Base Combat Bonus split), or a
 * monster whose morale the GM calls (morale).
 */
export interface Standpoint {
  readonly state: SwState;
  readonly me: Fighter;
}

/** Its action at the count of its attack number `si` (action). */
export interface SlotSituation extends Standpoint {
  readonly si: number;
}

/** Several foes in reach before initiative: one singled out for the round, or none (target). */
export interface TargetSituation extends Standpoint {
  readonly around: readonly Fighter[];
}

/** `me` leaves itself open to the foes `near` it: which of them takes the free attack (free-attack). */
export interface FreeAttackSituation extends Standpoint {
  readonly near: readonly Fighter[];
}

/** `att` tries to wrestle `t` to the ground or push it back (grapple). */
export interface GrappleSituation {
  readonly att: Fighter;
  readonly t: Fighter;
  readonly what: "wrestle" | "shove";
}
