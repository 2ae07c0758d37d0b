// The GM's default morale call for a monster or NPC: flee when its side is losing (half its
// number down and no more of them standing than of their foes) or when it is badly hurt and not
// winning; otherwise fight on. Surrender is left to a GM who wants it.
import type { Fighter, SwState } from "../state.js";

export function moralePolicy(state: SwState, f: Fighter): string {
  let mine = 0;
  let all = 0;
  let foes = 0;
  for (const c of state.combatants) {
    if (c.side === f.side) {
      all += 1;
      if (c.status === "fighting") mine += 1;
    } else if (c.status === "fighting") foes += 1;
  }
  const losing = foes >= mine;
  if (mine * 2 <= all && losing) return "flee";
  if (f.hp * 4 <= f.sheet.maxHp && losing) return "flee";
  return "fight";
}
