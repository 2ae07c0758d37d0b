// The default tactic for a round of the action phase: what a sensible fighter does with its action
// points. It stands up when knocked down, takes up a weapon when it has none in hand (or a melee
// weapon when a foe is at its elbow and it holds a bow), resets an empty crossbow, binds a dying
// friend when no foe is near, and otherwise weighs its best attack against a Shield Block:
// the attack's expected HP taken off its target (as a share of the target's HP left) against the
// HP the block is expected to save from the foes' melee attacks still to come this turn (as a
// share of its own). With nothing in reach it closes on the nearest foe. It never withdraws.
import { AP } from "../data/rules.js";
import {
  actionText,
  affords,
  attackPlan,
  canBlock,
  canMove,
  needsReset,
  patients,
  readyable,
  resetCost,
  shootWeapon,
} from "../procedures/actions.js";
import {
  distance,
  fighting,
  rangeAdjustment,
  wielded,
  type AttackKind,
} from "../procedures/derived.js";
import { exposedTo, freeFor, positionSpot, stepsFor } from "../procedures/movement.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
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
const STEP_COST = 0.01;
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
  const d = pos > t.pos ? pos - t.pos : t.pos - pos;
  const hp = t.hp > 1 ? t.hp : 1;
  const spaces = pos > me.pos ? pos - me.pos : me.pos - pos;
  const paid = spaces > me.freeSteps ? spaces - me.freeSteps : 0;
  let value = expectedDamage(state, me, t, w, kind, 0, d) / hp - paid * STEP_COST;
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
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const t = cs[i]!;
    if (t.side === me.side || !fighting(t)) continue;
    const held = wielded(me);
    if (held.melee !== null) {
      const before: AttackPick | null = best;
      best = consider(state, me, t, held, "melee", best);
      // Bare hands only when the weapon in hand cannot reach (or is bare hands already).
      if (best === before && !held.natural)
        best = consider(state, me, t, me.weapons[me.weapons.length - 1]!, "melee", best);
    } else best = consider(state, me, t, me.weapons[me.weapons.length - 1]!, "melee", best);
    if (shooter !== null) best = consider(state, me, t, shooter, "ranged", best);
  }
  return best;
}

/** The answer text of an attack pick. */
export function attackText(pick: AttackPick): string {
  return actionText(pick.kind === "melee" ? "strike" : "shoot", pick.target.id, pick.weapon.id);
}

/** The melee weapon a foe would hit `me` with: the one in hand if it reaches, else bare hands. */
function foeWeapon(f: CombatantState): WeaponState {
  const w = wielded(f);
  return w.melee !== null ? w : f.weapons[f.weapons.length - 1]!;
}

/**
 * HP a Shield Block is expected to save this turn, as a share of `me`'s HP: for every foe that can
 * still reach `me` in melee with AP for attacks, its expected damage without the block less with it.
 */
export function blockValue(state: DooState, me: CombatantState): number {
  if (!canBlock(state, me)) return -1;
  let saved = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side === me.side || !fighting(f) || f.stunned || f.ap < AP.attack) continue;
    const w = foeWeapon(f);
    const m = w.melee!;
    const reach = freeFor(f) + stepsFor(state, f, AP.attack);
    const d = distance(f, me);
    if (d < m.reachMin - reach || d > m.reachMax + reach) continue;
    const at = d < m.reachMin ? m.reachMin : d > m.reachMax ? m.reachMax : d;
    const attacks = Math.floor(f.ap / AP.attack);
    saved +=
      attacks *
      (expectedDamage(state, f, me, w, "melee", 0, at) -
        expectedDamage(state, f, me, w, "melee", AP.blockBonus, at));
  }
  return saved / (me.hp > 1 ? me.hp : 1);
}

function readyAction(me: CombatantState, want: (w: WeaponState) => boolean): string | null {
  for (let i = 0; i < me.weapons.length; i += 1) {
    const w = me.weapons[i]!;
    if (readyable(me, w, i) && want(w)) return actionText("ready", w.id);
  }
  return null;
}

function foeAtElbow(state: DooState, me: CombatantState): boolean {
  for (const c of state.combatants)
    if (c.side !== me.side && fighting(c) && distance(c, me) <= 1) return true;
  return false;
}

function nearestFoe(state: DooState, me: CombatantState): CombatantState | undefined {
  let best: CombatantState | undefined;
  for (const c of state.combatants) {
    if (c.side === me.side || !fighting(c)) continue;
    if (best === undefined || distance(me, c) < distance(me, best)) best = c;
  }
  return best;
}

/** The policy's answer to `me`'s action decision this round. */
export function chooseAction(state: DooState, me: CombatantState): string {
  if (me.prone) {
    if (affords(state, me, AP.rise)) return "rise";
    const pick = bestAttack(state, me);
    return pick === null ? "pass" : attackText(pick);
  }
  const held = wielded(me);
  if (affords(state, me, AP.ready)) {
    // Empty-handed with a weapon to hand, or a bow in hand with a foe at the elbow.
    if (held.natural) {
      // A melee weapon when a foe is close, a ranged one when none is; else whatever is to hand.
      const close = foeNear(state, me, 3);
      const r =
        readyAction(me, (w) => (close ? w.melee !== null : w.ranged !== null)) ??
        readyAction(me, () => true);
      if (r !== null) return r;
    } else if (held.melee === null && foeAtElbow(state, me)) {
      const r = readyAction(me, (w) => w.melee !== null);
      if (r !== null) return r;
    }
  }
  if (needsReset(held) && affords(state, me, resetCost(me, held)) && !foeAtElbow(state, me))
    return actionText("reset", held.id);
  if (affords(state, me, AP.firstAid) && !foeNear(state, me, 2)) {
    for (const p of patients(state, me)) {
      if (p.hp >= -1) return actionText("first-aid", p.id, "bind");
      if (p.bleeding) return actionText("first-aid", p.id, "stabilize");
    }
  }
  const pick = bestAttack(state, me);
  const block = blockValue(state, me);
  if (pick !== null) return block > pick.value ? "block" : attackText(pick);
  if (block > 0) return "block";
  const foe = nearestFoe(state, me);
  if (foe === undefined || !canMove(state, me)) return "pass";
  if (exposedTo(me, foe)) {
    // Nothing to do here but stand in its reach: step out of it if free steps can, and it can strike back from there.
    const to = positionSpot(me, foe, freeFor(me));
    if (to !== me.pos && !wouldBeExposed(me, foe, to)) return actionText("move", foe.id);
    return "pass";
  }
  const to = positionSpot(me, foe, freeFor(me) + stepsFor(state, me, 0));
  if (to === me.pos) return "pass";
  // A shooter holds its ground while the foe is in range: the foe is coming anyway.
  if (
    held.melee === null &&
    held.ranged !== null &&
    rangeAdjustment(held, distance(me, foe), foe) !== null
  )
    return "pass";
  return actionText("move", foe.id);
}

function foeNear(state: DooState, me: CombatantState, spaces: number): boolean {
  for (const c of state.combatants)
    if (c.side !== me.side && fighting(c) && distance(c, me) <= spaces) return true;
  return false;
}

function wouldBeExposed(me: CombatantState, foe: CombatantState, to: number): boolean {
  const w = wielded(foe);
  const d = to > foe.pos ? to - foe.pos : foe.pos - to;
  return w.melee !== null && d >= w.melee.reachMin && d <= w.melee.reachMax;
}
