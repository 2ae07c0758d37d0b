// One combatant's turn: its dice go to "offense, defense, movement, or range changing, in any
// combination" (Combat dice): range changes (Changing the range), then its attacks (Offense),
// each followed by the range changes an attack allows (two two-dice attacks at onset, a
// small-weapon attack at melee) and by range changes for a die, so that it may attack and then
// disengage or close. Dice it does not spend stay in the pool for active defence.
import type { Choice, RuleContext } from "../../../engine/choice.js";
import { attack, counterAttack, type StrikeOutcome } from "./attack.js";
import { askAttackDice, askOne, askYesNo } from "./decisions.js";
import { chooseMove, opportunity } from "./moves.js";
import { attackableFoes } from "./scores.js";
import { SECTIONS } from "../sections.js";
import {
  inFight,
  rangeOf,
  type Fighter,
  type PendingCounter,
  type Range,
  type TntState,
} from "../state.js";
import type { AllocationSituation, PairSituation, TargetSituation } from "./situations.js";
import { changeRange } from "./transitions.js";

const MAX_MOVES = 8;

/** Range changes made this turn (each a combat die). */
interface Moves {
  made: number;
}

export function takeTurn(state: TntState, ctx: RuleContext, f: Fighter): void {
  const moves: Moves = { made: 0 };
  rangeChanges(state, ctx, f, moves, false);
  if (inFight(f) && f.pool >= 1 && attackableFoes(state, f).length > 0)
    attacks(state, ctx, f, moves);
  endTurn(f);
}

/**
 * The rest of a turn stopped between two of its attacks, or before an attack's counter-attack
 * (`state.turn`).
 */
export function resumeTurn(state: TntState, ctx: RuleContext, f: Fighter): void {
  const turn = state.turn!;
  state.turn = null;
  const moves: Moves = { made: turn.moves };
  const c = turn.counter;
  if (c !== null) {
    const target = state.fighters[c.target]!;
    const done: StrikeOutcome = {
      result: c.result,
      rolled: c.rolled,
      natural: c.natural,
      total: c.total,
      activeDefence: c.activeDefence,
    };
    counterAttack(state, ctx, target, f, done, c.range === "onset");
    afterAttack(state, ctx, f, target, c.range, done, moves);
    if (turn.planned.length > 0) pause(state, ctx, turn.planned, moves, null);
  }
  strikes(state, ctx, f, turn.planned, moves);
  endTurn(f);
}

function endTurn(f: Fighter): void {
  f.committed = 0;
  f.acted = true;
}

/** Changing the range: as many steps as `f` chooses and can pay for, before or after an attack. */
function rangeChanges(
  state: TntState,
  ctx: RuleContext,
  f: Fighter,
  moves: Moves,
  afterAttack: boolean,
): void {
  while (moves.made < MAX_MOVES && inFight(f) && chooseMove(state, ctx, f, moves.made, afterAttack))
    moves.made += 1;
}

function attacks(state: TntState, ctx: RuleContext, f: Fighter, moves: Moves): void {
  const pool = f.pool;
  const split = askAttackDice(
    ctx,
    f.id,
    () =>
      `${f.name} has ${pool} combat ${pool === 1 ? "die" : "dice"}. How many go into each attack (the rest stay for active defence)?`,
    pool,
    { state, me: f } satisfies AllocationSituation,
  );
  let committed = 0;
  for (const n of split) committed += n;
  f.committed = committed;
  if (ctx.explaining) {
    ctx.explain(SECTIONS.offense, () =>
      split.length === 0
        ? `${f.name} makes no attack and keeps ${pool} for defence`
        : `${f.name} attacks with ${split.join(" + ")} of ${pool} combat dice`,
    );
  }
  strikes(state, ctx, f, split, moves);
}

/**
 * The attacks planned (dice for each), each followed by the range changes it allows and those
 * `f` pays for. Between two of them the round can be resumed (`ctx.checkpoint`), the attacks
 * still to come and the range changes made kept in `state.turn`: exact odds merge equal states
 * there, so a turn costs the sum of its attacks' rolls rather than their product.
 */
function strikes(
  state: TntState,
  ctx: RuleContext,
  f: Fighter,
  planned: readonly number[],
  moves: Moves,
): void {
  for (let i = 0; i < planned.length; i += 1) {
    if (!inFight(f)) return;
    const dice = Math.min(planned[i]!, f.pool);
    f.committed = Math.max(0, f.committed - planned[i]!);
    const foes = attackableFoes(state, f);
    if (dice < 1 || foes.length === 0) return;
    const target = foes.length === 1 ? foes[0]! : chooseTarget(state, ctx, f, foes, dice);
    const range = rangeOf(state, f, target);
    const rest = planned.slice(i + 1);
    const done = attack(state, ctx, f, target, dice, "attack", (struck) =>
      pause(state, ctx, rest, moves, { target: target.index, range, ...struck }),
    );
    afterAttack(state, ctx, f, target, range, done, moves);
    if (rest.length > 0) pause(state, ctx, rest, moves, null);
  }
}

/** What follows an attack of the turn: the range changes it allows and those `f` pays for. */
function afterAttack(
  state: TntState,
  ctx: RuleContext,
  f: Fighter,
  target: Fighter,
  range: Range,
  done: StrikeOutcome,
  moves: Moves,
): void {
  if (done.rolled === 2) f.twoDiceAttacks += 1;
  if (inFight(f) && inFight(target) && rangeOf(state, f, target) === range)
    rangeChangesAnAttackAllows(state, ctx, f, target, range, done.rolled);
  rangeChanges(state, ctx, f, moves, true);
}

/** A resumable point inside a turn: what is still to come of it is kept in `state.turn`. */
function pause(
  state: TntState,
  ctx: RuleContext,
  planned: readonly number[],
  moves: Moves,
  counter: PendingCounter | null,
): void {
  state.turn = { planned: [...planned], moves: moves.made, counter };
  ctx.checkpoint?.();
  state.turn = null;
}

/** The range changes an attack allows without a die: two two-dice attacks, a small weapon. */
function rangeChangesAnAttackAllows(
  state: TntState,
  ctx: RuleContext,
  f: Fighter,
  target: Fighter,
  range: Range,
  rolled: number,
): void {
  // Two two-dice attacks in one round may carry the attacker from onset into melee.
  if (range === "onset" && rolled === 2 && f.twoDiceAttacks >= 2) {
    const close = askYesNo(
      ctx,
      f.id,
      "close",
      () =>
        `${f.name} has made two two-dice attacks this round: enter melee range with ${target.name}?`,
      { state, me: f, foe: target } satisfies PairSituation,
    );
    if (close) changeRange(state, ctx, f, target, "melee", "two two-dice attacks");
  }
  // An attack with a small weapon at melee may carry the attacker into the grapple.
  if (range === "melee" && f.weapon.small) {
    const grapple = askYesNo(
      ctx,
      f.id,
      "grapple",
      () =>
        `${f.name} attacked with a small weapon: enter grapple range with ${target.name} (who may take an attack of opportunity)?`,
      { state, me: f, foe: target } satisfies PairSituation,
    );
    if (grapple) {
      opportunity(state, ctx, target, f, "grapple");
      if (inFight(f) && inFight(target))
        changeRange(state, ctx, f, target, "grapple", "small-weapon attack");
    }
  }
}

function chooseTarget(
  state: TntState,
  ctx: RuleContext,
  f: Fighter,
  foes: readonly Fighter[],
  dice: number,
): Fighter {
  const choices: Choice<string>[] = foes.map((g) => ({
    value: g.id,
    label: ctx.explaining ? `${g.name} (${rangeOf(state, f, g)} range)` : g.id,
  }));
  const id = askOne(
    ctx,
    f.id,
    "target",
    () => `Whom does ${f.name} attack with ${dice} ${dice === 1 ? "die" : "dice"}?`,
    choices,
    { state, me: f, foes, dice } satisfies TargetSituation,
  );
  return foes.find((g) => g.id === id)!;
}
