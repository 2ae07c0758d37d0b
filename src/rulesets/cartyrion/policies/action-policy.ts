// The default tactic for a combatant's action: what a sensible player (or the GM for a monster)
// would do. In order: withdraw when the next round would likely take it out and it cannot finish
// a foe first; otherwise the attack with the best expected progress (a sneak attack when the
// position allows, a Power Attack only to finish a foe or in desperation and never with the last
// weapon, a ranged shot from at least 10 ft); hide first when sneaking pays much better; reload,
// retrieve, parry when nothing can be attacked but a foe is coming; else close in.
import { DEFAULTS } from "../data/defaults.js";
import {
  actionText,
  approachNeeded,
  moveBudget,
  targetable,
  type Verb,
} from "../procedures/actions.js";
import { distance, meleeReach, nearestFoe, usable } from "../procedures/field.js";
import { canParryWithShield, canParryWithWeapon } from "../procedures/parry.js";
import {
  alreadyEngaged,
  closeEnoughFromConcealment,
  distracted,
} from "../procedures/sneak-attack.js";
import type { CartyrionState, CombatantState, WeaponState } from "../state.js";
import {
  afterParry,
  chanceToTakeOut,
  expectedDamage,
  progress,
  roughThreatTo,
  staying,
  threateners,
  threatens,
  threatTo,
} from "./estimates.js";

/** Holds or can draw a melee weapon, so bare hands need not be considered. */
function hasHandWeapon(me: CombatantState): boolean {
  for (const w of me.weapons) if (!w.natural && w.kind !== "ranged" && usable(w)) return true;
  return false;
}

/** Another weapon to fight with once this one breaks (not counting bare hands). */
function hasBackup(me: CombatantState, w: WeaponState): boolean {
  for (const x of me.weapons) if (x !== w && !x.natural && usable(x)) return true;
  return false;
}

function othersFighting(state: CartyrionState, me: CombatantState): number {
  let n = 0;
  for (const c of state.combatants)
    if (c !== me && c.side === me.side && c.status === "fighting") n += 1;
  return n;
}

function foesFighting(state: CartyrionState, me: CombatantState): number {
  let n = 0;
  for (const c of state.combatants) if (c.side !== me.side && c.status === "fighting") n += 1;
  return n;
}

/** Is a fighting foe within `feet` of `me`? */
function foeWithin(state: CartyrionState, me: CombatantState, feet: number): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const f = cs[i]!;
    if (f.side !== me.side && f.status === "fighting" && distance(f, me) <= feet) return true;
  }
  return false;
}

/** A combatant built for sneak attacks: a finesse or ranged weapon and a DEX or AWA edge. */
export function sneaky(me: CombatantState): boolean {
  return (
    me.weapons.some((w) => usable(w) && (w.finesse || w.kind === "ranged")) &&
    Math.max(me.dex, me.awa) >= 2
  );
}

/** The best option found so far, kept as parts so that only the winner becomes a string. */
interface Best {
  verb: Verb | "";
  target: string;
  weapon: string;
  back: boolean;
  score: number;
  /** The chance that the best option takes its target out. */
  kill: number;
}

function consider(
  best: Best,
  verb: Verb,
  t: CombatantState,
  w: WeaponState,
  back: boolean,
  score: number,
  kill: number,
): void {
  if (score > best.score) {
    best.score = score;
    best.kill = kill;
    best.verb = verb;
    best.target = t.id;
    best.weapon = w.id;
    best.back = back;
  }
}

function actionOf(best: Best): string {
  return best.verb === "" ? "" : actionText(best.verb, best.target, best.weapon, best.back);
}

/** The best attack available this turn (or a charge), scored by expected progress. */
/** Reused by every call (policies run one at a time): no allocation per decision. */
const best: Best = { verb: "", target: "", weapon: "", back: false, score: 0, kill: 0 };

function bestAttack(state: CartyrionState, me: CombatantState, desperate: boolean): Best {
  best.verb = "";
  best.target = "";
  best.weapon = "";
  best.back = false;
  best.score = 0;
  best.kill = 0;
  const budget = moveBudget(me);
  const myStaying = Math.max(1, staying(me));
  const lastFoe = foesFighting(state, me) === 1;
  const fists = hasHandWeapon(me);
  for (const t of state.combatants) {
    if (t.side === me.side || !targetable(me, t)) continue;
    const engaged = alreadyEngaged(me, t);
    const distractedNow = !engaged && distracted(state, me, t);
    for (const w of me.weapons) {
      if (!usable(w) || (fists && w.natural && w.die <= 4)) continue;
      let need = approachNeeded(me, t, w, budget);
      let charge = false;
      if (need < 0 && w.kind !== "ranged" && budget > 0) {
        need = approachNeeded(me, t, w, 2 * budget);
        charge = need >= 0;
      }
      if (need < 0) continue;
      // A withdrawing foe is let go unless it can be struck where it stands (no pursuit).
      if (t.withdrawing && need > 0) continue;
      const ranged = w.kind === "ranged";
      // Range Combat: a shot costs d4 stamina (halved with specialisation); with too little stamina
      // left the rest would be Direct Damage to the shooter, which must not be what kills it.
      const maxCost = w.specialised ? 2 : 4;
      if (
        ranged &&
        state.switches.exhaustedRangedCost === "injury" &&
        me.stamina < maxCost &&
        me.slots - me.injuries <= maxCost - me.stamina
      )
        continue;
      const rangedCost = ranged ? (w.specialised ? 1.5 : 2.5) / myStaying : 0;
      const normal =
        progress(state, t, afterParry(t, expectedDamage(state, me, t, w, "normal")), ranged) -
        rangedCost;
      const parried = t.parry !== "";
      // The chance to take the foe out is only needed to judge a Power Attack or a withdrawal.
      let killNormal = desperate && !parried ? chanceToTakeOut(state, me, t, w, "normal") : 0;
      if (charge) {
        consider(best, "charge", t, w, false, normal * 0.95, killNormal);
        continue;
      }
      const back = ranged && budget - need > 0 && foeWithin(state, me, DEFAULTS.rangedMinimum);
      consider(best, "attack", t, w, back, normal, killNormal);
      if (
        !engaged &&
        (distractedNow || (me.concealed && closeEnoughFromConcealment(state, me, t, w)))
      ) {
        const s =
          progress(state, t, afterParry(t, expectedDamage(state, me, t, w, "sneak")), true) -
          rangedCost;
        const kill = desperate && !parried ? chanceToTakeOut(state, me, t, w, "sneak") : 0;
        consider(best, "sneak", t, w, back, s, kill);
      }
      if (!w.natural && !parried && normal > 0.15 && (hasBackup(me, w) || lastFoe || desperate)) {
        const p = progress(state, t, expectedDamage(state, me, t, w, "power"), ranged) - rangedCost;
        // Only to finish the foe (or when nothing is left to lose): the weapon breaks.
        if (p >= 0.6) {
          const killPower = chanceToTakeOut(state, me, t, w, "power");
          if (!desperate && !parried && killPower >= 0.75)
            killNormal = chanceToTakeOut(state, me, t, w, "normal");
          if (
            (killPower >= 0.75 && killNormal < 0.5) ||
            (desperate && killPower > killNormal + 0.25)
          )
            consider(best, "power", t, w, false, p, killPower);
        }
      }
    }
  }
  return best;
}

/** The expected progress of the best sneak attack `me` could make on a distracted foe. */
function sneakPotential(state: CartyrionState, me: CombatantState): number {
  let best = 0;
  for (const t of state.combatants) {
    if (t.side === me.side || !targetable(me, t) || alreadyEngaged(me, t)) continue;
    for (const w of me.weapons) {
      if (!usable(w) || !(w.finesse || w.kind === "ranged")) continue;
      const s = progress(state, t, expectedDamage(state, me, t, w, "sneak"), true);
      if (s > best) best = s;
    }
  }
  return best;
}

function nearestTarget(
  state: CartyrionState,
  me: CombatantState,
  preferDistracted: boolean,
): CombatantState | undefined {
  let best: CombatantState | undefined;
  let bestKey = Infinity;
  for (const t of state.combatants) {
    if (t.side === me.side || !targetable(me, t) || t.withdrawing) continue;
    const key = distance(me, t) - (preferDistracted && distracted(state, me, t) ? 1000 : 0);
    if (key < bestKey) {
      best = t;
      bestKey = key;
    }
  }
  return best;
}

export function chooseAction(state: CartyrionState, me: CombatantState): string {
  const mine = staying(me);
  const threat = roughThreatTo(state, me) < mine ? 0 : threatTo(state, me);
  const desperate = threat >= mine;
  const best = bestAttack(state, me, desperate);
  const attack = actionOf(best);

  // Finishing the one foe that can reach it beats running; against several, running is better.
  if (desperate && moveBudget(me) > 0 && (best.kill < 0.6 || threateners > 1)) {
    // Withdraw when the next round would likely take it out and it cannot finish a foe first;
    // with friends still fighting and a shield that can take the blows, hold the line instead.
    if (othersFighting(state, me) > 0 && canParryWithShield(me) && me.shield!.left >= 2 * threat)
      return "parry:shield";
    return "withdraw";
  }
  if (me.heldBy !== "" && attack === "") return "break-free";

  // Sneak Attacks: hide first when a sneak attack would be worth far more than what is on offer.
  if (
    !me.concealed &&
    best.verb !== "sneak" &&
    state.cover &&
    othersFighting(state, me) > 0 &&
    sneaky(me)
  ) {
    const adjacentFoe = state.combatants.some(
      (f) => f.side !== me.side && f.status === "fighting" && distance(f, me) <= meleeReach(f),
    );
    if (!adjacentFoe && sneakPotential(state, me) >= 2 * Math.max(best.score, 0.01)) return "hide";
  }
  if (me.concealed && best.verb !== "sneak") {
    // Creep up on the nearest foe (a distracted one first), or on any foe when none can be seen.
    const t = nearestTarget(state, me, true) ?? nearestFoe(state, me);
    const stop = t !== undefined && t.concealed ? meleeReach(me) : meleeReach(me) + 5;
    if (t !== undefined && distance(me, t) > stop && moveBudget(me) > 0)
      return actionText("advance", t.id, "", false);
  }
  if (attack !== "" && best.score > 0) return attack;

  const foeClose = foeWithin(state, me, DEFAULTS.rangedMinimum - 1);
  for (const w of me.weapons) {
    if (
      w.reload &&
      !w.loaded &&
      w.carried !== "broken" &&
      w.carried !== "ground" &&
      w.carried !== "pack" &&
      !foeClose
    )
      return actionText("reload", w.id, "", false);
  }
  if (!me.weapons.some((w) => !w.natural && usable(w)) && !foeClose) {
    const lost = me.weapons.find(
      (w) => (w.carried === "pack" || w.carried === "ground") && w.count > 0,
    );
    if (lost !== undefined) return actionText("retrieve", lost.id, "", false);
  }
  const coming = state.combatants.some(
    (f) => f.side !== me.side && f.status === "fighting" && !f.withdrawing && threatens(f, me),
  );
  if (coming && attack === "") {
    if (canParryWithShield(me)) return "parry:shield";
    if (canParryWithWeapon(me)) return "parry:weapon";
  }
  if (attack !== "") return attack;
  const t = nearestTarget(state, me, false);
  if (t !== undefined && moveBudget(me) > 0 && distance(me, t) > 5) {
    return actionText(
      distance(me, t) - meleeReach(me) > moveBudget(me) ? "dash" : "advance",
      t.id,
      "",
      false,
    );
  }
  return "wait";
}
