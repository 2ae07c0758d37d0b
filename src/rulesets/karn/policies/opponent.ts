// Whom a combatant faces at the start of a melee (Combat Pairings): the opponent it faces if it
// still fights; else the foe the fewest face, one facing it first, the most hurt first.
import type { Fighter, KarnState } from "../state.js";

/** Keep the opponent it faces; else the foe the fewest face, the most hurt first. */
export function opponentPolicy(state: KarnState, f: Fighter, foes: readonly Fighter[]): string {
  const current = foes.find((g) => g.index === f.facing);
  if (current !== undefined) return current.id;
  const facedBy = (g: Fighter) =>
    state.fighters.filter((h) => h.status === "fighting" && h.facing === g.index).length;
  let best = foes[0]!;
  for (const g of foes) {
    const a = facedBy(g);
    const b = facedBy(best);
    if (a < b || (a === b && g.facing === f.index && best.facing !== f.index)) best = g;
    else if (
      a === b &&
      (g.facing === f.index) === (best.facing === f.index) &&
      g.hp * best.maxHp < best.hp * g.maxHp
    )
      best = g;
  }
  return best.id;
}
