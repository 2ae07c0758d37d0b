// What the tactic of each question a Dungeons of Olde fight asks is given (tactics.ts): the state,
// the character deciding and the particulars of the moment. The procedures build them and pass
// them to `ctx.decide`; they never name a tactic.
import type { CombatantState, DooState, WeaponState } from "../state.js";
import type { AttackKind } from "./derived.js";

/** A character's round of the action phase (action-1, action-2, ...: the tactic "action"). */
export interface ActionSituation {
  readonly state: DooState;
  readonly me: CombatantState;
}

/** An attacker and its target, for the gamemaster's rulings on them (allow-slay, disastrous-miss). */
export interface PairSituation {
  readonly me: CombatantState;
  readonly target: CombatantState;
}

/** The outcome of `me`'s critical or legendary hit on `target`, one of `options` (critical, legendary). */
export interface CriticalSituation {
  readonly state: DooState;
  readonly me: CombatantState;
  readonly target: CombatantState;
  readonly w: WeaponState;
  readonly kind: AttackKind;
  readonly options: readonly string[];
}
