// What the foes' melee attacks still to come this turn are expected to take off a character, where
// it stands or where a movement would take it, with or without a Shield Block: what the action
// policy weighs a block, and stepping back out of reach before it, against an attack.
import { AP } from "../data/rules.js";
import { canBlock } from "../procedures/actions.js";
import { bareHandsWeapon, fighting, wielded } from "../procedures/derived.js";
import { freeFor, stepsFor } from "../procedures/movement.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { expectedDamage } from "../procedures/estimates.js";

/** The melee weapon a foe would hit with: the one in hand if it reaches, else bare hands. */
function foeWeapon(f: CombatantState): WeaponState {
  const w = wielded(f);
  return w.melee !== null ? w : bareHandsWeapon(f);
}

/** The space `blows` last found the foe striking from. */
let blowFrom = 0;

/**
 * The melee attacks foe `f` can still make this turn on a character standing at `pos` (0 when it
 * cannot get into reach this round): the attacks its AP pay for once its steps there are paid. The
 * space it strikes from is left in `blowFrom`.
 */
function blows(state: DooState, me: CombatantState, f: CombatantState, pos: number): number {
  if (f.side === me.side || !fighting(f) || f.steady.stunned || f.ap < AP.attack) return 0;
  const m = foeWeapon(f).melee!;
  const free = freeFor(f);
  const reach = free + stepsFor(state, f, AP.attack);
  const d = f.pos > pos ? f.pos - pos : pos - f.pos;
  if (d < m.reachMin - reach || d > m.reachMax + reach) return 0;
  const at = d < m.reachMin ? m.reachMin : d > m.reachMax ? m.reachMax : d;
  const spaces = d > at ? d - at : at - d;
  blowFrom = f.pos > pos ? pos + at : pos - at;
  return Math.floor((f.ap - (spaces > free ? spaces - free : 0)) / AP.attack);
}

/**
 * Expected HP the melee attacks of `me`'s foes still to come this turn take off `me` standing at
 * `pos` with its Defense raised by `bonus`.
 */
export function threat(state: DooState, me: CombatantState, pos: number, bonus: number): number {
  let total = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    const n = blows(state, me, f, pos);
    if (n > 0) total += n * expectedDamage(state, f, me, foeWeapon(f), "melee", bonus, blowFrom);
  }
  return total;
}

/**
 * HP a Shield Block is expected to save this turn, as a share of `me`'s HP: the foes' melee
 * attacks still to come (`threat`) without the block less with it; -1 when it cannot block.
 */
export function blockValue(state: DooState, me: CombatantState): number {
  if (!canBlock(state, me)) return -1;
  let saved = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    const n = blows(state, me, f, me.pos);
    if (n <= 0) continue;
    const w = foeWeapon(f);
    saved +=
      n *
      (expectedDamage(state, f, me, w, "melee", 0, blowFrom) -
        expectedDamage(state, f, me, w, "melee", AP.blockBonus, blowFrom));
  }
  return saved / (me.hp > 1 ? me.hp : 1);
}
