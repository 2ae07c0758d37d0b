// What the tactic of each question a tnt fight asks is given (tactics.ts): the state, the fighter
// deciding and the particulars of the moment. The procedures build them and pass them to
// `ctx.decide`; they never name a tactic.
import type { Fighter, Range, TntState } from "../state.js";
import type { MoveOption } from "./moves.js";

/** A fighter facing one foe: entering melee (close) or the grapple (grapple). */
export interface PairSituation {
  readonly state: TntState;
  readonly me: Fighter;
  readonly foe: Fighter;
}

/** Offense: splitting the pool into attacks (attack-dice). */
export interface AllocationSituation {
  readonly state: TntState;
  readonly me: Fighter;
}

/** Which of the attackable foes an attack of `dice` goes to (target). */
export interface TargetSituation {
  readonly state: TntState;
  readonly me: Fighter;
  readonly foes: readonly Fighter[];
  readonly dice: number;
}

/**
 * An attack of `dice` about to be rolled: in anger (anger), as an armour-bypass attempt (bypass,
 * with `roll` once the die is kept when the switch `bypassDecided` says so). `plan` keeps the
 * tactic's weighing of anger and bypass together for the questions of one attack.
 */
export interface StrikeSituation {
  readonly state: TntState;
  readonly me: Fighter;
  readonly target: Fighter;
  readonly dice: number;
  /** After the roll: the kept die, the score before any bypass, and the attack countered. */
  roll?: {
    readonly anger: boolean;
    readonly natural: number;
    readonly before: number;
    readonly against: { readonly natural: number; readonly total: number } | undefined;
  };
  plan?: { readonly anger: boolean; readonly bypass: boolean };
}

/** Active defence against an attack scoring `total` (defence). */
export interface DefenceSituation {
  readonly state: TntState;
  readonly me: Fighter;
  readonly attacker: Fighter;
  readonly range: Range;
  readonly dice: number;
  readonly anger: boolean;
  readonly bypass: boolean;
  readonly natural: number;
  readonly total: number;
}

/** A counter-attack on `foe` after an active defence against its attack (counter). */
export interface CounterSituation {
  readonly state: TntState;
  readonly me: Fighter;
  readonly foe: Fighter;
  readonly natural: number;
  readonly total: number;
}

/** Twisting the blade into `target` after `soFar` damage (twist). */
export interface TwistSituation {
  readonly state: TntState;
  readonly me: Fighter;
  readonly target: Fighter;
  readonly soFar: number;
}

/** An attack of opportunity on `mover`, going to range `to` (opportunity). */
export interface OpportunitySituation {
  readonly state: TntState;
  readonly me: Fighter;
  readonly mover: Fighter;
  readonly to: Range;
}

/** Changing the range: one of `options`, or to stay (move). */
export interface MoveSituation {
  readonly state: TntState;
  readonly me: Fighter;
  readonly options: readonly MoveOption[];
  readonly movesThisTurn: number;
  readonly afterAttack: boolean;
}
