// The choices of a round's decision ("<id>:action-<n>"): every answer the rules allow `me` this
// round (procedures/actions.ts, procedures/combination.ts), each with how a person reads it and
// its group (attack, move, defend, other): the buttons of the console and the options of
// `fray play`.
import type { Choice, ChoiceGroup } from "../../../engine/choice.js";
import { AP } from "../data/rules.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import {
  actionText,
  affords,
  attackPlan,
  canBlock,
  canMove,
  firstAidSpot,
  needsReset,
  pairText,
  parseAction,
  patients,
  pickUpSpot,
  readyable,
  resetCost,
  shootWeapon,
  strikeWeapons,
  type Action,
  type RoundAnswer,
} from "./actions.js";
import { planPair, stepSpot } from "./combination.js";
import { find, fighting, space, wielded } from "./derived.js";
import { budgetFor } from "./movement.js";

function weaponLabel(w: WeaponState): string {
  return w.natural ? "bare hands" : `the ${w.name}`;
}

function moveNote(me: CombatantState, pos: number | null): string {
  if (pos === null || pos === me.pos) return "";
  const spaces = Math.abs(pos - me.pos);
  const paid = spaces > me.freeSteps ? spaces - me.freeSteps : 0;
  return ` (moving ${spaces} space${spaces === 1 ? "" : "s"}${paid > 0 ? `, ${paid} AP` : ", free steps"})`;
}

function rangeFrom(pos: number, t: CombatantState): number {
  return Math.abs(pos - t.pos);
}

/** How a person reads action `a` taken from space `pos` (its own steps not included). */
function actionLabel(state: DooState, me: CombatantState, a: Action, pos: number): string {
  const t = find(state, a.target);
  switch (a.verb) {
    case "strike": {
      const w = strikeWeapons(me).find((x) => x.id === a.item)!;
      return `attack ${t!.name} with ${weaponLabel(w)}`;
    }
    case "shoot": {
      const w = shootWeapon(me)!;
      return `${w.ranged!.thrown ? "throw" : "shoot"} the ${w.name} at ${t!.name} from range ${rangeFrom(pos, t!)}`;
    }
    case "block":
      return `Shield Block with the ${me.steady.sheet.shield!.name} (+2 Defense against melee, 2 AP)`;
    case "reset": {
      const w = wielded(me);
      return `reset the ${w.name} (${resetCost(me, w)} AP)`;
    }
    case "ready": {
      const w = me.steady.weapons.find((x) => x.id === a.target)!;
      return `${w.where === "ground" ? "pick up" : "draw"} the ${w.name} (${AP.ready} AP)`;
    }
    case "cast":
      return `cast a spell at ${t!.name} (2 AP; a Savvy check)`;
    case "flop":
      return "flop prone (0 AP)";
    case "use-item":
      return "use an item or device (3 AP; the GM rules the effect)";
    case "recover":
      return "recover: rest to regain 2 Mana or Faith Points (3 AP; the GM keeps them)";
    case "first-aid":
      return `first aid: ${a.item === "stabilize" ? `stabilize ${t!.name}` : `bind ${t!.name}'s wounds`} (3 AP; a Healing check)`;
    case "attack":
    case "move":
    case "away":
    case "withdraw":
    case "drop":
    case "rise":
    case "pass":
      return a.verb;
  }
}

/** The group of one action or movement: a spell is an attack when it is cast at a foe. */
function verbGroup(state: DooState, me: CombatantState, a: Action): ChoiceGroup {
  switch (a.verb) {
    case "attack":
    case "strike":
    case "shoot":
      return "attack";
    case "cast":
      return find(state, a.target)?.side === me.side ? "other" : "attack";
    case "block":
      return "defend";
    case "move":
    case "away":
    case "withdraw":
    case "rise":
    case "drop":
    case "flop":
      return "move";
    case "reset":
    case "ready":
    case "first-aid":
    case "use-item":
    case "recover":
    case "pass":
      return "other";
  }
}

/** The group of a round's answer: a movement then an attack or a block is that; else a move. */
function answerGroup(state: DooState, me: CombatantState, answer: RoundAnswer): ChoiceGroup {
  if (answer.then === null) return verbGroup(state, me, answer.first);
  const then = verbGroup(state, me, answer.then);
  return then === "attack" || then === "defend" ? then : "move";
}

/** How a person reads movement `lead` that takes `me` to `to` before its action. */
function leadLabel(state: DooState, me: CombatantState, lead: Action, to: number): string {
  const t = find(state, lead.target);
  switch (lead.verb) {
    case "move":
      return `take position against ${t!.name}: to range ${rangeFrom(to, t!)}${moveNote(me, to)}`;
    case "away":
      return `step back out of ${t!.name}'s reach: to range ${rangeFrom(to, t!)}${moveNote(me, to)}`;
    case "withdraw":
      return `withdraw to ${space(to)}${moveNote(me, to)}`;
    case "drop":
      return `${to === me.pos ? "" : `step to ${space(to)}${moveNote(me, to)}, `}drop prone (1 AP)`;
    case "flop":
      return `${to === me.pos ? "" : `step to ${space(to)}${moveNote(me, to)}, `}flop prone (0 AP)`;
    case "rise":
      return "rise (2 AP)";
    default:
      return lead.verb;
  }
}

/** The answers an action may follow a movement with: everything but first aid, with its texts. */
function followUps(state: DooState, me: CombatantState): string[] {
  const out: string[] = [];
  for (const t of state.combatants) {
    if (t.side === me.side || !fighting(t)) continue;
    for (const w of strikeWeapons(me)) out.push(actionText("strike", t.id, w.id));
    const shooter = shootWeapon(me);
    if (shooter !== null) out.push(actionText("shoot", t.id, shooter.id));
  }
  out.push("block");
  const w = wielded(me);
  if (needsReset(w)) out.push(actionText("reset", w.id));
  me.steady.weapons.forEach((x, i) => {
    if (!x.natural && i !== me.steady.hand) out.push(actionText("ready", x.id));
  });
  if (me.steady.sheet.caster)
    for (const t of state.combatants) if (t.status !== "dead") out.push(actionText("cast", t.id));
  out.push("flop", "use-item");
  if (me.steady.sheet.caster) out.push("recover");
  return out;
}

/** The movements that may lead a round's action. */
function leads(state: DooState, me: CombatantState): string[] {
  const out: string[] = [];
  for (const t of state.combatants)
    if (t.side !== me.side && fighting(t)) out.push(actionText("move", t.id));
  for (const t of state.combatants)
    if (t.side !== me.side && fighting(t)) out.push(actionText("away", t.id));
  out.push("withdraw", "drop", "flop", "rise");
  return out;
}

/** Every movement followed by an action that `me` may take this round. */
function* pairChoices(state: DooState, me: CombatantState): Generator<Listed> {
  const acts = followUps(state, me);
  for (const leadText of leads(state, me)) {
    const lead = parseAction(leadText)!.first;
    for (const actText of acts) {
      const act = parseAction(actText)!.first;
      const plan = planPair(state, me, lead, act);
      if (plan !== null)
        yield [
          pairText(leadText, actText),
          () =>
            `${leadLabel(state, me, lead, plan.to)}, then ${actionLabel(state, me, act, plan.to)}`,
        ];
    }
  }
}

/** An answer of the round, and how a person reads it (worked out only when the list is shown). */
type Listed = readonly [value: string, label: () => string];

/**
 * Every answer `me` may give this round, in the list's order, each with how a person reads it;
 * `hasAttack`: whether Fray finds an attack for `me` (best-attack.ts).
 */
function* roundAnswers(state: DooState, me: CombatantState, hasAttack: boolean): Generator<Listed> {
  /** An action answer taken from space `pos`, after the steps there. */
  const one = (text: string, pos: number): Listed => [
    text,
    () => `${actionLabel(state, me, parseAction(text)!.first, pos)}${moveNote(me, pos)}`,
  ];
  // "attack" with a foe to attack is read as that attack (ActionQuestion's schema), listed below;
  // without one it is offered with the AP for it, so that an exchange file's "attack" stays valid.
  if (!hasAttack && affords(state, me, AP.attack))
    yield ["attack", () => "attack (no foe in reach or range this round: the round passes)"];
  const foes = state.combatants.filter((c) => c.side !== me.side && fighting(c));
  const shooter = shootWeapon(me);
  for (const t of foes) {
    for (const w of strikeWeapons(me)) {
      const pos = attackPlan(state, me, t, w, "melee");
      if (pos !== null) yield one(actionText("strike", t.id, w.id), pos);
    }
    if (shooter !== null) {
      const pos = attackPlan(state, me, t, shooter, "ranged");
      if (pos !== null) yield one(actionText("shoot", t.id, shooter.id), pos);
    }
  }
  if (canBlock(state, me)) yield one("block", me.pos);
  const w = wielded(me);
  if (needsReset(w) && affords(state, me, resetCost(me, w)))
    yield one(actionText("reset", w.id), me.pos);
  if (affords(state, me, AP.ready))
    for (const [i, x] of me.steady.weapons.entries()) {
      const at = readyable(me, x, i) ? me.pos : pickUpSpot(state, me, i);
      if (at !== null) yield one(actionText("ready", x.id), at);
    }
  if (canMove(state, me)) {
    const budget = budgetFor(state, me, 0);
    for (const verb of ["move", "away"] as const)
      for (const t of foes) {
        const lead = parseAction(actionText(verb, t.id))!.first;
        const to = stepSpot(state, me, lead, budget, w);
        if (to !== null) yield [actionText(verb, t.id), () => leadLabel(state, me, lead, to)];
      }
    yield ["withdraw", () => "withdraw: move away from the foes (far enough, it leaves the fight)"];
  }
  if (me.prone && affords(state, me, AP.rise))
    yield [
      "rise",
      () => `rise (2 AP${state.switches.riseThenAction ? "" : "; nothing else this round"})`,
    ];
  if (!me.prone && affords(state, me, AP.drop)) yield ["drop", () => "drop prone (1 AP)"];
  if (!me.prone) yield one("flop", me.pos);
  if (affords(state, me, AP.firstAid))
    for (const p of patients(state, me)) {
      const at = firstAidSpot(me, p);
      if (p.steady.bleeding) yield one(actionText("first-aid", p.id, "stabilize"), at);
      yield one(actionText("first-aid", p.id, "bind"), at);
    }
  if (affords(state, me, AP.useItem)) yield one("use-item", me.pos);
  if (me.steady.sheet.caster && affords(state, me, AP.recover)) yield one("recover", me.pos);
  if (me.steady.sheet.caster && affords(state, me, AP.cast))
    for (const t of state.combatants)
      if (t.status !== "dead") yield one(actionText("cast", t.id), me.pos);
  yield* pairChoices(state, me);
  yield ["pass", () => "pass: keep the action points for the next round"];
}

/**
 * Every answer `me` may give this round, with how a person reads it (the decision's choices);
 * `hasAttack`: whether Fray finds an attack for `me` (best-attack.ts).
 */
export function listActions(
  state: DooState,
  me: CombatantState,
  hasAttack: boolean,
): Choice<string>[] {
  const out: Choice<string>[] = [];
  for (const [value, label] of roundAnswers(state, me, hasAttack))
    out.push({ value, label: label(), group: answerGroup(state, me, parseAction(value)!) });
  return out;
}

/**
 * Whether `value` is one of `listActions`' answers, found as the list is walked: no label is
 * worked out, and the walk stops at the answer (checking a fixed or replayed answer listed the
 * whole round, every movement paired with every action, for each decision).
 */
export function listsAction(
  state: DooState,
  me: CombatantState,
  hasAttack: boolean,
  value: string,
): boolean {
  for (const [listed] of roundAnswers(state, me, hasAttack)) if (listed === value) return true;
  return false;
}
