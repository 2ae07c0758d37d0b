// A turn (Turns and Phases, core rules): a reset phase, then an action phase. Combat begins with a
// reset phase, so every engine round is "reset, then act". The reset phase applies the per-turn
// effects (a dying character bleeds), removes temporary conditions (a Shield Block, temporary
// blindness, a stun), sets action points (a Finesse die plus adjustments; 1 for a surprised
// character) and restores free steps. The action phase is rounds: in each, everyone with action
// points acts once, most AP first; it ends after a round in which nobody did anything.
import { z } from "zod";
import type { Choice, DecisionOptions, RuleContext, Section } from "../../../engine/choice.js";
import { AP, DEFAULTS } from "../data/rules.js";
import { checkRoll, dieRoll } from "../dice/specs.js";
import { NORMAL } from "../dice/stat-die.js";
import { bestAttack, chooseAction } from "../policies/action-policy.js";
import { SECTIONS } from "../sections.js";
import type { CombatantState, DooState } from "../state.js";
import {
  affords,
  attackPlan,
  canBlock,
  listActions,
  needsReset,
  outOfSight,
  parseAction,
  patients,
  readyable,
  resetCost,
  shootWeapon,
  strikeWeapons,
  type Action,
} from "./actions.js";
import { labelsFor, signed } from "./ask.js";
import { resolveAttack } from "./attack.js";
import {
  anyFoeFighting,
  distance,
  find,
  finesseRank,
  shieldInUse,
  wielded,
  type AttackKind,
} from "./derived.js";
import { gmCastCr, gmEffect } from "./effects.js";
import { bleed, heal } from "./injury.js";
import { budgetFor, moveTo, positionSpot, withdrawSpot } from "./movement.js";

const ACTION_SCHEMA = z.string({
  error: "an action such as attack, strike:<foe>:<weapon>, block, advance:<foe> or pass",
});

/** Question keys by the round of the action phase: "action-1", "action-2", ... */
const QUESTIONS = Array.from({ length: DEFAULTS.maxActionRounds + 1 }, (_, i) => `action-${i}`);

/** The round's action decision; its prompt and choices are built only when someone reads them. */
class ActionQuestion implements DecisionOptions<string> {
  private listed: Choice<string>[] | undefined;
  constructor(
    private state: DooState,
    private me: CombatantState,
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
    return `Turn ${this.state.turn}, round ${this.round}: ${me.name} (${me.hp}/${me.maxHp} HP, ${me.ap} AP, ${me.freeSteps} free steps, at space ${me.pos}): what does ${me.name} do?`;
  }
  get schema(): z.ZodType<string> {
    return ACTION_SCHEMA;
  }
  get choices(): Choice<string>[] {
    if (this.listed === undefined) {
      const pick = bestAttack(this.state, this.me);
      this.listed = listActions(
        this.state,
        this.me,
        pick === null
          ? null
          : `${pick.kind === "melee" ? "strike" : "shoot"} ${pick.target.name} with ${pick.weapon.natural ? "bare hands" : `the ${pick.weapon.name}`}`,
      );
    }
    return this.listed;
  }
  policy(): string {
    return chooseAction(this.state, this.me);
  }
}

const SHARED = new ActionQuestion({} as DooState, {} as CombatantState, 0);

function say(ctx: RuleContext, text: () => string, section: Section = SECTIONS.actions): void {
  if (ctx.explaining) ctx.explain(section, text);
}

/** The reset phase. In an exchange, action points are fixed by the situation and nothing else happens. */
export function resetPhase(state: DooState, ctx: RuleContext): void {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (state.turn > 1) bleed(state, c, ctx);
    // Remove temporary conditions.
    if (c.blocking || c.stunned || c.blind === 1) {
      const ended: string[] = [];
      if (c.blocking) ended.push("Shield Block");
      if (c.stunned) ended.push("stun");
      if (c.blind === 1) ended.push("blindness");
      c.blocking = false;
      c.stunned = false;
      if (c.blind === 1) c.blind = 0;
      if (ctx.explaining)
        say(ctx, () => `${c.name}'s ${ended.join(", ")} ends with the reset phase`, SECTIONS.turns);
    }
    c.freeSteps = c.lame ? 0 : c.freeStepsMax;
    if (c.status !== "fighting") {
      c.ap = 0;
      continue;
    }
    if (state.turn === 1 && c.surprised) {
      c.ap = 1;
      if (ctx.explaining)
        say(ctx, () => `${c.name} is surprised: 1 action point this turn`, SECTIONS.turns);
      continue;
    }
    const rank = finesseRank(c);
    const rolled = ctx.roll(
      dieRoll(rank, state.switches.apDieExplodes),
      labelsFor(c.name).ap,
      c.id,
    );
    const ap = rolled + c.adjAp;
    c.ap = ap > 0 ? ap : 0;
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.turns,
        () =>
          `${c.name}'s action points: d${rank} = ${rolled}${c.adjAp !== 0 ? ` ${signed(c.adjAp)}` : ""}${c.armourShort > 0 ? ` (Finesse ${c.finesse} less ${c.armourShort} rank${c.armourShort === 1 ? "" : "s"} for armour too heavy)` : ""}: ${c.ap} AP`,
      );
  }
}

const ORDER: CombatantState[] = [];

/** `a` acts before `b`: more AP, then higher Finesse, then earlier in the file. */
function before(a: CombatantState, b: CombatantState): boolean {
  return a.ap !== b.ap
    ? a.ap > b.ap
    : a.finesse !== b.finesse
      ? a.finesse > b.finesse
      : a.order < b.order;
}

/**
 * Who acts in a round: the fighting, unstunned combatants with AP, most AP first (ties: Finesse,
 * then file order). Fills the first n places of one scratch array (an action phase never nests)
 * and returns n.
 */
function roundOrder(state: DooState): number {
  let n = 0;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.status !== "fighting" || c.stunned || c.ap <= 0) continue;
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

/** The action phase: rounds until one in which nobody does anything. */
export function actionPhase(state: DooState, ctx: RuleContext): void {
  for (let r = 1; r <= DEFAULTS.maxActionRounds; r += 1) {
    const n = roundOrder(state);
    if (n === 0) return;
    // The round's order is fixed at its start; nothing in a round fills ORDER again.
    let acted = false;
    for (let i = 0; i < n; i += 1) {
      const c = ORDER[i]!;
      if (c.status !== "fighting" || c.stunned || c.ap <= 0) continue;
      if (!anyFoeFighting(state, c)) return;
      if (takeRound(state, c, r, ctx)) acted = true;
    }
    if (!acted) return;
  }
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
  if (action === null || action.verb === "pass") {
    if (ctx.explaining) say(ctx, () => `${me.name} passes, keeping ${me.ap} AP`);
    return false;
  }
  return perform(state, me, action, ctx);
}

function attackAction(
  state: DooState,
  me: CombatantState,
  targetId: string,
  weaponId: string,
  kind: AttackKind,
  ctx: RuleContext,
): boolean {
  const target = find(state, targetId);
  const w =
    kind === "melee"
      ? strikeWeapons(me).find((x) => x.id === weaponId)
      : (shootWeapon(me) ?? undefined);
  if (target === undefined || w === undefined || (kind === "ranged" && w.id !== weaponId)) {
    if (ctx.explaining) say(ctx, () => `${me.name} cannot make that attack: the round passes`);
    return false;
  }
  const pos = attackPlan(state, me, target, w, kind);
  if (pos === null) {
    if (ctx.explaining) {
      if (outOfSight(state, target))
        say(
          ctx,
          () =>
            `${me.name} has only a minimal line of sight to ${target.name} (switch minimalLineOfSight: no-attack): the round passes`,
          SECTIONS.lineOfSight,
        );
      else
        say(
          ctx,
          () =>
            `${target.name} is out of ${kind === "melee" ? "reach" : "range"}: the round passes`,
        );
    }
    return false;
  }
  if (pos !== me.pos) {
    const from = me.pos;
    const apBefore = me.ap;
    moveTo(me, pos);
    if (ctx.explaining)
      say(
        ctx,
        () =>
          `${me.name} moves from space ${from} to ${pos}${apBefore > me.ap ? ` (${apBefore - me.ap} AP of steps)` : " (free steps)"}`,
      );
  }
  me.ap -= AP.attack;
  if (ctx.explaining)
    say(
      ctx,
      () =>
        `${me.name} attacks ${target.name} (2 AP, ${me.ap} left) at ${kind === "melee" ? "reach" : "range"} ${distance(me, target)}`,
    );
  resolveAttack(state, me, target, w, kind, ctx);
  return true;
}

function firstAid(state: DooState, me: CombatantState, a: Action, ctx: RuleContext): boolean {
  const p = patients(state, me).find((c) => c.id === a.target);
  if (p === undefined || !affords(state, me, AP.firstAid)) return false;
  me.ap -= AP.firstAid;
  const adj = me.healing ? 0 : DEFAULTS.untrainedHealing;
  const pass =
    ctx.roll(
      checkRoll(me.savvy < 2 ? 2 : me.savvy, NORMAL, adj - DEFAULTS.firstAidCr),
      labelsFor(me.name).heal,
      me.id,
    ) === 1;
  say(
    ctx,
    () =>
      `${me.name} gives ${p.name} first aid (3 AP, nothing else this round): a Healing check (Savvy${adj !== 0 ? `, ${adj} untrained` : ""}) against CR ${DEFAULTS.firstAidCr} ${pass ? "succeeds" : "fails"}`,
    SECTIONS.firstAid,
  );
  if (!pass) return true;
  if (a.item === "stabilize") {
    p.bleeding = false;
    if (ctx.explaining)
      say(ctx, () => `${p.name} is stabilized: it bleeds no more`, SECTIONS.firstAid);
  } else heal(p, DEFAULTS.bindWounds, ctx);
  return true;
}

function cast(state: DooState, me: CombatantState, a: Action, ctx: RuleContext): boolean {
  const t = find(state, a.target);
  if (t === undefined || !me.caster || !affords(state, me, AP.cast)) return false;
  me.ap -= AP.cast;
  const cr = gmCastCr(me, ctx);
  const adj = shieldInUse(me) ? me.shield!.spellcasting : 0;
  const pass =
    ctx.roll(
      checkRoll(me.savvy < 2 ? 2 : me.savvy, NORMAL, adj - cr),
      labelsFor(me.name).cast,
      me.id,
    ) === 1;
  say(
    ctx,
    () =>
      `${me.name} casts a spell at ${t.name} (2 AP): Savvy check${adj !== 0 ? ` ${signed(adj)} for the ${me.shield!.name}` : ""} against CR ${cr} ${pass ? "succeeds" : "fails"}`,
    adj !== 0 ? SECTIONS.shields : SECTIONS.actions,
  );
  if (pass) gmEffect(state, me, `casts a spell at ${t.name}`, ctx);
  return true;
}

/** Does the action; false when it cannot be done (the round passes). */
function perform(state: DooState, me: CombatantState, a: Action, ctx: RuleContext): boolean {
  switch (a.verb) {
    case "attack": {
      const pick = bestAttack(state, me);
      if (pick === null) {
        if (ctx.explaining) say(ctx, () => `${me.name} has no attack to make: the round passes`);
        return false;
      }
      return attackAction(state, me, pick.target.id, pick.weapon.id, pick.kind, ctx);
    }
    case "strike":
      return attackAction(state, me, a.target, a.item, "melee", ctx);
    case "shoot":
      return attackAction(state, me, a.target, a.item, "ranged", ctx);
    case "block":
      if (!canBlock(state, me)) return false;
      me.ap -= AP.block;
      me.blocking = true;
      say(
        ctx,
        () =>
          `${me.name} raises the ${me.shield!.name} in a Shield Block (2 AP, ${me.ap} left): +2 Defense against melee attacks until the reset phase`,
      );
      return true;
    case "reset": {
      const w = wielded(me);
      if (!needsReset(w) || w.id !== a.target || !affords(state, me, resetCost(me, w)))
        return false;
      const cost = resetCost(me, w);
      me.ap -= cost;
      w.loaded = true;
      say(
        ctx,
        () =>
          `${me.name} resets the ${w.name} ${cost === AP.resetByHand ? `by hand (Brawn ${me.brawn} meets its second minimum, ${w.ranged!.brawnReset}): 1 AP` : `with a crank (Brawn ${me.brawn} is below its second minimum, ${w.ranged!.brawnReset}): 3 AP`}, ${me.ap} left`,
        SECTIONS.crossbows,
      );
      return true;
    }
    case "ready": {
      const i = me.weapons.findIndex((x) => x.id === a.target);
      const w = me.weapons[i];
      if (w === undefined || !readyable(me, w, i) || !affords(state, me, AP.ready)) return false;
      const held = wielded(me);
      if (!held.natural) held.where = "carried";
      const from = w.where;
      w.where = "hand";
      me.hand = i;
      me.ap -= AP.ready;
      say(
        ctx,
        () =>
          `${me.name} ${from === "ground" ? "picks up" : "draws"} the ${w.name}${held.natural ? "" : `, putting away the ${held.name}`} (${AP.ready} AP)`,
      );
      return true;
    }
    case "move": {
      const t = find(state, a.target);
      if (t === undefined) return false;
      const to = positionSpot(me, t, budgetFor(state, me, 0));
      if (to === me.pos) return false;
      const from = me.pos;
      const apBefore = me.ap;
      const spaces = moveTo(me, to);
      say(
        ctx,
        () =>
          `${me.name} takes position against ${t.name}: ${spaces} space${spaces === 1 ? "" : "s"}, from ${from} to ${to} (range ${distance(me, t)}; ${apBefore > me.ap ? `${apBefore - me.ap} AP` : "free steps"})`,
      );
      return true;
    }
    case "withdraw": {
      const to = withdrawSpot(state, me, budgetFor(state, me, 0));
      if (to === me.pos) return false;
      moveTo(me, to);
      me.withdrawing = true;
      if (ctx.explaining) say(ctx, () => `${me.name} withdraws to space ${to}`);
      return true;
    }
    case "rise":
      if (!me.prone || !affords(state, me, AP.rise)) return false;
      me.ap -= AP.rise;
      me.prone = false;
      if (ctx.explaining) say(ctx, () => `${me.name} rises (2 AP, nothing else this round)`);
      return true;
    case "drop":
    case "flop": {
      const cost = a.verb === "drop" ? AP.drop : AP.flop;
      if (me.prone || !affords(state, me, cost)) return false;
      me.ap -= cost;
      me.prone = true;
      if (ctx.explaining)
        say(ctx, () => `${me.name} ${a.verb === "drop" ? "drops" : "flops"} prone (${cost} AP)`);
      return true;
    }
    case "first-aid":
      return firstAid(state, me, a, ctx);
    case "use-item":
      if (!affords(state, me, AP.useItem)) return false;
      me.ap -= AP.useItem;
      if (ctx.explaining) say(ctx, () => `${me.name} uses an item (3 AP, nothing else this round)`);
      gmEffect(state, me, "uses an item", ctx);
      return true;
    case "cast":
      return cast(state, me, a, ctx);
    case "pass":
      return false;
  }
}

/** End of the action phase: a withdrawing combatant far enough from every foe has left the fight. */
export function endOfTurn(state: DooState, ctx: RuleContext): void {
  for (const c of state.combatants) {
    if (c.status !== "fighting" || !c.withdrawing) continue;
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
    c.withdrawing = false;
  }
}

/** One engine round: one turn. */
export function playTurn(state: DooState, ctx: RuleContext): void {
  state.turn += 1;
  resetPhase(state, ctx);
  actionPhase(state, ctx);
  endOfTurn(state, ctx);
}
