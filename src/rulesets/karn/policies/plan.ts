// The initiative winner's plan (step 2) by expected hit points: every way to use its full
// actions (full strikes, halves, quarters, saved actions), each met by the defender's best
// response (response.ts), counterattacks included; the plan with the most expected damage
// dealt less damage taken wins. Plans are cached by everything they depend on. A badly hurt winner
// facing a healthier foe flees, and so does one whose side has lost the fight (prospects.ts); one
// whose weapon lies at its feet picks it up first.
import { digit, ListMemo } from "../../../engine/memo.js";
import { conditionPenalty } from "../procedures/conditions.js";
import { FORM_SLOTS, STRIKE_FORMS, formPlans, type StrikeForm } from "../procedures/forms.js";
import { foesOf, type Act, type DefenceType } from "../procedures/melee-types.js";
import type { ActionSituation } from "../procedures/situations.js";
import { DROPPED, FLUNG, type Fighter, type KarnState } from "../state.js";
import {
  bestAttack,
  bestBlockOrParry,
  defenderView,
  expectedStrikeModifier,
  preferredFoe,
  attackValue,
} from "./estimates.js";
import { attackStatesId, profileId, switchId } from "./ids.js";
import { memoOf } from "./memo.js";
import { friendOut, sideOutmatched } from "./prospects.js";
import {
  counterPlans,
  hpBucket,
  incomingValue,
  solve,
  weights,
  type CounterModel,
  type DefenderView,
  type Incoming,
  type Response,
} from "./response.js";

/** A winner's plan: the answers to its action questions, and what it foresees. */
export interface Plan {
  readonly forms: readonly string[];
  /** The foe it strikes at, and with which attack (-1: none). */
  readonly target: Fighter | null;
  readonly attack: number;
  /** The target's best response to the plan's strikes, as the defender's policy works it out. */
  readonly response: Response | null;
}

interface Best {
  readonly forms: StrikeForm[];
  readonly value: number;
  readonly response: Response | null;
}

/**
 * Plans by winner profile, winner state, target profile, target state, then switches, attack,
 * actions and whether the target counters: the oldest leave first past 50,000 (engine/memo.ts).
 */
const planCache = new ListMemo<Best>(50_000);

/**
 * What a fighter's plan depends on besides its profile, as one number of checked digits
 * (engine/memo.ts): each attack's state in hand (4 states), each attack's and the shield's
 * untrained penalty (-1 not asked yet, 0 to 15), the condition penalty,
 * armour left and the health bucket. A profile fixes the number of attacks, so keys of one profile
 * never differ in length; past five attacks the attacks' digits would leave the safe integers, and
 * they are then one interned id (ids.ts).
 */
export function dynamicCode(state: KarnState, f: Fighter): number {
  let code = 0;
  if (f.held.length <= PACKED_ATTACKS) {
    for (let i = 0; i < f.held.length; i += 1) code = digit(code, f.held[i]!, 4);
    for (let i = 0; i < f.untrainedPenalty.length; i += 1)
      code = digit(code, f.untrainedPenalty[i]! + 1, 17);
  } else code = attackStatesId(f.held, f.untrainedPenalty);
  code = digit(code, conditionPenalty(state, f), 1024);
  code = digit(code, f.armourHp > 0 ? 1 : 0, 2);
  return digit(code, hpBucket(f.hp), 64);
}

/** Attacks whose states pack into one key with the others (4^5 * 17^6 * 1024 * 2 * 64 < 2^53). */
const PACKED_ATTACKS = 5;

/**
 * How a winner plans: it flees at 1/`fleeBelow` of its hit points or less (0: never), or from a
 * fight its side has lost, once a friend is out of it, when its foes are `lostAt` times
 * as strong (0: never); and it keeps saved actions against a foe that counters, or plans as if
 * none would (`counters` false).
 */
export interface PlanStyle {
  readonly fleeBelow: number;
  readonly lostAt: number;
  readonly counters: boolean;
}

export const STEADY: PlanStyle = { fleeBelow: 4, lostAt: 2.5, counters: true };
/** Flees at half its hit points, or from foes twice as strong. */
export const CAUTIOUS: PlanStyle = { fleeBelow: 2, lostAt: 2, counters: true };
/** Never flees, and keeps nothing back for counterattacks. */
export const RECKLESS: PlanStyle = { fleeBelow: 0, lostAt: 0, counters: false };

/**
 * Should a combatant flee (Fleeing Combat)? Badly hurt (by `style`), against a foe in better
 * shape; or, once the fight has told on its side (a friend out of it: a side came for this fight,
 * and one on one it is the first rule alone), when its foes are `lostAt` times as strong as its
 * side (prospects.ts): a fight it all but loses, where getting away alive is worth more than
 * staying.
 */
export function wantsToFlee(
  state: KarnState,
  w: Fighter,
  foe: Fighter,
  style: PlanStyle = STEADY,
): boolean {
  const below = style.fleeBelow;
  if (below > 0 && w.hp * below <= w.maxHp && foe.hp * 2 > foe.maxHp) return true;
  const lostAt = style.lostAt;
  return lostAt > 0 && friendOut(state, w) && sideOutmatched(state, w) >= lostAt;
}

function saves(n: number): Plan {
  const forms: string[] = [];
  for (let i = 0; i < n; i += 1) forms.push("save");
  return { forms, target: null, attack: -1, response: null };
}

/** The winner's plan (answers to action-1 ... action-n, and what it foresees). */
export function winnerPlan(state: KarnState, w: Act, style: PlanStyle = STEADY): Plan {
  const f = w.f;
  const foes = foesOf(w).filter((a) => a.f.status === "fighting");
  if (foes.length === 0) return saves(f.actions);
  const target = preferredFoe(state, w, foes);
  const countered = style.counters && countersMe(w, target);
  if (wantsToFlee(state, f, target.f, style))
    return { forms: ["flee"], target: null, attack: -1, response: null };
  let a = bestAttack(state, f, target.f);
  // A weapon at its feet better than anything in hand: pick it up first.
  for (let i = 0; i < f.attacks.length; i += 1) {
    if (f.held[i] !== DROPPED) continue;
    const inHand = a < 0 ? 0 : attackValue(state, f, a, target.f);
    if (attackValue(state, f, i, target.f) > inHand + 0.05) {
      a = i;
      const best = bestForms(state, f, a, target.f, f.actions - 1, countered);
      return {
        forms: [`pick-up:${f.attacks[i]!.key}`, ...best.forms],
        target: target.f,
        attack: a,
        response: best.response,
      };
    }
  }
  if (a < 0) {
    const flung = f.held.indexOf(FLUNG);
    if (flung >= 0)
      return {
        forms: [`retrieve:${f.attacks[flung]!.key}`],
        target: null,
        attack: -1,
        response: null,
      };
    return saves(f.actions);
  }
  const best = bestForms(state, f, a, target.f, f.actions, countered);
  return { forms: best.forms, target: target.f, attack: a, response: best.response };
}

const NONE: Best = { forms: [], value: 0, response: null };

/**
 * Whether `target` would counterattack winner `w`: it has the counterstrike skill, and it does not
 * face another winner of the pairing (its counterattacks go at the winner it faces, as the
 * defender's policy has them). A gang's members it does not face need not save actions against it.
 */
function countersMe(w: Act, target: Act): boolean {
  if (!target.f.counterstrike) return false;
  const faced = w.pairing.winners.find((x) => x.f.index === target.f.facing);
  return faced === undefined || faced === w || faced.f.status !== "fighting";
}

function bestForms(
  state: KarnState,
  f: Fighter,
  a: number,
  t: Fighter,
  n: number,
  countered: boolean,
): Best {
  if (n <= 0) return NONE;
  return planCache
    .begin()
    .add(profileId(f.profile))
    .add(dynamicCode(state, f))
    .add(profileId(t.profile))
    .add(dynamicCode(state, t))
    .add(switchId(state.switches))
    .add(a)
    .add(n)
    .add(countered ? 1 : 0)
    .get(() => computeBest(state, f, a, t, n, countered));
}

function computeBest(
  state: KarnState,
  f: Fighter,
  a: number,
  t: Fighter,
  n: number,
  countered: boolean,
): Best {
  const sw = state.switches;
  const view = defenderView(state, t);
  const attack = f.attacks[a]!;
  const modifier = expectedStrikeModifier(state, f, a);
  const ta = bestAttack(state, t, f);
  const mine = weights(f, t);
  const theirs = weights(t, f);
  // rows[sizeIndex]: a strike of that size against no defence, then a full, half, quarter one.
  const rows: Float64Array[] = [];
  const dodges: number[] = [];
  let type: DefenceType | null = null;
  for (const size of [4, 2, 1] as const) {
    const s: Incoming = { by: f, attack, size, modifier };
    type = bestTypeAgainst(view, s);
    const row = new Float64Array(4);
    row[0] = incomingValue(sw, view, s, null, 0, 0);
    for (let j = 0; j < 3; j += 1) {
      row[j + 1] = type === null ? Infinity : incomingValue(sw, view, s, type, SIZE_ORDER[j]!, 0);
    }
    rows.push(row);
    dodges.push(view.dodge === null ? -1 : incomingValue(sw, view, s, "dodge", 4, 0));
  }
  const forms = countered ? STRIKE_FORMS : NO_SAVES;
  let best: StrikeForm[] = [];
  let bestValue = -Infinity;
  let bestResponse: Response | null = null;
  for (const plan of formPlans(n, forms)) {
    const sizes: number[] = [];
    let saved = 0;
    for (const form of plan) {
      for (const slot of FORM_SLOTS[form]) {
        if (slot.save) saved += slot.size;
        else sizes.push(slot.size);
      }
    }
    const values = new Float64Array(sizes.length * 4);
    const types: (DefenceType | null)[] = [];
    let dodge = view.dodge === null ? -1 : 0;
    sizes.forEach((size, i) => {
      const row = rows[size === 4 ? 0 : size === 2 ? 1 : 2]!;
      values.set(row, i * 4);
      types.push(type);
      if (dodge >= 0) dodge += dodges[size === 4 ? 0 : size === 2 ? 1 : 2]!;
    });
    const counter: CounterModel | null =
      countered && ta >= 0
        ? {
            by: t,
            target: f,
            attack: t.attacks[ta]!,
            modifier: expectedStrikeModifier(state, t, ta),
            targetSaved: saved,
            targetDefence: bestBlockOrParry(f),
            targetPenalty: conditionPenalty(state, f),
          }
        : null;
    const plans = counter === null ? null : counterPlans(sw, counter, t.actions * 4);
    const r = solve(values, types, t.actions * 4, plans, dodge, theirs);
    const value = r.taken * mine.dealt - r.dealt * mine.taken;
    if (value > bestValue + 1e-9) {
      bestValue = value;
      best = plan;
      bestResponse = r;
    }
  }
  return { forms: best, value: bestValue, response: bestResponse };
}

const SIZE_ORDER = [4, 2, 1] as const;
const NO_SAVES: readonly StrikeForm[] = STRIKE_FORMS.filter((f) => !f.includes("save"));

function bestTypeAgainst(d: DefenderView, s: Incoming): DefenceType | null {
  if (s.attack.ranged) return null;
  if (d.block === null) return d.parry === null ? null : "parry";
  if (d.parry === null) return "block";
  return d.parry > d.block ? "parry" : "block";
}

/**
 * The answer to "action-<i+1>": the plan's form for that full action, the plan worked out at the
 * first action question asked and kept for the others; a saved action when it may not strike.
 */
export function chooseForm(
  { state, w, i, strikes }: ActionSituation,
  style: PlanStyle = STEADY,
): string {
  const m = memoOf(w);
  if (m.plan === null) {
    m.plan = winnerPlan(state, w, style);
    m.planFromFirst = i === 0;
  }
  const v = m.plan.forms[i] ?? "save";
  return strikes || !(STRIKE_FORMS as readonly string[]).includes(v) ? v : "save";
}
