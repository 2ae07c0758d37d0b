// The default declaration before initiative: cast the spell (or read the scroll) worth most when
// it beats a round of fighting, its risk of being disrupted counted; charge when nothing is in
// reach of half a move but a foe is within a full one; with an off-hand weapon, the style (two
// attacks at -3, or one at -1 and +1 AC) with the best expected damage for the round; else fight.
import { chargeable, chargeWeapon, hasOffHand, spellTarget } from "../procedures/plans.js";
import { castable } from "../procedures/magic.js";
import {
  distance,
  inCombat,
  inRange,
  inReach,
  meleeReach,
  halfMove,
  usable,
} from "../procedures/field.js";
import { isCasting } from "../procedures/combat-numbers.js";
import { holdsWall, runsFromLostFight, STEADY } from "./action-policy.js";
import type { Fighter, Plan, SwState } from "../state.js";
import { attackValue, dominated, magicValue, threatFrom } from "./estimates.js";
import { canAttackThisRound } from "./bcb-policy.js";
import { bestMelee } from "../procedures/damage-numbers.js";
import { ownSteady } from "../own-steady.js";

/** The best share of a foe's hit points one attack of the main weapon takes this round. */
function fightValue(state: SwState, f: Fighter, plan: Plan): number {
  // The plan tried on a copy of the steady part, the shared one put back after.
  const saved = f.steady;
  ownSteady(f).plan = plan;
  let best = 0;
  for (const w of f.steady.weapons) {
    if (
      w.natural ||
      dominated(f, w) ||
      (plan === "two-weapons" && w === f.steady.weapons[f.sheet.offHand])
    )
      continue;
    for (const t of state.combatants) {
      if (t.side === f.side || t.status !== "fighting") continue;
      const d = distance(f, t);
      const reach =
        w.kind === "melee" ? d - w.reach <= halfMove(f) && !(w.long && d <= 5) : inRange(w, d);
      if (!reach) continue;
      const v =
        attackValue(
          state,
          f,
          t,
          w,
          "main",
          f.sheet.bcb,
          w.kind === "melee" ? Math.min(d, w.reach) : d,
        ) / Math.max(1, t.hp);
      if (v > best) best = v;
    }
  }
  let value = best;
  if (plan === "two-weapons" && f.sheet.offHand >= 0) {
    const off = f.steady.weapons[f.sheet.offHand]!;
    // 4. The Combat Round: after a move there is one attack; the second needs a foe in reach.
    let second = 0;
    for (const t of state.combatants) {
      if (t.side === f.side || t.status !== "fighting" || !inReach(off, distance(f, t))) continue;
      const v = attackValue(state, f, t, off, "off", f.sheet.bcb, 5) / Math.max(1, t.hp);
      if (v > second) second = v;
    }
    value += second;
  }
  if (plan === "off-hand-defence") {
    let threat = 0;
    for (const g of state.combatants)
      if (g.side !== f.side && g.status === "fighting") threat += threatFrom(state, g, f);
    value += (0.05 * threat) / Math.max(1, f.hp);
  }
  f.steady = saved;
  return value;
}

/** Has `f` a usable missile weapon? */
function shoots(f: Fighter): boolean {
  for (const w of f.steady.weapons) if (w.kind === "missile" && usable(w)) return true;
  return false;
}

/**
 * The plan; `runAt` is the action's (a reckless character never runs). A character whose fight is
 * lost declares no spell (Declare Spells: casting begins at the start of the round) nor charge,
 * and fights, so that it may run on its count. The square law (`runsFromLostFight`) is worked out
 * only when the plan would be another than "fight".
 */
export function choosePlan(state: SwState, f: Fighter, runAt = STEADY): string {
  const plan = bestPlan(state, f);
  return plan !== "fight" && runsFromLostFight(state, f, runAt) ? "fight" : plan;
}

/** The plan worth most, whether the fight is lost or not. */
function bestPlan(state: SwState, f: Fighter): string {
  let best = "fight";
  let bestValue = fightValue(state, f, "fight");
  if (hasOffHand(f)) {
    for (const plan of ["two-weapons", "off-hand-defence"] as const) {
      const v = fightValue(state, f, plan);
      if (v > bestValue + 1e-9) {
        bestValue = v;
        best = plan;
      }
    }
  }
  // A foe that can reach the caster before its count may disrupt the spell.
  let danger = 0;
  for (const g of state.combatants) {
    if (g.side === f.side || g.status !== "fighting") continue;
    const w = bestMelee(g, 5);
    if (w !== undefined && distance(g, f) - w.reach <= g.sheet.speed / 2)
      danger = Math.max(danger, 0.5);
  }
  for (const [verb, list] of [
    ["cast", f.steady.spells],
    ["read", f.steady.scrolls],
  ] as const) {
    for (const m of list) {
      if (!castable(state, f, m)) continue;
      for (const t of state.combatants) {
        if (!spellTarget(f, m, t) || t.status !== "fighting") continue;
        const rounds = verb === "read" ? Math.max(1, m.level) : 1;
        const v =
          (magicValue(state, f, m, t) *
            (1 - (verb === "read" && rounds > 1 ? Math.min(0.9, danger * rounds) : danger))) /
          rounds;
        if (v > bestValue + 1e-9) {
          bestValue = v;
          best = `${verb}:${m.id}:${t.id}`;
        }
      }
    }
  }
  // Magic Use in Combat: a successful blow on a caster before its spell goes off loses the spell.
  // Spells are declared before initiative (Declare Spells), so a fighter out of melee with no
  // missile to loose at the caster charges the nearest foe that has declared one, rather than
  // wait for whoever comes to it.
  if (best === "fight" && !holdsWall(state, f) && !inCombat(state, f) && !shoots(f)) {
    const w = chargeWeapon(f);
    let caster: Fighter | undefined;
    for (const t of state.combatants) {
      if (!isCasting(t) || !chargeable(state, f, t, w) || t.fleeing) continue;
      if (caster === undefined || distance(f, t) < distance(f, caster)) caster = t;
    }
    if (caster !== undefined) return `charge:${caster.id}`;
  }
  // A charge, when nothing can be reached this round; not for a polearm (it keeps foes at bay)
  // nor for one holding a shield-wall.
  if (
    best === "fight" &&
    bestValue === 0 &&
    meleeReach(f) <= 5 &&
    !holdsWall(state, f) &&
    !canAttackThisRound(state, f)
  ) {
    const w = chargeWeapon(f);
    let target: Fighter | undefined;
    for (const t of state.combatants) {
      if (!chargeable(state, f, t, w) || t.fleeing) continue;
      if (target === undefined || distance(f, t) < distance(f, target)) target = t;
    }
    if (target !== undefined && w !== undefined && !inReach(w, distance(f, target)))
      return `charge:${target.id}`;
  }
  return best;
}
