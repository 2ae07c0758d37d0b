// The default for "<id>:target" (Multiple Melee Targets): single out the foe in reach worth most
// only when what that gains over a random one of them outweighs what it costs: every other foe
// that comes within melee range attacks as from behind, +2 to hit, for the round. Both are shares of hit points, the
// foe's taken against its own lost, as the BCB split weighs them.
import { armourClass, fromBehind, terrainAdjustment, toHit } from "../procedures/combat-numbers.js";
import { distance, usable } from "../procedures/field.js";
import type { Fighter, SwState } from "../state.js";
import { attackValue, hitChance } from "./estimates.js";
import { bestMelee, damageBonus, meanDamage } from "../procedures/damage-numbers.js";

/** The share of `t`'s hit points one attack of `f` takes (its best weapon that reaches). */
function shareTaken(state: SwState, f: Fighter, t: Fighter): number {
  const d = distance(f, t);
  const w = bestMelee(f, d);
  if (w === undefined) return 0;
  return Math.min(
    1,
    attackValue(state, f, t, w, "main", f.steady.bcbAttack, d) / Math.max(1, t.hp),
  );
}

/** Hit points `g`'s melee attacks on `f` this round (it may close by half a move) gain from +2. */
function extraFromBehind(state: SwState, g: Fighter, f: Fighter): number {
  if (f.sheet.allRoundVision || fromBehind(g, f)) return 0;
  const d = distance(g, f);
  let natural = 0;
  let best = 0;
  for (const w of g.steady.weapons) {
    if (w.kind !== "melee" || !usable(w) || d - w.reach > g.sheet.speed / 2) continue;
    const mod = toHit(state, g, f, w, w.natural ? w.id : "main", terrainAdjustment(g, f), null);
    const need = armourClass(state, f, false, null) - mod;
    const v = (hitChance(need - 2) - hitChance(need)) * meanDamage(w.damage, damageBonus(g, w, d));
    if (w.natural) natural += v;
    else if (v > best) best = v;
  }
  return natural > 0 ? natural : best;
}

export function chooseTarget(state: SwState, f: Fighter, around: readonly Fighter[]): string {
  let best: Fighter | undefined;
  let bestShare = -1;
  let sum = 0;
  for (const t of around) {
    const v = shareTaken(state, f, t);
    sum += v;
    if (v > bestShare) {
      bestShare = v;
      best = t;
    }
  }
  if (best === undefined) return "random";
  const attacks = f.steady.plan === "two-weapons" ? 2 : 1;
  const gain = attacks * (bestShare - sum / around.length);
  let cost = 0;
  for (const g of state.combatants)
    if (g.side !== f.side && g !== best && g.status === "fighting")
      cost += extraFromBehind(state, g, f);
  return gain > cost / Math.max(1, f.hp) ? best.id : "random";
}
