// How a fight ends when it ends by sides: once only one side has anyone still fighting, that side
// wins, and once nobody is, it is a draw. What "still fighting" means, and how each loser's fate
// reads, is the ruleset's.
import { andList } from "./or-list.js";
import type { Outcome, Standing } from "./ruleset.js";

/** The one side with anyone still fighting; null when nobody is, undefined while several are. */
export function lastSideFighting<C extends { readonly side: string }>(
  combatants: readonly C[],
  fighting: (c: C) => boolean,
): string | null | undefined {
  let side: string | null = null;
  for (let i = 0; i < combatants.length; i += 1) {
    const c = combatants[i]!;
    if (!fighting(c)) continue;
    if (side === null) side = c.side;
    else if (c.side !== side) return undefined;
  }
  return side;
}

/**
 * The outcome once only one side has anyone still fighting (null until then), with its reason:
 * "Ann and Bob hold the field: Orc is dead", or, with nobody left, "nobody is left fighting: Ann is
 * dead and Orc is down". `fate` says how a loser's fate reads ("is dead").
 */
export function lastSideStanding<C extends { readonly side: string; readonly name: string }>(
  combatants: readonly C[],
  fighting: (c: C) => boolean,
  fate: (c: C) => string,
): Outcome | null {
  const winner = lastSideFighting(combatants, fighting);
  if (winner === undefined) return null;
  // The reason, built once per fight (simulation reads it for every fight).
  const losers: string[] = [];
  const standing: string[] = [];
  for (const c of combatants) {
    if (c.side !== winner) losers.push(`${c.name} ${fate(c)}`);
    else if (fighting(c)) standing.push(c.name);
  }
  if (winner === null)
    return { winner: null, reason: `nobody is left fighting: ${andList(losers)}` };
  return {
    winner,
    reason: `${andList(standing)} ${standing.length === 1 ? "holds" : "hold"} the field: ${andList(losers)}`,
  };
}

/**
 * Whether a combatant got away from the fight alive: its ruleset's word where it gives it
 * (`Standing.gotAway`), else out of the fight with health left.
 */
export function gotAway(s: Standing): boolean {
  return s.gotAway ?? (s.out && s.health > 0);
}
