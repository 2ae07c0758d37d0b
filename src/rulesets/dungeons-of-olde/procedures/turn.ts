// A turn (Turns and Phases, core rules): a reset phase, then an action phase. Combat begins with a
// reset phase, so every engine round is "reset, then act". The reset phase applies the per-turn
// effects (a dying character bleeds), removes temporary conditions (a Shield Block, temporary
// blindness, a stun), sets action points (a Finesse die plus adjustments; 1 for a surprised
// character) and restores free steps. The action phase is rounds: in each, everyone with action
// points acts once, most AP first (its free steps, a movement, an action: procedures/perform.ts);
// it ends after a round in which nobody did anything.
import { signed } from "../../../engine/signed.js";
import { z } from "zod";
import type { Choice, DecisionOptions, RuleContext } from "../../../engine/choice.js";
import { ownSteady } from "../own-steady.js";
import { AP, DEFAULTS } from "../data/rules.js";
import { dieRoll } from "../dice/specs.js";
import { dieNotation, facesText } from "../dice/stat-die.js";
import { SECTIONS } from "../sections.js";
import type { CombatantState, DooState } from "../state.js";
import { parseAction } from "./actions.js";
import { labelsFor } from "./ask.js";
import { attackText, bestAttack } from "./best-attack.js";
import { listActions, listsAction } from "./choices.js";
import { anyFoeFighting, atSpace, distance, finesseRank } from "./derived.js";
import { bleed } from "./injury.js";
import { performRound, say } from "./perform.js";
import type { ActionSituation } from "./situations.js";

const ACTION_SCHEMA = z.string({
  error: "an action such as attack, strike:<foe>:<weapon>, block, move:<foe>+block or pass",
});

/** Question keys by the round of the action phase: "action-1", "action-2", ... */
const QUESTIONS = Array.from({ length: DEFAULTS.maxActionRounds + 1 }, (_, i) => `action-${i}`);

/**
 * The round's action decision; its prompt and choices are built only when someone reads them. It
 * is its own situation; every round's question ("action-2") has the tactic "action".
 */
class ActionQuestion implements DecisionOptions<string>, ActionSituation {
  private listed: Choice<string>[] | undefined;
  constructor(
    public state: DooState,
    public me: CombatantState,
    private round: number,
  ) {}
  /** Points the question at another decision (the shared instance of drivers that keep none). */
  reset(state: DooState, me: CombatantState, round: number): this {
    this.state = state;
    this.me = me;
    this.round = round;
    this.listed = undefined;
    return this;
  }
  get prompt(): string {
    const me = this.me;
    return `Turn ${this.state.turn}, round ${this.round}: ${me.name} (${me.hp}/${me.steady.sheet.maxHp} HP, ${me.ap} AP, ${me.freeSteps} free steps, ${atSpace(me.pos)}): what does ${me.name} do?`;
  }
  /**
   * "attack" (the best attack Fray finds, as an exchange file fixes it) is read as that attack's
   * own answer ("strike:brenna:broadsword"), so the list offers each attack once, by its target
   * and weapon, and the log keeps which attack it was.
   */
  get schema(): z.ZodType<string> {
    const pick = bestAttack(this.state, this.me);
    if (pick === null) return ACTION_SCHEMA;
    return ACTION_SCHEMA.transform((v) => (v === "attack" ? attackText(pick) : v));
  }
  get choices(): Choice<string>[] {
    if (this.listed === undefined)
      this.listed = listActions(this.state, this.me, bestAttack(this.state, this.me) !== null);
    return this.listed;
  }
  allows(answer: string): boolean {
    if (this.listed !== undefined) return this.listed.some((c) => c.value === answer);
    return listsAction(this.state, this.me, bestAttack(this.state, this.me) !== null, answer);
  }
  get situation(): ActionSituation {
    return this;
  }
  get tactic(): string {
    return "action";
  }
}

const SHARED = new ActionQuestion({} as DooState, {} as CombatantState, 0);

/** The reset phase. In an exchange, action points are fixed by the situation and nothing else happens. */
export function resetPhase(state: DooState, ctx: RuleContext): void {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (state.turn > 1) bleed(state, c, ctx);
    // Remove temporary conditions.
    if (c.steady.blocking || c.steady.stunned || c.steady.blind === 1) {
      const ended: string[] = [];
      if (c.steady.blocking) ended.push("Shield Block");
      if (c.steady.stunned) ended.push("stun");
      if (c.steady.blind === 1) ended.push("blindness");
      const own = ownSteady(c);
      own.blocking = false;
      own.stunned = false;
      if (own.blind === 1) own.blind = 0;
      if (ctx.explaining)
        say(ctx, () => `${c.name}'s ${ended.join(", ")} ends with the reset phase`, SECTIONS.turns);
    }
    c.freeSteps = c.steady.lame ? 0 : c.steady.sheet.freeStepsMax;
    if (c.status !== "fighting") {
      c.ap = 0;
      continue;
    }
    if (state.turn === 1 && c.steady.surprised) {
      c.ap = 1;
      if (ctx.explaining)
        say(ctx, () => `${c.name} is surprised: 1 action point this turn`, SECTIONS.turns);
      continue;
    }
    const rank = finesseRank(c);
    const explode = state.switches.apDieExplodes;
    const rolled = ctx.roll(dieRoll(rank, explode), labelsFor(c.name).ap, c.id);
    const ap = rolled + c.steady.sheet.adjAp;
    c.ap = ap > 0 ? ap : 0;
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.turns,
        () =>
          `${c.name}'s action points: the Finesse die ${dieNotation(rank, 1, explode)} (${facesText(rank, explode)}) = ${rolled}${c.steady.sheet.adjAp !== 0 ? ` ${signed(c.steady.sheet.adjAp)}` : ""}${c.steady.sheet.armourShort > 0 ? ` (Finesse ${c.steady.sheet.finesse} less ${c.steady.sheet.armourShort} rank${c.steady.sheet.armourShort === 1 ? "" : "s"} for armour too heavy)` : ""}: ${c.ap} AP`,
      );
  }
}

const ORDER: CombatantState[] = [];

/** `a` acts before `b`: more AP, then higher Finesse, then earlier in the file. */
function before(a: CombatantState, b: CombatantState): boolean {
  return a.ap !== b.ap
    ? a.ap > b.ap
    : a.steady.sheet.finesse !== b.steady.sheet.finesse
      ? a.steady.sheet.finesse > b.steady.sheet.finesse
      : a.steady.sheet.order < b.steady.sheet.order;
}

/**
 * Who acts in a round: the fighting, unstunned combatants with AP, most AP first (ties: Finesse,
 * then file order). Fills the first n places of one scratch array and returns n.
 */
function roundOrder(state: DooState): number {
  let n = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.status !== "fighting" || c.steady.stunned || c.ap <= 0) continue;
    let j = n;
    n += 1;
    while (j > 0 && before(c, ORDER[j - 1]!)) {
      ORDER[j] = ORDER[j - 1]!;
      j -= 1;
    }
    ORDER[j] = c;
  }
  return n;
}

/**
 * The action phase: rounds until one in which nobody does anything. Resumes the round under way
 * when `state.actionRound` is set (the state records who is still to act in it and whether anyone
 * did something), so that exact odds can stop after each character's round (`ctx.checkpoint`).
 * Returns true when exact odds stopped it there.
 */
export function actionPhase(state: DooState, ctx: RuleContext): boolean {
  let resuming = state.actionRound > 0;
  for (let r = resuming ? state.actionRound : 1; r <= DEFAULTS.maxActionRounds; r += 1) {
    if (!resuming) {
      const n = roundOrder(state);
      if (n === 0) return false;
      // The round's order is fixed at its start.
      const queue: number[] = [];
      for (let i = 0; i < n; i += 1) queue.push(state.combatants.indexOf(ORDER[i]!));
      state.actionRound = r;
      state.queue = queue;
      state.acted = false;
    }
    resuming = false;
    while (state.queue.length > 0) {
      const c = state.combatants[state.queue[0]!]!;
      if (c.status !== "fighting" || c.steady.stunned || c.ap <= 0) {
        state.queue = state.queue.slice(1);
        continue;
      }
      if (!anyFoeFighting(state, c)) {
        state.queue = [];
        return false;
      }
      if (takeRound(state, c, r, ctx)) state.acted = true;
      c.actedIn = r;
      state.queue = state.queue.slice(1);
      // A character's round is over: the turn can be resumed from here (exact odds merge equal
      // states), unless nobody is left to act in it, or nobody has the action points for an
      // action that rolls a die: then the rest of the turn has no roll (its decisions answer the
      // same way on every path that gets here), so stopping would only add a state and a run to
      // go from it to the turn's end.
      if (
        ctx.checkpoint !== undefined &&
        diceLeft(state) &&
        someoneActs(state) &&
        ctx.checkpoint() === true
      )
        return true;
    }
    if (!state.acted) return false;
  }
  return false;
}

/** The fewest action points of an action that rolls a die: an attack, a spell, first aid. */
const ROLLING_AP = Math.min(AP.attack, AP.cast, AP.firstAid);

/**
 * Whether a die may still be rolled in the turn under way: someone fighting and not stunned (a
 * stun lasts to the reset phase) has the action points for an action that rolls one. Without,
 * the turn's other actions (a move, readying a weapon, a Shield Block, a pass) roll nothing.
 */
function diceLeft(state: DooState): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.status === "fighting" && !c.steady.stunned && c.ap >= ROLLING_AP) return true;
  }
  return false;
}

/**
 * Whether the action phase goes on with someone's round: someone still to act in the round under
 * way (the first of them facing a foe who fights), or, once it is over and someone did something,
 * someone to act in the next.
 */
function someoneActs(state: DooState): boolean {
  const cs = state.combatants;
  for (const i of state.queue) {
    const c = cs[i]!;
    if (c.status !== "fighting" || c.steady.stunned || c.ap <= 0) continue;
    return anyFoeFighting(state, c);
  }
  if (!state.acted || state.actionRound >= DEFAULTS.maxActionRounds) return false;
  return roundOrder(state) > 0 && anyFoeFighting(state, ORDER[0]!);
}

/** One character's round: its decision, then what it does. Returns false for a pass. */
export function takeRound(
  state: DooState,
  me: CombatantState,
  r: number,
  ctx: RuleContext,
): boolean {
  // Drivers that explain keep pending questions (prompts, the log); the others only ask the policy
  // at once, so simulation reuses one question object.
  const q = ctx.explaining ? new ActionQuestion(state, me, r) : SHARED.reset(state, me, r);
  const answer = ctx.decide(me.id, QUESTIONS[r] ?? `action-${r}`, q);
  const action = parseAction(answer);
  if (action === null || (action.then === null && action.first.verb === "pass")) {
    if (ctx.explaining) say(ctx, () => `${me.name} passes, keeping ${me.ap} AP`);
    return false;
  }
  return performRound(state, me, action, ctx);
}

/** End of the action phase: a withdrawing combatant far enough from every foe has left the fight. */
export function endOfTurn(state: DooState, ctx: RuleContext): void {
  for (const c of state.combatants) {
    if (c.status !== "fighting" || !c.steady.withdrawing) continue;
    let near = false;
    for (const f of state.combatants)
      if (f.side !== c.side && f.status === "fighting" && distance(f, c) < DEFAULTS.escapeDistance)
        near = true;
    if (!near) {
      c.status = "fled";
      if (ctx.explaining)
        say(
          ctx,
          () =>
            `${c.name} is ${DEFAULTS.escapeDistance} or more spaces from every foe: it has left the fight`,
        );
    }
    if (c.steady.withdrawing) ownSteady(c).withdrawing = false;
  }
}

/**
 * One engine round: one turn, or the rest of one (`inTurn`): the turn resumes after its reset
 * phase and after each character's round of the action phase.
 */
export function playTurn(state: DooState, ctx: RuleContext): void {
  if (!state.inTurn) {
    state.turn += 1;
    state.actionRound = 0;
    for (const c of state.combatants) c.actedIn = 0;
    resetPhase(state, ctx);
    state.inTurn = true;
    if (ctx.checkpoint?.() === true) return;
  }
  if (actionPhase(state, ctx)) return;
  endOfTurn(state, ctx);
  state.inTurn = false;
}
