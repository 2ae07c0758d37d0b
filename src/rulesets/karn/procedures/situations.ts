// What the tactic of each question a Karn melee asks is given (tactics.ts): the state, the act
// deciding and the particulars of the moment. The procedures build them and pass them to
// `ctx.decide`; they never name a tactic. Numbered questions share a tactic: "action-2" has the
// tactic "action", "defence-1" "defence", "counter-3" "counter", "answer-1" "answer".
import type { Act } from "./melee-types.js";
import type { Fighter, KarnState } from "../state.js";

/** Whom `f` faces this melee, one of `foes` (opponent). */
export interface OpponentSituation {
  readonly state: KarnState;
  readonly f: Fighter;
  readonly foes: readonly Fighter[];
}

/** The initiative winner's full action `i` (from 0); `strikes`: whether it may strike (action). */
export interface ActionSituation {
  readonly state: KarnState;
  readonly w: Act;
  readonly i: number;
  readonly strikes: boolean;
}

/** Whom `act` strikes at, one of `targets`, with a counterattack or not (target). */
export interface TargetSituation {
  readonly state: KarnState;
  readonly act: Act;
  readonly targets: readonly Act[];
  readonly counter: boolean;
}

/** With which of the `usable` attacks `f` strikes at `target` (strike). */
export interface StrikeSituation {
  readonly state: KarnState;
  readonly f: Fighter;
  readonly target: Fighter;
  readonly usable: readonly number[];
}

/** The defender's defence against the `k`th strike (from 0) on it (defence). */
export interface DefenceSituation {
  readonly state: KarnState;
  readonly d: Act;
  readonly k: number;
  readonly mayDodge: boolean;
}

/** The defender's next counterattack or other action, `left` quarter actions left (counter). */
export interface CounterSituation {
  readonly state: KarnState;
  readonly d: Act;
  readonly targets: readonly Act[];
  readonly left: number;
  readonly unfollowed: readonly Act[];
}

/** The winner's defence against the `k`th counterattack (from 0) on it (answer). */
export interface AnswerSituation {
  readonly state: KarnState;
  readonly w: Act;
  readonly k: number;
  /** Whether it can block or parry the counterattack (not a missile it can only dodge). */
  readonly blockable: boolean;
}

/** `me`, deciding about `other`: following a fleer (follow), fleeing unattacked (flee). */
export interface PairSituation {
  readonly state: KarnState;
  readonly me: Act;
  readonly other: Act | null;
}

/** The GM's overkill ruling: the first blow's `loss` and the `needed` to go down (overkill). */
export interface OverkillSituation {
  readonly loss: number;
  readonly needed: number;
}
