// Whom a combatant faces at the start of a melee (Combat Pairings): the opponent it faces if it
// still fights; else the foe the fewest face, one facing it first, then the one it trades blows
// with best: what its full strike takes off that foe for the foe's hit points, less what the foe's
// takes off it for its own.
import type { Fighter, KarnState } from "../state.js";
import { attackValue, bestAttack } from "./estimates.js";

/** Expected hit points `f`'s best full strike takes off `g`, as a share of `g`'s hit points. */
function harm(state: KarnState, f: Fighter, g: Fighter): number {
  const i = bestAttack(state, f, g);
  return i < 0 ? 0 : attackValue(state, f, i, g) / Math.max(1, g.hp);
}

/** Keep the opponent it faces; else the foe the fewest face, the best trade of blows first. */
export function opponentPolicy(state: KarnState, f: Fighter, foes: readonly Fighter[]): string {
  const current = foes.find((g) => g.index === f.facing);
  if (current !== undefined) return current.id;
  const facedBy = (g: Fighter) =>
    state.fighters.filter((h) => h.status === "fighting" && h.facing === g.index).length;
  const trade = (g: Fighter) => harm(state, f, g) - harm(state, g, f);
  let best = foes[0]!;
  for (const g of foes) {
    const a = facedBy(g);
    const b = facedBy(best);
    if (a < b || (a === b && g.facing === f.index && best.facing !== f.index)) best = g;
    else if (
      a === b &&
      (g.facing === f.index) === (best.facing === f.index) &&
      trade(g) > trade(best) + 1e-9
    )
      best = g;
  }
  return best.id;
}
