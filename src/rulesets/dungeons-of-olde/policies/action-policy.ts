// The default tactic for a round of the action phase: what a sensible fighter does with its action
// points. It stands up when knocked down, withdraws from a lost fight when it can get away (once
// the fight has told on its side, hurting or taking out one of it, and the foes are `withdrawAt`
// times as strong: prospects.ts; out of every foe's reach beside a friend, before that too, at
// `OUT_OF_REACH_SHARE` of it), takes up a weapon when it has none in hand (or a melee
// weapon when a foe is at its elbow and it holds a bow), first stepping toward its foe when the
// weapon could not attack it in the next round from where it stands, or stepping to a weapon on
// the ground to pick it up; it resets an empty crossbow (first stepping back out of the reach of a
// foe at its elbow), binds a dying friend when no foe is near (with the Healing skill it takes its
// free steps to one a little farther off), and otherwise weighs its best attack (stepping into
// reach first if need be) against a Shield Block: the attack's expected HP taken off its target
// (as a share of the target's HP left) against the HP the block is expected to save from the
// foes' melee attacks still to come this turn (as a share of its own). When it blocks, it steps
// back out of reach first if that keeps clearly more blows off. With nothing in reach it closes on
// the nearest foe; when the AP left would buy no attack this turn it raises its shield on the way,
// or holds where it stands when a foe could still strike it there this turn. It
// never drops, flops, casts, uses an item or recovers. `blockWeight` weighs the HP a block saves
// against those an attack takes: 1 (steady, the default), 2 (cautious), 0 (reckless: it never
// blocks); `withdrawAt` is 2.5 (steady), 2 (cautious) or never (reckless).
import { AP } from "../data/rules.js";
import {
  actionText,
  affords,
  canBlock,
  canMove,
  firstAidCheck,
  needsReset,
  pairText,
  parseAction,
  patients,
  pickUpSpot,
  readyable,
  resetCost,
} from "../procedures/actions.js";
import { budgetBefore, planPair } from "../procedures/combination.js";
import {
  distance,
  fighting,
  inMeleeReach,
  rangeAdjustment,
  wielded,
} from "../procedures/derived.js";
import {
  awaySpot,
  exposedTo,
  freeFor,
  positionSpot,
  stepCost,
  stepsFor,
} from "../procedures/movement.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { attackText, bestAttack, STEP_COST, type AttackPick } from "../procedures/best-attack.js";
import { canGetAway, hasFriend, inFoesReach, outmatched, sideHurt } from "./prospects.js";
import { blockValue, threat } from "./threat.js";

export { blockValue };

/**
 * Readying a weapon `want` accepts: one carried or lying where `me` stands, or one its steps reach
 * (it picks that up on the way). A carried one is drawn after taking position against `foe` when
 * it could not attack `foe` with it in the next round from where it stands. null when there is none.
 */
function readyAction(
  state: DooState,
  me: CombatantState,
  foe: CombatantState | undefined,
  want: (w: WeaponState) => boolean,
): string | null {
  for (let i = 0; i < me.steady.weapons.length; i += 1) {
    const w = me.steady.weapons[i]!;
    if (!want(w)) continue;
    if (readyable(me, w, i)) {
      const ready = actionText("ready", w.id);
      if (foe === undefined || w.where !== "carried" || strikesNextRound(state, me, w, foe))
        return ready;
      const move = actionText("move", foe.id);
      return planPair(state, me, parseAction(move)!.first, parseAction(ready)!.first) === null
        ? ready
        : pairText(move, ready);
    }
    if (w.where === "ground" && pickUpSpot(state, me, i) !== null) return actionText("ready", w.id);
  }
  return null;
}

/**
 * Could `me`, once it has readied `w` where it stands, attack `foe` with it in the next round:
 * in range, or in melee reach with the free steps and the steps its AP leave for that round?
 */
function strikesNextRound(
  state: DooState,
  me: CombatantState,
  w: WeaponState,
  foe: CombatantState,
): boolean {
  const d = distance(me, foe);
  if (w.melee === null) return rangeAdjustment(w, d, foe) !== null;
  const m = w.melee;
  const limit = state.switches.roundApLimit === 0 ? Infinity : state.switches.roundApLimit;
  const steps = Math.min(AP.stepMax, me.ap - AP.ready - AP.attack, limit - AP.attack);
  const need = d > m.reachMax ? d - m.reachMax : d < m.reachMin ? m.reachMin - d : 0;
  return need <= freeFor(me) + (steps > 0 ? steps : 0);
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

/** How much the HP a Shield Block saves weigh against the HP an attack takes. */
export const BLOCK_WEIGHT = { steady: 1, cautious: 2, reckless: 0 } as const;

/**
 * How outmatched its side is (prospects.ts: the foes' strength over its own) when a character
 * withdraws from the fight; the reckless never do.
 */
export const WITHDRAW_AT = { steady: 2.5, cautious: 2, reckless: Infinity } as const;

/**
 * Out of every foe's reach, with a friend still fighting, a character takes its fight for lost at
 * this share of `withdrawAt`, whether the fight has told on its side or not.
 */
export const OUT_OF_REACH_SHARE = 0.8;

/**
 * Is `me`'s fight lost, and can it get away? Once the fight has told on its side, when the foes
 * are `withdrawAt` times as strong and it can get away (prospects.ts). While no foe has it in
 * reach and a friend still fights, also at `OUT_OF_REACH_SHARE` of that, before the fight has told
 * on its side too, a foe with that friend as near it counting as gone for the friend: a fight lost
 * before the foe is in reach (Fray's default, after the ambush's audit: docs/tactics.md). One
 * alone (the duels, the ogre of the Crossbows worked example) keeps the first rule.
 */
function fightLost(state: DooState, me: CombatantState, withdrawAt: number): boolean {
  const apart = hasFriend(state, me) && !inFoesReach(state, me);
  if (!apart && !sideHurt(state, me)) return false;
  const at = apart ? withdrawAt * OUT_OF_REACH_SHARE : withdrawAt;
  return canGetAway(state, me, apart) && outmatched(state, me) >= at;
}

/** The policy's answer to `me`'s action decision this round. */
export function chooseAction(
  state: DooState,
  me: CombatantState,
  blockWeight: number = BLOCK_WEIGHT.steady,
  withdrawAt: number = WITHDRAW_AT.steady,
): string {
  if (me.prone) {
    if (affords(state, me, AP.rise)) return "rise";
    const pick = bestAttack(state, me);
    return pick === null ? "pass" : attackText(pick);
  }
  // A fight gone against its side (one of it hurt or out, and the foes outmatching it: prospects.ts)
  // is lost: it withdraws when it can get away (Fray's default escape, data/rules.ts: far enough
  // from every foe at the end of a turn in which it withdrew, it has left the fight); a foe as fast
  // with nobody else to fight would only follow. Before the first blow tells, it stands: nobody
  // walks away from a fight unhurt. An exchange is no whole fight to leave.
  if (
    withdrawAt !== Infinity &&
    state.exchange === null &&
    canMove(state, me) &&
    fightLost(state, me, withdrawAt)
  )
    return "withdraw";
  const held = wielded(me);
  if (affords(state, me, AP.ready)) {
    // Empty-handed with a weapon to hand, or a bow in hand with a foe at the elbow.
    if (held.natural) {
      // A melee weapon when a foe is close, a ranged one when none is; else whatever is to hand.
      const close = foeNear(state, me, 3);
      const foe = nearestFoe(state, me);
      const r =
        readyAction(state, me, foe, (w) => (close ? w.melee !== null : w.ranged !== null)) ??
        readyAction(state, me, foe, () => true);
      if (r !== null) return r;
    } else if (held.melee === null && foeAtElbow(state, me)) {
      const r = readyAction(state, me, undefined, (w) => w.melee !== null);
      if (r !== null) return r;
    }
  }
  if (needsReset(held) && affords(state, me, resetCost(me, held))) {
    const reset = actionText("reset", held.id);
    if (!foeAtElbow(state, me)) return reset;
    // Move and reload: out of reach of the foe at its elbow with the steps the reset leaves.
    const move = actionText("move", nearestFoe(state, me)!.id);
    const plan = planPair(state, me, parseAction(move)!.first, parseAction(reset)!.first);
    if (plan !== null && !threatenedAt(state, me, plan.to)) return pairText(move, reset);
  }
  const pick = bestAttack(state, me);
  if (affords(state, me, AP.firstAid) && !foeNear(state, me, 2)) {
    // While a foe can be attacked, a round (3 AP) goes to first aid only when the check is more
    // likely than not to succeed, or the friend would bleed to death within two turns.
    const likely = firstAidCheck(me).dist().p(1) >= 0.5;
    for (const p of patients(state, me)) {
      // Free steps to a patient only with the Healing skill, and no foe within 2 spaces of it.
      if (distance(me, p) > 1 && (!me.steady.sheet.healing || foeNear(state, p, 2))) continue;
      if (pick !== null && !likely && !(p.steady.bleeding && p.hp - 2 <= -p.steady.sheet.maxHp))
        continue;
      if (p.hp >= -1) return actionText("first-aid", p.id, "bind");
      if (p.steady.bleeding) return actionText("first-aid", p.id, "stabilize");
    }
  }
  const block = blockValue(state, me);
  const weighed = blockWeight * block;
  if (pick !== null && waitsFor(state, me, pick)) return "pass";
  if (pick !== null) return weighed > pick.value ? blockAnswer(state, me, block) : attackText(pick);
  if (weighed > 0) return blockAnswer(state, me, block);
  const foe = nearestFoe(state, me);
  if (foe === undefined || !canMove(state, me)) return "pass";
  if (exposedTo(me, foe)) {
    // Nothing to do here but stand in its reach: step out of it if free steps can, and it can
    // strike back from there; AP that buy no attack this turn pay for steps too (the reset phase
    // sets them anew: Turns and Phases, core rules).
    const spare = me.ap < AP.attack ? stepsFor(state, me, 0) : 0;
    const to = positionSpot(me, foe, freeFor(me) + spare);
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
  const move = actionText("move", foe.id);
  if (me.ap - stepCost(me, Math.abs(to - me.pos)) >= AP.attack) return move;
  // Closing in with AP that would buy no attack this turn: a Shield Block on the way if it saves
  // HP there. Else, when a foe can still strike it there this turn, it holds: the move would buy
  // no blow of its own, and its free steps kept can take it back out of reach after the foe's
  // first blow (free steps and AP are set anew at the reset phase: Turns and Phases).
  if (blockWeight > 0 && canBlock(state, me)) {
    const plan = planPair(state, me, parseAction(move)!.first, BLOCK);
    if (plan !== null && threat(state, me, plan.to, 0) > threat(state, me, plan.to, AP.blockBonus))
      return pairText(move, "block");
  }
  const there = threat(state, me, to, 0);
  return there > 0 && there >= threat(state, me, me.pos, 0) ? "pass" : move;
}

const BLOCK = parseAction("block")!.first;

/**
 * Lets the foe come: instead of stepping into reach to strike `pick`'s target, `me` keeps its AP
 * and free steps this round when every foe holds a melee weapon and none can strike it without
 * moving, and that target, with
 * fewer AP (it acts after `me` in every round, and so never waits in turn), can step into reach
 * and attack this round. It then spends its free steps and AP coming, and `me` strikes with all
 * of its own in the rounds after. A target whose AP buy no attack this turn does not come (it holds
 * where `me` could strike it: see chooseAction's closing in), so waiting for it wastes the turn.
 */
function waitsFor(state: DooState, me: CombatantState, pick: AttackPick): boolean {
  const t = pick.target;
  if (pick.kind !== "melee" || pick.pos === me.pos || t.ap >= me.ap || t.ap < AP.attack)
    return false;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.side === me.side || !fighting(c)) continue;
    if (exposedTo(me, c) || wielded(c).melee === null) return false;
  }
  const w = wielded(t);
  if (w.melee === null) return false;
  const gap = distance(me, t) - w.melee.reachMax;
  return gap > 0 && gap <= freeFor(t) + stepsFor(state, t, AP.attack);
}

/** A stepped-back block is taken only when it is worth this much more than a block where it stands. */
const STEP_BACK_MARGIN = 0.02;

/**
 * A Shield Block worth `saved` where `me` stands, or first a step back out of the reach of the
 * nearest foe that has it in reach, when the foes' blows still to come (their steps paid) are
 * expected to take clearly less off it there.
 */
function blockAnswer(state: DooState, me: CombatantState, saved: number): string {
  const foe = nearestExposing(state, me);
  if (foe === undefined) return "block";
  const budget = budgetBefore(state, me, AP.block, false);
  const to = awaySpot(me, foe, budget);
  if (to === null) return "block";
  const hp = me.hp > 1 ? me.hp : 1;
  const backed =
    (threat(state, me, me.pos, 0) - threat(state, me, to, AP.blockBonus)) / hp -
    stepCost(me, Math.abs(to - me.pos)) * STEP_COST;
  if (backed <= saved + STEP_BACK_MARGIN) return "block";
  const lead = positionSpot(me, foe, budget) === to ? "move" : "away";
  return pairText(actionText(lead, foe.id), "block");
}

/** The nearest foe whose weapon in hand has `me` in reach. */
function nearestExposing(state: DooState, me: CombatantState): CombatantState | undefined {
  let best: CombatantState | undefined;
  for (const c of state.combatants) {
    if (c.side === me.side || !exposedTo(me, c)) continue;
    if (best === undefined || distance(me, c) < distance(me, best)) best = c;
  }
  return best;
}

/** Would `me` at `pos` be within 1 space of a foe, or in the reach of one's weapon in hand? */
function threatenedAt(state: DooState, me: CombatantState, pos: number): boolean {
  for (const c of state.combatants) {
    if (c.side === me.side || !fighting(c)) continue;
    const d = c.pos > pos ? c.pos - pos : pos - c.pos;
    if (d <= 1 || inMeleeReach(wielded(c), d)) return true;
  }
  return false;
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
