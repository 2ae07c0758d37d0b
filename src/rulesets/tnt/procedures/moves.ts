// Changing the range: a step further or closer for one combat die, and the attack of
// opportunity some steps allow, which needs at least one die in the opportunist's pool.
import type { Choice, RuleContext } from "../../../engine/choice.js";
import { attack } from "./attack.js";
import { askDice, askOne } from "./decisions.js";
import { canAttackAt } from "./scores.js";
import { SECTIONS } from "../sections.js";
import {
  engagedFoes,
  inFight,
  rangeOf,
  type Fighter,
  type Range,
  type TntState,
} from "../state.js";
import type { MoveSituation, OpportunitySituation } from "./situations.js";
import { changeRange, dieMovesFrom, type Transition } from "./transitions.js";

/** One step with one foe, and what the step allows the foe. */
export interface MoveOption {
  readonly to: Range;
  readonly foe: Fighter;
  readonly transition: Transition;
}

/** The moves `f` can pay a combat die for now: one step with each engaged foe. */
export function legalMoves(state: TntState, f: Fighter): MoveOption[] {
  const out: MoveOption[] = [];
  if (f.pool < 1) return out;
  for (const foe of engagedFoes(state, f)) {
    for (const t of dieMovesFrom(rangeOf(state, f, foe)))
      out.push({ to: t.to, foe, transition: t });
  }
  return out;
}

export const STAY = "stay";

export function moveValue(o: { readonly to: Range; readonly foe: Fighter }): string {
  return `${o.to}:${o.foe.id}`;
}

function moveLabel(o: MoveOption): string {
  const step =
    o.to === "disengaged"
      ? `disengage from ${o.foe.name}`
      : `go to ${o.to} range with ${o.foe.name}`;
  const aoo = o.transition.opportunity ? ` (${o.foe.name} may take an attack of opportunity)` : "";
  return `${step}: 1 combat die${aoo}`;
}

/**
 * Changing the range, once per step: `f` chooses a move or to stay, before its attacks or after
 * one (`afterAttack`: dice go to offense and range changing "in any combination", Combat dice).
 * Returns false when it stays (or cannot move).
 */
export function chooseMove(
  state: TntState,
  ctx: RuleContext,
  f: Fighter,
  movesThisTurn = 0,
  afterAttack = false,
): boolean {
  const options = legalMoves(state, f);
  if (options.length === 0) return false;
  const choices: Choice<string>[] = [
    { value: STAY, label: "stay at the current ranges", group: "other" },
  ];
  for (const o of options) {
    const value = moveValue(o);
    choices.push({ value, label: ctx.explaining ? moveLabel(o) : value, group: "move" });
  }
  const answer = askOne(
    ctx,
    f.id,
    "move",
    () =>
      `${f.name} has ${f.pool} combat ${f.pool === 1 ? "die" : "dice"}. Change the range${afterAttack ? " after the attack" : ""}?`,
    choices,
    { state, me: f, options, movesThisTurn, afterAttack } satisfies MoveSituation,
  );
  if (answer === STAY) return false;
  const move = options.find((o) => moveValue(o) === answer)!;
  f.pool -= 1;
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.changingRange,
      () =>
        `${f.name} spends a combat die to ${move.to === "disengaged" ? "disengage from" : `go to ${move.to} range with`} ${move.foe.name}`,
    );
  }
  if (move.transition.opportunity) opportunity(state, ctx, move.foe, f, move.to);
  if (inFight(f)) changeRange(state, ctx, f, move.foe, move.to, "combat die");
  return true;
}

/**
 * An attack of opportunity by `opportunist` on `mover`, at the range the mover is leaving. It
 * needs at least one combat die left in the opportunist's pool.
 */
export function opportunity(
  state: TntState,
  ctx: RuleContext,
  opportunist: Fighter,
  mover: Fighter,
  to: Range,
): void {
  if (!inFight(opportunist) || !inFight(mover)) return;
  if (!canAttackAt(opportunist, rangeOf(state, opportunist, mover), state.switches)) return;
  if (opportunist.pool < 1) {
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.changingRange,
        () => `${opportunist.name} has no combat die left: no attack of opportunity`,
      );
    }
    return;
  }
  const n = askDice(
    ctx,
    opportunist.id,
    "opportunity",
    () =>
      `${mover.name} goes from ${rangeOf(state, opportunist, mover)} to ${to} range. How many combat dice does ${opportunist.name} roll for an attack of opportunity?`,
    opportunist.pool,
    { state, me: opportunist, mover, to } satisfies OpportunitySituation,
    // The blow it decides, on the mover's move (engine/last-result.ts).
    ctx.explaining ? { attacker: opportunist.id, target: mover.id } : undefined,
  );
  if (n > 0) attack(state, ctx, opportunist, mover, n, "opportunity");
}
