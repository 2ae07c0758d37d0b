// What of a fight's state no later rule reads, set to fixed values so that exact odds merge
// states that play on identically (Ruleset.forget, docs/odds.md):
//
// - The turn number. Rules read it only as "the first turn" (a surprised character's 1 action
//   point, Turns and Phases) and "a later turn" (a dying character bleeds at the reset phase), both
//   at the next reset phase: once the first turn has begun, every state is set to turn 1 and the
//   surprise is forgotten (the chain counts the rounds itself).
// - What each character earned for the exchange's result and the views: HP dealt, the best attack
//   tier rolled, character points (no rule reads them back).
// - Who acted in which round of the action phase (the round's order is kept in `queue`).
// - Inside a turn, the number of the action phase's round under way: the rules read it only in
//   the next question's name ("action-3") and in Fray's guard of 40 rounds a phase. It is set to
//   1 where no decision of the work is fixed for an "action-N" question and the guard cannot be
//   reached from either number: every round in which someone acts spends an action point or a
//   free step of its own, or lays it prone for free (flop, once until it rises for 2 AP), so at
//   most that many rounds and a last one in which nobody acts are still to come.
// - Once a turn is over, what its reset phase sets before anything reads it: action points, free
//   steps, a Shield Block, a stun, temporary blindness, and the action phase's round.
// - Where a weapon lay once it is picked up (read only while it lies on the ground).
// - Where on the line the fight stands, on a field without cover: rules read only distances
//   between combatants and the weapons on the ground, and the side a character falls back to
//   (Fray's simple distance model), so every position is moved by the same amount, the one
//   furthest back to space 0. Cover stands in fixed spaces, so a field with cover keeps them.
import { ownSteady } from "../own-steady.js";
import { DEFAULTS } from "../data/rules.js";
import { ownWeapons } from "../own-weapons.js";
import type { DooState } from "../state.js";

/** Moves every combatant and every weapon on the ground so that the lowest space is 0. */
function fromZero(state: DooState): void {
  let low = Infinity;
  for (const c of state.combatants) {
    if (c.pos < low) low = c.pos;
    for (const w of c.steady.weapons)
      if (w.where === "ground" && w.groundPos < low) low = w.groundPos;
  }
  if (low === 0 || low === Infinity) return;
  for (const c of state.combatants) {
    c.pos -= low;
    if (c.steady.weapons.some((w) => w.where === "ground"))
      for (const w of ownWeapons(c)) if (w.where === "ground") w.groundPos -= low;
  }
}

/** Whether a decision is fixed for a question of the action phase ("action-3"). */
function actionFixed(fixed: ReadonlySet<string>): boolean {
  for (const q of fixed) if (q.startsWith("action-")) return true;
  return false;
}

/** The action phase's rounds that can still come, at most: see the head of this file. */
function roundsLeft(state: DooState): number {
  let n = 1;
  for (const c of state.combatants) n += c.ap + c.freeSteps + (c.prone ? 0 : 1);
  return n;
}

const NONE: ReadonlySet<string> = new Set();

export function forgetSpent(state: DooState, fixed: ReadonlySet<string> = NONE): void {
  const between = !state.inTurn;
  if (state.turn > 1) state.turn = 1;
  for (const c of state.combatants) {
    if (state.turn === 1 && c.steady.surprised) ownSteady(c).surprised = false;
    c.dealt = 0;
    c.best = -1;
    c.cp = 0;
    c.actedIn = 0;
    if (c.steady.weapons.some((w) => w.where !== "ground" && w.groundPos !== 0))
      for (const w of ownWeapons(c)) if (w.where !== "ground") w.groundPos = 0;
    if (between) {
      c.ap = 0;
      c.freeSteps = 0;
      const s = c.steady;
      if (s.blocking || s.stunned || s.blind === 1) {
        const own = ownSteady(c);
        own.blocking = false;
        own.stunned = false;
        if (own.blind === 1) own.blind = 0;
      }
    }
  }
  if (state.cover.length === 0) fromZero(state);
  if (
    !between &&
    state.actionRound > 1 &&
    state.actionRound + roundsLeft(state) <= DEFAULTS.maxActionRounds &&
    !actionFixed(fixed)
  )
    state.actionRound = 1;
  if (between) {
    state.actionRound = 0;
    state.queue = [];
    state.acted = false;
  }
}
