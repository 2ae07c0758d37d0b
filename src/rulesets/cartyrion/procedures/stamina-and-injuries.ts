// Stamina then injuries ("Resolving Combat"): damage draws down Stamina Points first; once they
// are gone the rest is Direct Damage, which fills injury slots (one per point, or one per blow:
// the `injurySlots` switch). Ranged attacks and sneak attacks deal Direct Damage at once. When
// every slot is filled the combatant is dead (or down: the `slotsFull` switch).
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import type { CartyrionState, CombatantState } from "../state.js";

/** Direct Damage: fills injury slots. Returns the slots filled. */
export function directDamage(
  state: CartyrionState,
  target: CombatantState,
  amount: number,
  ctx: RuleContext,
): number {
  if (amount <= 0 || target.status !== "fighting") return 0;
  const fill = state.switches.injurySlots === "blow" ? 1 : amount;
  const before = target.injuries;
  target.injuries = Math.min(target.slots, before + fill);
  const filled = target.injuries - before;
  if (target.injuries >= target.slots) {
    target.status = state.switches.slotsFull;
    target.concealed = false;
    target.parry = "";
  }
  if (ctx.explaining) {
    ctx.explain(SECTIONS.resolving, directText(state, target, amount, filled), {
      target: target.id,
      direct: amount,
      injuries: target.injuries,
      slots: target.slots,
    });
  }
  return filled;
}

// Explanations are built as plain strings under `ctx.explaining`, by helpers: no thunk closes over
// the locals of the damage functions, which simulation calls for every blow.
function directText(
  state: CartyrionState,
  target: CombatantState,
  amount: number,
  filled: number,
): string {
  const how =
    state.switches.injurySlots === "blow"
      ? "one slot for the blow"
      : `${filled} slot${filled === 1 ? "" : "s"}`;
  const end =
    target.status === "dead"
      ? `: every slot is filled and ${target.name} is dead`
      : target.status === "down"
        ? `: every slot is filled and ${target.name} is out of the fight`
        : "";
  return `${amount} Direct Damage to ${target.name} fills ${how}: ${target.injuries}/${target.slots} injury slots${end}`;
}

/** Damage that drains stamina first; what is left past 0 SP becomes Direct Damage. */
export function staminaDamage(
  state: CartyrionState,
  target: CombatantState,
  amount: number,
  ctx: RuleContext,
): void {
  if (amount <= 0 || target.status !== "fighting") return;
  const drained = Math.min(target.stamina, amount);
  const before = target.stamina;
  target.stamina -= drained;
  const rest = amount - drained;
  if (ctx.explaining && drained > 0) {
    ctx.explain(
      SECTIONS.resolving,
      `${drained} SP are taken from ${target.name}'s ${before}, leaving ${target.stamina} SP` +
        (rest > 0 ? `; the other ${rest} point${rest === 1 ? "" : "s"} become Direct Damage` : ""),
      { target: target.id, drained, stamina: target.stamina },
    );
  }
  if (rest > 0) directDamage(state, target, rest, ctx);
}
