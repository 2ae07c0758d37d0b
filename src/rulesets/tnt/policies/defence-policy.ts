// Default policy for defence: passive or active, and with how many dice, once the attack roll
// is known.
import { defenceShape } from "./expectations.js";
import { expectedDamageGiven, type AttackShape } from "./odds.js";
import { comingAttackValue, threatsTo } from "./policy-values.js";
import { passiveDefence } from "../procedures/scores.js";
import type { Fighter, TntState } from "../state.js";

/**
 * Active or passive defence, chosen after seeing the attack roll: nothing against an attack
 * that already misses; otherwise the dice whose expected damage saved outweighs what they
 * would do in the defender's own attack, a step out of a grapple its weapon cannot fight in
 * included (or in later defences, once it has acted).
 */
export function defencePolicy(
  state: TntState,
  defender: Fighter,
  attacker: Fighter,
  shape: AttackShape,
  natural: number,
  total: number,
): number {
  const sw = state.switches;
  if (natural === 1 || defender.pool < 1) return 0;
  if (natural !== 20 && total <= passiveDefence(defender)) return 0;
  const hp = Math.max(1, defender.hp);
  const passive = expectedDamageGiven(shape, natural, total, defenceShape(defender, 0, sw));
  const free = defender.pool - defender.committed;
  const ownNow = defender.acted ? 0 : comingAttackValue(state, defender, free);
  const others = defender.acted ? threatsTo(state, defender, attacker).length : 0;
  let best = 0;
  let bestValue = 0;
  for (let k = 1; k <= defender.pool; k += 1) {
    const saved =
      (passive - expectedDamageGiven(shape, natural, total, defenceShape(defender, k, sw))) / hp;
    // Before its turn a die spent here is a die less to attack with; after it, keep one die for
    // each foe still to act while there are dice enough.
    const cost = defender.acted
      ? defender.pool - k < Math.min(others, defender.pool - 1)
        ? 1
        : 0
      : ownNow - comingAttackValue(state, defender, free - k);
    const value = saved - cost - 1e-4 * k;
    if (value > bestValue) {
      bestValue = value;
      best = k;
    }
  }
  return best;
}
