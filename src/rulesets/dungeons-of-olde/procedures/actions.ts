// What a character can do in one round of the action phase (Movement and Actions, core rules;
// Crossbows; Shields), as the answers of its "action-<n>" decision: short strings
// "verb[:target[:item]]", or a movement and the action that follows it, "<movement>+<action>".
// A round is free steps, then one movement, then one action, in that order (the Combat
// Reference); an attack, first aid and picking up a weapon from another space take their own
// movement (free steps first, then steps), so alone they already are "step, then act":
//
//   attack                 the best attack Fray finds (target, weapon, melee or ranged)
//   strike:<foe>:<weapon>  a melee attack, stepping into reach first if need be
//   shoot:<foe>:<weapon>   a ranged attack (shot or throw), stepping to a better range if need be
//   block                  Shield Block: +2 Defense against melee attacks until the reset phase
//   reset:<weapon>         reset a crossbow (1 AP by hand, 3 with a crank)
//   ready:<weapon>         draw a carried weapon, or pick one up (stepping to it if need be)
//   move:<foe>             take position against a foe: the nearest distance the weapon in hand
//                          (or the one the action readies) fights at, out of the foe's reach if
//                          there is one
//   away:<foe>             step back out of the reach of a foe's weapon in hand
//   withdraw               move away from the foes; far enough, it leaves the fight
//   rise | drop | flop     stand up (2 AP, nothing else that round: switch riseThenAction) | go
//                          prone (1 AP) | flop (0 AP; an action after any movement: switch flop)
//   first-aid:<ally>:stabilize|bind   (3 AP, nothing else that round; free steps to the ally
//                          first: switch freeStepsBeforeOnly)
//   use-item               (3 AP, nothing else that round; the GM rules its effect)
//   recover                (casters; 3 AP, nothing else that round: 2 Mana or Faith Points)
//   cast:<who>             (2 AP; a Savvy check, the GM rules its effect)
//   pass                   keep the action points for the next round
//
// and "<movement>+<action>" (procedures/combination.ts): move, away or withdraw, then block,
// reset, ready, cast, flop, use-item or recover (those two after free steps only); drop (or a flop
// that is a movement: switch flop), then strike, shoot, block, reset, ready or cast; rise, then
// one of those (switch riseThenAction).
import { answerParts, answerText, cachedReader } from "../../../engine/answer-text.js";
import type { RollSpec } from "../../../engine/choice.js";
import { AP, COVER, DEFAULTS } from "../data/rules.js";
import { checkRoll } from "../dice/specs.js";
import { NORMAL } from "../dice/stat-die.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import {
  bareHandsWeapon,
  distance,
  fighting,
  lineOfSight,
  shieldInUse,
  wielded,
  type AttackKind,
} from "./derived.js";
import { attackSpot, freeFor, spotAt, stepsFor, type Budget } from "./movement.js";

export const VERBS = [
  "attack",
  "strike",
  "shoot",
  "block",
  "reset",
  "ready",
  "move",
  "away",
  "withdraw",
  "rise",
  "drop",
  "flop",
  "first-aid",
  "use-item",
  "recover",
  "cast",
  "pass",
] as const;
export type Verb = (typeof VERBS)[number];

export interface Action {
  readonly verb: Verb;
  readonly target: string;
  readonly item: string;
}

/** A round's answer: one action or movement, or a movement and then an action. */
export interface RoundAnswer {
  readonly first: Action;
  readonly then: Action | null;
}

const VERB_SET: ReadonlySet<string> = new Set(VERBS);

function parseOne(text: string): Action | null {
  const [verb, target, item] = answerParts(text);
  if (!VERB_SET.has(verb) || item.includes(":")) return null;
  return { verb: verb as Verb, target, item };
}

function parse(text: string): RoundAnswer | null {
  const plus = text.indexOf("+");
  const first = parseOne(plus < 0 ? text : text.slice(0, plus));
  if (first === null) return null;
  if (plus < 0) return { first, then: null };
  const then = parseOne(text.slice(plus + 1));
  return then === null ? null : { first, then };
}

/** Reads a round's answer; answers repeat a lot in simulation, so readings are cached. */
export const parseAction = cachedReader(parse, 4096);

/** The answer "verb:target:item", interned so that reading it back hits the parse cache. */
export function actionText(verb: Verb, target = "", item = ""): string {
  return answerText(verb, target, item);
}

const pairs = new Map<string, Map<string, string>>();

/** The answer "<movement>+<action>" of two answer texts, interned like `actionText`. */
export function pairText(movement: string, action: string): string {
  let byAction = pairs.get(movement);
  if (byAction === undefined) pairs.set(movement, (byAction = new Map()));
  let text = byAction.get(action);
  if (text === undefined) {
    text = `${movement}+${action}`;
    if (byAction.size < 256) byAction.set(action, text);
  }
  return text;
}

/** The most AP one round may take (switch roundApLimit; 0 is no limit). */
export function roundLimit(state: DooState): number {
  return state.switches.roundApLimit === 0 ? Infinity : state.switches.roundApLimit;
}

/** Can `me` pay `cost` AP for an action this round? */
export function affords(state: DooState, me: CombatantState, cost: number): boolean {
  return me.ap >= cost && roundLimit(state) >= cost;
}

/** The weapons `me` can strike with now: the one in hand (if it is a melee weapon) and bare hands. */
export function strikeWeapons(me: CombatantState): WeaponState[] {
  const w = wielded(me);
  const bare = bareHandsWeapon(me);
  return w.natural ? [bare] : w.melee !== null ? [w, bare] : [bare];
}

/** The weapon in hand, if it can shoot or be thrown now. */
export function shootWeapon(me: CombatantState): WeaponState | null {
  const w = wielded(me);
  if (w.natural || w.ranged === null || w.count <= 0) return null;
  if (w.ranged.brawnReset > 0 && !w.loaded) return null;
  return w;
}

/**
 * Attacking as an Opposed Attempt, step 1: the attacker at `from` needs a clear or partial line of
 * sight to `target`; Line of Sight gives a minimal one -6. Which of the two rules is switch
 * minimalLineOfSight.
 */
export function outOfSight(state: DooState, from: number, target: CombatantState): boolean {
  return (
    state.switches.minimalLineOfSight === "no-attack" &&
    lineOfSight(state, from, target.pos) >= COVER.minimal
  );
}

/**
 * Where `me` would attack `target` from this round with `w`, or null when it cannot: with its free
 * steps and the steps left once the attack is paid for, or within `budget` when given.
 */
export function attackPlan(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  budget?: Budget,
): number | null {
  if (!fighting(target) || target.side === me.side || !affords(state, me, AP.attack)) return null;
  const spot =
    budget === undefined
      ? attackSpot(me, target, w, kind, freeFor(me), stepsFor(state, me, AP.attack))
      : attackSpot(me, target, w, kind, budget.free, budget.steps);
  return spot === null || outOfSight(state, spot, target) ? null : spot;
}

/** Crossbows: resetting by hand costs 1 AP with the second Brawn Minimum, else 3 (a crank). */
export function resetCost(me: CombatantState, w: WeaponState): number {
  return me.steady.sheet.brawn >= (w.ranged?.brawnReset ?? 0) ? AP.resetByHand : AP.resetByCrank;
}

export function needsReset(w: WeaponState): boolean {
  return (
    !w.natural && w.where === "hand" && w.ranged !== null && w.ranged.brawnReset > 0 && !w.loaded
  );
}

/** Shield Block: an equipped shield, the Shield skill, and no block already up. */
export function canBlock(state: DooState, me: CombatantState): boolean {
  return (
    shieldInUse(me) &&
    me.steady.sheet.shieldSkill &&
    !me.steady.blocking &&
    affords(state, me, AP.block)
  );
}

/** Weapons `me` could ready standing at `pos`: carried ones, or ones lying in that space. */
export function readyable(
  me: CombatantState,
  w: WeaponState,
  index: number,
  pos: number = me.pos,
): boolean {
  if (w.natural || index === me.steady.hand) return false;
  if (w.where === "carried") return w.count > 0;
  return w.where === "ground" && w.groundPos === pos;
}

/**
 * Where `me` picks up weapon `index` from the ground: its space, if the free steps and the steps
 * left once the Ready is paid for get it there this round; null otherwise (or when it is carried).
 */
export function pickUpSpot(state: DooState, me: CombatantState, index: number): number | null {
  const w = me.steady.weapons[index];
  if (w === undefined || w.natural || index === me.steady.hand || w.where !== "ground") return null;
  const reach = freeFor(me) + stepsFor(state, me, AP.ready);
  return Math.abs(w.groundPos - me.pos) <= reach ? w.groundPos : null;
}

export function canMove(state: DooState, me: CombatantState): boolean {
  return freeFor(me) + stepsFor(state, me, 0) > 0;
}

/**
 * Free steps `me` may take before an action that costs 3 AP and nothing else (use an item, first
 * aid, recover): its free steps, unless switch freeStepsBeforeOnly says none.
 */
export function freeBeforeOnly(state: DooState, me: CombatantState): number {
  return state.switches.freeStepsBeforeOnly ? freeFor(me) : 0;
}

/**
 * Allies `me` can tend this round: incapacitated (not dead) in its space or the next, or that far
 * from where its free steps take it (First Aid: 3 AP and nothing else, switch freeStepsBeforeOnly).
 */
export function patients(state: DooState, me: CombatantState): CombatantState[] {
  const reach = 1 + freeBeforeOnly(state, me);
  return state.combatants.filter(
    (c) =>
      c !== me && c.side === me.side && c.status === "incapacitated" && distance(c, me) <= reach,
  );
}

/** First Aid: the Healing check (Savvy; -2 without the skill) against its CR; answers 1 on success. */
export function firstAidCheck(me: CombatantState): RollSpec {
  const adj = me.steady.sheet.healing ? 0 : DEFAULTS.untrainedHealing;
  return checkRoll(
    me.steady.sheet.savvy < 2 ? 2 : me.steady.sheet.savvy,
    NORMAL,
    adj - DEFAULTS.firstAidCr,
  );
}

/** Where `me` gives `patient` first aid from: where it stands, or the nearest space next to it. */
export function firstAidSpot(me: CombatantState, patient: CombatantState): number {
  return distance(me, patient) <= 1 ? me.pos : spotAt(me, patient, 1);
}
