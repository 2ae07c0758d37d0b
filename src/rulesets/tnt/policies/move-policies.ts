// Default policies for Changing the range: fleeing, the grapple, and the step between onset and
// melee where a fighter's weapon tells.
import {
  lastingValue,
  preferredRange,
  threatsTo,
  threatValue,
  turnValue,
  valueAt,
} from "./policy-values.js";
import { friendOut, sideOutmatched } from "./prospects.js";
import { canAttackAt } from "../procedures/scores.js";
import {
  engagedFoes,
  rangeOf,
  setRange,
  type Fighter,
  type Range,
  type TntState,
} from "../state.js";

/** Worth moving only for a clear gain: a share of hit points, net of the die it costs. */
const MOVE_MARGIN = 0.02;

export interface MoveChoice {
  readonly to: Range;
  readonly foe: Fighter;
}

/**
 * How many times its side's strength the foes' must be (prospects.ts) for a fighter to get clear
 * of a lost fight, once a friend is out of it.
 */
const LOST_AT = 3.5;

/**
 * Getting clear of a lost fight (Changing the range: a fighter disengaged from every foe has left
 * the fight, Fray's rule): once the fight has told on its side (a friend out of it: a side came
 * for this fight, and a duel is left by the rule above), when its foes are `LOST_AT` times as
 * strong as its side, and its pool
 * pays a disengage from every foe it is engaged with this turn (a grapple has to be left for
 * melee first: no clean getaway). Where its side all but loses, getting away alive is worth more
 * than staying.
 */
function getsClear(state: TntState, f: Fighter, foes: readonly Fighter[]): boolean {
  if (foes.length === 0 || f.pool < foes.length) return false;
  for (const foe of foes) if (rangeOf(state, f, foe) === "grapple") return false;
  return friendOut(state, f) && sideOutmatched(state, f) >= LOST_AT;
}

/**
 * Changing the range: flee a lost duel while at onset (no attack of opportunity), get clear of a
 * fight its side has lost (`getsClear`), break out of
 * a grapple its weapon cannot fight in, step into a grapple a foe's long weapon cannot fight in
 * when the foe has no die left for an attack of opportunity, and otherwise take one step a turn
 * between onset and melee that makes this turn and the rounds to come clearly better, die
 * included: before attacking, keeping a die to attack with; after an attack, with a die of its
 * reserve, when the rounds to come gain more than the die's active defence against the foes
 * still to act this round.
 */
export function movePolicy(
  state: TntState,
  f: Fighter,
  options: readonly MoveChoice[],
  movesThisTurn = 0,
  afterAttack = false,
): MoveChoice | null {
  const sw = state.switches;
  const foes = engagedFoes(state, f);
  const has = (to: Range, foe: Fighter) =>
    options.find((o) => o.to === to && o.foe === foe) ?? null;
  if (foes.length === 1) {
    const foe = foes[0]!;
    if (rangeOf(state, f, foe) === "onset" && f.hp * 4 <= f.maxHp && foe.hp * 2 > foe.maxHp) {
      const flee = has("disengaged", foe);
      if (flee !== null) return flee;
    }
  }
  if (getsClear(state, f, foes)) {
    // Onset first: no attack of opportunity there, and the dice left pay for the melee steps.
    for (const at of ["onset", "melee"] as const) {
      for (const foe of foes) {
        if (rangeOf(state, f, foe) !== at) continue;
        const flee = has("disengaged", foe);
        if (flee !== null) return flee;
      }
    }
  }
  for (const foe of foes) {
    const range = rangeOf(state, f, foe);
    if (range === "grapple" && !canAttackAt(f, "grapple", sw)) return has("melee", foe);
    if (
      range === "melee" &&
      sw.grappleAttacks === "small-weapons-only" &&
      f.weapon.small &&
      !foe.weapon.small &&
      foe.pool === 0 &&
      f.pool >= 2
    ) {
      const grapple = has("grapple", foe);
      if (grapple !== null) return grapple;
    }
  }
  if (afterAttack) return movesThisTurn > 0 ? null : stepAfterAttack(state, f, options);
  // One step a turn for position, and only with a die left over to attack with.
  if (movesThisTurn > 0 || f.pool < 2) return null;
  let best: MoveChoice | null = null;
  let now = Number.NaN;
  let bestValue = 0;
  for (const o of options) {
    if (o.to !== "onset" && o.to !== "melee") continue;
    const from = rangeOf(state, f, o.foe);
    if (from === "grapple") continue;
    const gain =
      lastingValue(state, f, o.foe, o.to) - lastingValue(state, f, o.foe, from) - MOVE_MARGIN;
    if (gain <= bestValue) continue;
    if (Number.isNaN(now)) now = turnValue(state, f);
    const value = valueAt(state, f, o.foe, o.to, 1) - now + gain;
    if (value > bestValue) {
      bestValue = value;
      best = o;
    }
  }
  return best;
}

/**
 * After an attack, a step between onset and melee for a die of the reserve (dice not planned for
 * attacks): worth it when the rounds to come gain more, net of the margin, than the die would
 * have saved in active defence against the foes still to act this round, at the new ranges.
 */
function stepAfterAttack(
  state: TntState,
  f: Fighter,
  options: readonly MoveChoice[],
): MoveChoice | null {
  const reserve = f.pool - f.committed;
  if (reserve < 1) return null;
  const threatNow = threatValue(state, f, threatsTo(state, f), reserve);
  let best: MoveChoice | null = null;
  let bestValue = 0;
  for (const o of options) {
    if (o.to !== "onset" && o.to !== "melee") continue;
    const from = rangeOf(state, f, o.foe);
    if (from === "grapple") continue;
    const gain =
      lastingValue(state, f, o.foe, o.to) - lastingValue(state, f, o.foe, from) - MOVE_MARGIN;
    setRange(state, f, o.foe, o.to);
    const threatThen = threatValue(state, f, threatsTo(state, f), reserve - 1);
    setRange(state, f, o.foe, from);
    const value = gain - (threatThen - threatNow);
    if (value > bestValue) {
      bestValue = value;
      best = o;
    }
  }
  return best;
}

/** Two two-dice attacks, or a counter-attack, at onset: close to melee when melee suits it. */
export function closePolicy(state: TntState, f: Fighter, foe: Fighter): boolean {
  return preferredRange(state, f, foe) === "melee";
}

/** A small-weapon attack at melee: go into the grapple when the foe cannot fight there. */
export function grapplePolicy(state: TntState, f: Fighter, foe: Fighter): boolean {
  return (
    state.switches.grappleAttacks === "small-weapons-only" &&
    f.weapon.small &&
    !foe.weapon.small &&
    (foe.pool === 0 || f.hp * 2 >= f.maxHp)
  );
}
