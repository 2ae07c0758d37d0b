// Combat ranges and how to change them: every line of the chapter's range page as data, and
// the one place a pair's range changes (with the flight rule of Fray's: a fighter disengaged
// from every foe still fighting has left the fight).
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import { engagedFoes, setRange, type Fighter, type Range, type TntState } from "../state.js";

export type TransitionWay =
  "initiative" | "combat die" | "counter-attack" | "two two-dice attacks" | "small-weapon attack";

export interface Transition {
  readonly from: Range;
  readonly to: Range;
  readonly way: TransitionWay;
  /** Whether the opponent is allowed an attack of opportunity (it needs a die to take it). */
  readonly opportunity: boolean;
}

/** The range page, line by line, top to bottom. */
export const TRANSITIONS: readonly Transition[] = [
  { from: "disengaged", to: "onset", way: "initiative", opportunity: false },
  { from: "onset", to: "disengaged", way: "combat die", opportunity: false },
  { from: "onset", to: "melee", way: "combat die", opportunity: false },
  { from: "onset", to: "melee", way: "counter-attack", opportunity: false },
  { from: "onset", to: "melee", way: "two two-dice attacks", opportunity: false },
  { from: "melee", to: "disengaged", way: "combat die", opportunity: true },
  { from: "melee", to: "onset", way: "combat die", opportunity: false },
  { from: "melee", to: "grapple", way: "combat die", opportunity: true },
  { from: "melee", to: "grapple", way: "small-weapon attack", opportunity: true },
  { from: "grapple", to: "melee", way: "combat die", opportunity: true },
];

/** Moves one range step by spending a combat die, from `from`. */
export function dieMovesFrom(from: Range): readonly Transition[] {
  return TRANSITIONS.filter((t) => t.from === from && t.way === "combat die");
}

/** Sets the range of a pair, explains it, and marks a fighter who has left every foe as fled. */
export function changeRange(
  state: TntState,
  ctx: RuleContext,
  mover: Fighter,
  foe: Fighter,
  to: Range,
  way: TransitionWay,
): void {
  setRange(state, mover, foe, to);
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.ranges,
      () => `${mover.name} and ${foe.name} are now at ${to} range (${way})`,
    );
  }
  if (to === "disengaged" && engagedFoes(state, mover).length === 0) {
    mover.fled = true;
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.changingRange,
        () => `${mover.name} is disengaged from every foe and leaves the fight`,
      );
    }
  }
}
