// The default order within a side (Determining Turn Order: the side "free to determine in which
// order"): shooters first, then those who can strike now, sneak attackers last so that their
// targets are already engaged by friends.
import { approachNeeded, moveBudget, targetable } from "../procedures/actions.js";
import { usable } from "../procedures/field.js";
import type { CartyrionState, CombatantState } from "../state.js";
import { sneaky } from "./action-policy.js";

function rank(state: CartyrionState, c: CombatantState): number {
  if (sneaky(c) && (c.concealed || c.dex >= 3)) return 0;
  let melee = false;
  for (const t of state.combatants) {
    if (t.side === c.side || !targetable(c, t)) continue;
    for (const w of c.weapons) {
      if (!usable(w) || approachNeeded(c, t, w, moveBudget(c)) < 0) continue;
      if (w.kind === "ranged") return 3;
      melee = true;
    }
  }
  return melee ? 2 : 1;
}

export function chooseNext(state: CartyrionState, waiting: readonly CombatantState[]): string {
  let best = waiting[0]!;
  let bestRank = -1;
  for (const c of waiting) {
    const r = rank(state, c);
    if (r > bestRank) {
      best = c;
      bestRank = r;
    }
  }
  return best.id;
}
