// Fray's pick of an attack: the answer "attack" (an exchange file's fixed answer, read as the
// attack's own answer) strikes or shoots with the attack expected to hurt a foe most, as a share
// of its HP left, steps into reach counted; the tactics weigh their options with the same pick.
import { AP } from "../data/rules.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { actionText, affords, attackPlan, shootWeapon } from "./actions.js";
import { bareHandsWeapon, fighting, wielded, type AttackKind } from "./derived.js";
import { expectedDamage } from "./estimates.js";

export interface AttackPick {
  readonly target: CombatantState;
  readonly weapon: WeaponState;
  readonly kind: AttackKind;
  /** Where the attacker stands to make it. */
  readonly pos: number;
  /** Expected HP taken off the target, as a share of its HP left. */
  readonly value: number;
}

/** AP spent on steps are worth a little: an attack that needs none is preferred at equal value. */
export const STEP_COST = 0.01;
/** A weapon that is also the thrower's melee weapon is thrown only at a clear advantage. */
const THROW_AWAY = 0.6;

function consider(
  state: DooState,
  me: CombatantState,
  t: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  best: AttackPick | null,
): AttackPick | null {
  const pos = attackPlan(state, me, t, w, kind);
  if (pos === null) return best;
  const hp = t.hp > 1 ? t.hp : 1;
  const spaces = pos > me.pos ? pos - me.pos : me.pos - pos;
  const paid = spaces > me.freeSteps ? spaces - me.freeSteps : 0;
  let value = expectedDamage(state, me, t, w, kind, 0, pos) / hp - paid * STEP_COST;
  // Throwing away the last of one's melee weapons: only when clearly the better blow.
  if (kind === "ranged" && w.melee !== null && w.count === 1) value *= THROW_AWAY;
  if (best !== null && value <= best.value) return best;
  return { target: t, weapon: w, kind, pos, value };
}

/** The attack `me` can make this round that is expected to hurt a foe most, or null. */
export function bestAttack(state: DooState, me: CombatantState): AttackPick | null {
  if (!affords(state, me, AP.attack)) return null;
  let best: AttackPick | null = null;
  const shooter = shootWeapon(me);
  const fists = bareHandsWeapon(me);
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const t = cs[i]!;
    if (t.side === me.side || !fighting(t)) continue;
    const held = wielded(me);
    if (held.melee !== null) {
      const before: AttackPick | null = best;
      best = consider(state, me, t, held, "melee", best);
      // Bare hands only when the weapon in hand cannot reach (or is bare hands already).
      if (best === before && !held.natural) best = consider(state, me, t, fists, "melee", best);
    } else best = consider(state, me, t, fists, "melee", best);
    if (shooter !== null) best = consider(state, me, t, shooter, "ranged", best);
  }
  return best;
}

/** The answer text of an attack pick. */
export function attackText(pick: AttackPick): string {
  return actionText(pick.kind === "melee" ? "strike" : "shoot", pick.target.id, pick.weapon.id);
}
