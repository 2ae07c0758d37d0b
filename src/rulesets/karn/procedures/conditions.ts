// Conditions a combatant carries from melee to melee, and the penalties they give: the knock-out
// chart's woozy and stun (Knock Out/Stun Called Shots), the fumble chart's bad miss, all turned
// around and overexerted self (Fumble), deep tissue damage (Critical), and a penalty the GM ruled
// for an injury. Durations "for 1D6 melee" run through the end of the melee N melees after the
// current one (the current melee's remaining actions are affected too).
import type { Fighter, KarnState } from "../state.js";

/** A condition lasting through melee `last` (0: none) holds now. */
function until(state: KarnState, last: number): boolean {
  return last > 0 && state.melee <= last;
}

/** Penalty to combat rolls (strikes and defences) from conditions, without a pending bad miss. */
export function conditionPenalty(state: KarnState, f: Fighter): number {
  let p = f.lasting + f.injury;
  if (until(state, f.woozyUntil)) p += 2;
  if (until(state, f.stunUntil)) p += 4;
  if (until(state, f.turnedUntil)) p += 1;
  return p;
}

/**
 * Penalty to initiative, a combat roll like any: All Turned Around (-1 on all rolls), Overexerted
 * Self and Deep Tissue Damage (-1 to all combat rolls), Woozy (-2 on all combat actions), a stun
 * (-4 to all combat actions) and the GM's injury penalty.
 */
export function initiativePenalty(state: KarnState, f: Fighter): number {
  return conditionPenalty(state, f);
}

/** A pending Bad Miss penalty, used up by the action it applies to. */
export function takeBadMiss(f: Fighter): number {
  const p = f.badMiss;
  f.badMiss = 0;
  return p;
}

export function stunned(state: KarnState, f: Fighter): boolean {
  return until(state, f.stunUntil);
}

/** Words for a combatant's conditions (views and explanations). */
export function conditionWords(state: KarnState, f: Fighter): string[] {
  const out: string[] = [];
  if (until(state, f.woozyUntil)) out.push(`woozy to melee ${f.woozyUntil}`);
  if (until(state, f.stunUntil)) out.push(`stunned to melee ${f.stunUntil}`);
  if (until(state, f.turnedUntil)) out.push(`turned around to melee ${f.turnedUntil}`);
  if (f.blackedOut === state.melee) out.push("blacked out");
  if (f.badMiss > 0) out.push(`-${f.badMiss} on its next action`);
  if (f.lasting > 0) out.push(`-${f.lasting} lasting`);
  if (f.injury > 0) out.push(`-${f.injury} injury`);
  return out;
}
