// A round's movement and the action that follows it (Movement and Actions, core rules). In a round
// a character may use its free steps, then take one movement, then one action, in that order (the
// Combat Reference's Action Phase), all within the round's AP limit (switch roundApLimit). An
// answer "<movement>+<action>" names both; this module says which pairs the rules allow, where the
// movement takes the character and what it costs, so that the listed choices, the policy and the
// round itself agree:
//
// - steps (move:<foe>, away:<foe>, withdraw: free steps first, then 1 AP a space, at most 3), then
//   an action that has no movement of its own: a Shield Block, resetting a crossbow, readying a
//   carried weapon, casting, a flop (switch flop: "action", the Core Actions Table's "May be used
//   after any movement"), using an item or recovering. Those last two cost 3 AP "and nothing
//   else": only free steps come before them (switch freeStepsBeforeOnly). An attack, first aid and
//   picking up a weapon from another space take their own steps, so one answer is both.
// - drop (1 AP, "May be followed by an Action"), or a flop that is a movement (switch flop), then
//   any action but the 3-AP ones, an attack included; free steps come first, on the way to it.
// - rise (2 AP, "2/Only"), then an action only with switch riseThenAction.
import { AP } from "../data/rules.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import {
  affords,
  needsReset,
  outOfSight,
  readyable,
  resetCost,
  shootWeapon,
  strikeWeapons,
  type Action,
  type Verb,
} from "./actions.js";
import { find, fighting, inMeleeReach, rangeAdjustment, shieldInUse, wielded } from "./derived.js";
import {
  attackSpot,
  awaySpot,
  budgetFor,
  freeFor,
  NONE,
  positionSpot,
  withdrawSpot,
  type Budget,
} from "./movement.js";

/** Actions that cost 3 AP and nothing else that round (Core Actions Table: "3/Only"). */
export function onlyAction(verb: Verb): boolean {
  return verb === "use-item" || verb === "first-aid" || verb === "recover";
}

/** The AP `me` pays for action `a` itself (not its steps), or null when `a` is no action. */
export function actionCost(state: DooState, me: CombatantState, a: Action): number | null {
  switch (a.verb) {
    case "attack":
    case "strike":
    case "shoot":
      return AP.attack;
    case "block":
      return AP.block;
    case "reset":
      return resetCost(me, wielded(me));
    case "ready":
      return AP.ready;
    case "cast":
      return AP.cast;
    case "flop":
      return state.switches.flop === "action" ? AP.flop : null;
    case "use-item":
      return AP.useItem;
    case "first-aid":
      return AP.firstAid;
    case "recover":
      return AP.recover;
    case "move":
    case "away":
    case "withdraw":
    case "drop":
    case "rise":
    case "pass":
      return null;
  }
}

/** The free steps and steps a movement may take before an action of `cost`. */
export function budgetBefore(
  state: DooState,
  me: CombatantState,
  cost: number,
  only: boolean,
): Budget {
  if (!only) return budgetFor(state, me, cost);
  return state.switches.freeStepsBeforeOnly ? budgetFor(state, me, cost, true) : NONE;
}

/** The weapon `me` fights with once action `a` is done: the one it readies, else the one in hand. */
export function fightsWith(me: CombatantState, a: Action | null): WeaponState {
  if (a !== null && a.verb === "ready") {
    const w = me.steady.weapons.find((x) => x.id === a.target);
    if (w !== undefined) return w;
  }
  return wielded(me);
}

function foe(state: DooState, me: CombatantState, id: string): CombatantState | null {
  const t = find(state, id);
  return t !== undefined && t.side !== me.side && fighting(t) ? t : null;
}

/**
 * Where steps (`move:<foe>`, `away:<foe>`, `withdraw`) within `budget` take `me`, fighting with `w`
 * afterwards; null when they take it nowhere. `away` is only where it differs from `move`: the
 * same spot is one answer, `move`.
 */
export function stepSpot(
  state: DooState,
  me: CombatantState,
  lead: Action,
  budget: Budget,
  w: WeaponState,
): number | null {
  if (budget.free + budget.steps === 0) return null;
  if (lead.verb === "withdraw") {
    const to = withdrawSpot(state, me, budget);
    return to === me.pos ? null : to;
  }
  if (lead.verb !== "move" && lead.verb !== "away") return null;
  const t = foe(state, me, lead.target);
  if (t === null) return null;
  const position = positionSpot(me, t, budget, w);
  if (lead.verb === "move") return position === me.pos ? null : position;
  const to = awaySpot(me, t, budget);
  return to === null || to === me.pos || to === position ? null : to;
}

/** Can `me` take action `a` (not its own steps) standing at `pos`, prone or not? */
function actionAt(
  state: DooState,
  me: CombatantState,
  a: Action,
  pos: number,
  prone: boolean,
): boolean {
  switch (a.verb) {
    case "strike": {
      const t = foe(state, me, a.target);
      const w = strikeWeapons(me).find((x) => x.id === a.item);
      return (
        t !== null &&
        w !== undefined &&
        !outOfSight(state, pos, t) &&
        inMeleeReach(w, distanceTo(pos, t))
      );
    }
    case "shoot": {
      const t = foe(state, me, a.target);
      const w = shootWeapon(me);
      return (
        t !== null &&
        w !== null &&
        w.id === a.item &&
        !outOfSight(state, pos, t) &&
        rangeAdjustment(w, distanceTo(pos, t), t) !== null
      );
    }
    case "block":
      return shieldInUse(me) && me.steady.sheet.shieldSkill && !me.steady.blocking;
    case "reset": {
      const w = wielded(me);
      return needsReset(w) && w.id === a.target;
    }
    case "ready": {
      const i = me.steady.weapons.findIndex((x) => x.id === a.target);
      return i >= 0 && readyable(me, me.steady.weapons[i]!, i, pos);
    }
    case "cast": {
      const t = find(state, a.target);
      return me.steady.sheet.caster && t !== undefined && t.status !== "dead";
    }
    case "flop":
      return state.switches.flop === "action" && !prone;
    case "use-item":
      return true;
    case "recover":
      return me.steady.sheet.caster;
    case "attack":
    case "first-aid":
    case "move":
    case "away":
    case "withdraw":
    case "drop":
    case "rise":
    case "pass":
      return false;
  }
}

function distanceTo(pos: number, t: CombatantState): number {
  return pos > t.pos ? pos - t.pos : t.pos - pos;
}

/** The AP of a movement that is not steps (drop 1, rise 2, a flop 0), or null when it cannot lead. */
function leadAp(state: DooState, me: CombatantState, verb: Verb): number | null {
  if (verb === "drop") return me.prone ? null : AP.drop;
  if (verb === "flop") return me.prone || state.switches.flop !== "movement" ? null : AP.flop;
  if (verb === "rise") return me.prone && state.switches.riseThenAction ? AP.rise : null;
  return null;
}

/** Where an attack after a drop or a flop is made from: free steps only, taken before it. */
function attackFrom(state: DooState, me: CombatantState, a: Action): number | null {
  const t = foe(state, me, a.target);
  const w = a.verb === "strike" ? strikeWeapons(me).find((x) => x.id === a.item) : shootWeapon(me);
  if (t === null || w === undefined || w === null) return null;
  return attackSpot(me, t, w, a.verb === "strike" ? "melee" : "ranged", freeFor(me), 0);
}

/** A movement and its action as the round takes them. */
export interface PairPlan {
  /** Where `me` stands when it acts. */
  readonly to: number;
  /** AP of the movement besides steps: drop 1, rise 2, a flop 0 (steps: 0, paid as they are taken). */
  readonly moveAp: number;
}

/** How `me` takes movement `lead` and then action `act` this round, or null when the rules forbid it. */
export function planPair(
  state: DooState,
  me: CombatantState,
  lead: Action,
  act: Action,
): PairPlan | null {
  const cost = actionCost(state, me, act);
  if (cost === null) return null;
  const only = onlyAction(act.verb);
  if (lead.verb === "move" || lead.verb === "away" || lead.verb === "withdraw") {
    if (act.verb === "strike" || act.verb === "shoot" || !affords(state, me, cost)) return null;
    const to = stepSpot(state, me, lead, budgetBefore(state, me, cost, only), fightsWith(me, act));
    return to !== null && actionAt(state, me, act, to, me.prone) ? { to, moveAp: 0 } : null;
  }
  const moveAp = leadAp(state, me, lead.verb);
  if (moveAp === null || only || !affords(state, me, moveAp + cost)) return null;
  const attack = act.verb === "strike" || act.verb === "shoot";
  const to = attack && lead.verb !== "rise" ? attackFrom(state, me, act) : me.pos;
  if (to === null || !actionAt(state, me, act, to, lead.verb !== "rise")) return null;
  return { to, moveAp };
}
