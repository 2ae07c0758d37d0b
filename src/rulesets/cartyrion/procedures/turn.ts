// The Combat Turn: movement and one action. A turn begins by ending the combatant's parry (it
// lasts "until their next combat turn"); then the combatant chooses its action (a decision that
// its tactic answers when nobody else does, tactics.ts) and Fray moves it as the action needs,
// resolves the action, and spends any "/back" movement afterwards.
import type { Choice, DecisionOptions, RuleContext, Section } from "../../../engine/choice.js";
import { z } from "zod";
import { DEFAULTS } from "../data/defaults.js";
import { SECTIONS } from "../sections.js";
import type { CartyrionState, CombatantState, WeaponState } from "../state.js";
import {
  approachNeeded,
  listActions,
  moveBudget,
  parseAction,
  spellApproach,
  targetable,
  type Action,
  type ActionParts,
  type Verb,
} from "./actions.js";
import { ask } from "./ask.js";
import { attackWith, castAt, type AttackMode } from "./attack.js";
import { check, D20 } from "./checks.js";
import {
  anyFoeFighting,
  backOff,
  distance,
  find,
  meleeReach,
  moveAway,
  moveToward,
  usable,
} from "./field.js";
import {
  aimEffectQuestion,
  breakFreeQuestion,
  concealmentDcQuestion,
  coverQuestion,
  effectQuestion,
  extraMovementQuestion,
  grappleQuestion,
  parseEffect,
} from "./gm-questions.js";
import { labelsFor } from "./labels.js";
import { foundBy, keepConcealment, moved, releaseHolds } from "./movement.js";
import { canParryWithShield, parryingWeapon } from "./parry.js";
import { gmAllowsSneakAttack } from "./sneak-attack.js";
import { directDamage, staminaDamage } from "./stamina-and-injuries.js";

const ACTION_SCHEMA = z.string({
  error: "an action such as attack:<foe>:<weapon>, parry:shield, withdraw or wait",
});

/**
 * What the tactic for "action" answers from: the state and the combatant, and room for the parts
 * of its answer. A tactic that writes its answer's parts here (and sets `asked` and `text`) lets
 * the turn act on them without reading the answer's text back.
 */
export interface ActionSituation extends ActionParts {
  readonly state: CartyrionState;
  readonly me: CombatantState;
  asked: boolean;
  text: string;
}

/**
 * The "action" decision; its prompt and choices are built only when someone reads them. It is its
 * own situation (and an Action too): the tactic's parts are kept here.
 */
class ActionQuestion implements DecisionOptions<string>, Action, ActionSituation {
  // Declared, then set in the constructor: plain stores, cheaper than class field definitions
  // for an object made every turn.
  declare readonly state: CartyrionState;
  declare readonly me: CombatantState;
  declare private listed: Choice<string>[] | undefined;
  /** The tactic's answer, once asked (`asked`), and its parts. */
  declare asked: boolean;
  declare text: string;
  declare verb: Verb;
  declare target: string;
  declare item: string;
  declare back: boolean;
  constructor(state: CartyrionState, me: CombatantState) {
    this.state = state;
    this.me = me;
    this.listed = undefined;
    this.asked = false;
    this.text = "";
    this.verb = "wait";
    this.target = "";
    this.item = "";
    this.back = false;
  }
  get prompt(): string {
    const me = this.me;
    return `${me.name}'s turn (${me.stamina}/${me.maxStamina} SP, ${me.injuries}/${me.slots} injuries, Move ${moveBudget(me)} ft): what does ${me.name} do?`;
  }
  get schema(): z.ZodType<string> {
    return ACTION_SCHEMA;
  }
  get choices(): Choice<string>[] {
    return (this.listed ??= listActions(this.state, this.me));
  }
  get situation(): ActionSituation {
    return this;
  }
}

function say(ctx: RuleContext, text: () => string, section: Section = SECTIONS.actions): void {
  if (ctx.explaining) ctx.explain(section, text);
}

// The hot path of a turn (takeTurn, attackAction, draw) builds its explanations only under
// `ctx.explaining`, as plain strings: no thunk closes over its locals, so simulation allocates no
// closure context per call.

/** The weapon an action names, or the one in hand, or the first usable one. */
function weaponFor(me: CombatantState, id: string): WeaponState | undefined {
  const ws = me.weapons;
  if (id !== "") {
    for (let i = 0; i < ws.length; i += 1)
      if (ws[i]!.id === id) return usable(ws[i]!) ? ws[i] : undefined;
    return undefined;
  }
  for (let i = 0; i < ws.length; i += 1)
    if (ws[i]!.carried === "hand" && usable(ws[i]!)) return ws[i];
  for (let i = 0; i < ws.length; i += 1) if (usable(ws[i]!)) return ws[i];
  return undefined;
}

/** Actions: a ready weapon is drawn as part of the attack; whatever was in hand is dropped. */
function draw(me: CombatantState, w: WeaponState, ctx: RuleContext): void {
  if (w.natural || w.carried === "hand") return;
  let held: WeaponState | undefined;
  for (const x of me.weapons) {
    if (x.carried === "hand") {
      held = x;
      break;
    }
  }
  if (held !== undefined) held.carried = "ground";
  w.carried = "hand";
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.actions,
      `${me.name} ${held ? `drops the ${held.name} and ` : ""}draws the ${w.name} as part of the action`,
    );
}

function extraMovement(
  ctx: RuleContext,
  me: CombatantState,
  what: "dash" | "leap" | "charge",
): number {
  return ask(ctx, "gm", what, extraMovementQuestion(me, what));
}

function attackAction(
  state: CartyrionState,
  me: CombatantState,
  a: Action,
  ctx: RuleContext,
): void {
  const target = find(state, a.target);
  const w = weaponFor(me, a.item);
  if (target === undefined || !targetable(me, target) || w === undefined) {
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.actions,
        `${me.name} finds no ${target === undefined || !targetable(me, target) ? "target" : "usable weapon"} and the action is lost`,
      );
    return;
  }
  let budget = moveBudget(me);
  if (a.verb === "charge") {
    const extra = extraMovement(ctx, me, "charge");
    budget += me.heldBy === "" ? extra : 0;
  }
  let mode: AttackMode = a.verb === "power" ? "power" : a.verb === "sneak" ? "sneak" : "normal";
  if (mode === "sneak" && !gmAllowsSneakAttack(state, me, target, w, ctx)) mode = "normal";
  const need = approachNeeded(me, target, w, budget);
  if (need < 0) {
    const spent = moveToward(me, target, w.kind === "ranged" ? w.range : w.reach, budget);
    me.concealed = false;
    moved(state, me, spent, "moves toward", ctx, target);
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.movement,
        `${target.name} is out of reach: ${me.name}'s attack does not happen`,
      );
    return;
  }
  let spent: number;
  if (w.kind === "ranged" && distance(me, target) < DEFAULTS.rangedMinimum) {
    spent = backOff(me, target, DEFAULTS.rangedMinimum, budget);
    moved(state, me, spent, "steps back (a ranged attack needs at least 10 ft) from", ctx, target);
  } else {
    spent = moveToward(me, target, w.kind === "ranged" ? w.range : w.reach, budget);
    moved(state, me, spent, a.verb === "charge" ? "charges" : "moves toward", ctx, target);
  }
  if (me.concealed) {
    me.concealed = false;
    if (ctx.explaining) ctx.explain(SECTIONS.sneak, `${me.name} leaves concealment`);
  }
  draw(me, w, ctx);
  attackWith(state, me, target, w, mode, ctx);
  if (a.back && me.status === "fighting") {
    const rest = budget - spent;
    if (rest > 0 && me.heldBy === "")
      moved(state, me, moveAway(state, me, rest), "steps back", ctx);
  }
}

function castAction(state: CartyrionState, me: CombatantState, a: Action, ctx: RuleContext): void {
  const target = find(state, a.target);
  const spell = me.spells.find((s) => s.id === a.item && s.uses > 0);
  if (target === undefined || spell === undefined || !targetable(me, target)) {
    say(ctx, () => `${me.name} cannot cast that now and the action is lost`);
    return;
  }
  const budget = moveBudget(me);
  const need = spellApproach(me, target, spell, budget);
  const spent = moveToward(me, target, spell.range, budget);
  moved(state, me, spent, "moves toward", ctx, target);
  if (need < 0) {
    say(ctx, () => `${target.name} is beyond the range of ${spell.name}`);
    return;
  }
  spell.uses -= 1;
  me.concealed = false;
  say(
    ctx,
    () =>
      `${me.name} casts ${spell.name} (an action, as most spells are)${spell.uses > 0 ? `; ${spell.uses} use${spell.uses === 1 ? "" : "s"} left` : ""}`,
  );
  if (spell.die > 0) castAt(state, me, target, spell, ctx);
  else
    applyEffect(
      state,
      me,
      ask(ctx, "gm", "effect", effectQuestion(state, me, `casts ${spell.name} at ${target.name}`)),
      ctx,
    );
  if (a.back && me.status === "fighting" && me.heldBy === "") {
    const rest = budget - spent;
    if (rest > 0) moved(state, me, moveAway(state, me, rest), "steps back", ctx);
  }
}

/** Applies the GM's ruling on an action whose effect the chapter does not define. */
export function applyEffect(
  state: CartyrionState,
  me: CombatantState,
  value: string,
  ctx: RuleContext,
): void {
  const e = parseEffect(state, value);
  if (e === null || e.kind === "none" || e.target === undefined) {
    say(ctx, () => "the GM rules it has no effect on the fight");
    return;
  }
  const t = e.target;
  switch (e.kind) {
    case "stamina":
      say(ctx, () => `the GM rules ${e.amount} damage to ${t.name}'s stamina`);
      staminaDamage(state, t, e.amount, ctx);
      return;
    case "direct":
      say(ctx, () => `the GM rules ${e.amount} Direct Damage to ${t.name}`);
      directDamage(state, t, e.amount, ctx);
      return;
    case "push": {
      // Movement: movement forced by an effect is not part of the creature's turn movement.
      const dir = t.pos === me.pos ? (t.party ? -1 : 1) : t.pos > me.pos ? 1 : -1;
      t.pos += dir * e.amount;
      say(
        ctx,
        () => `the GM rules ${t.name} is moved ${e.amount} ft (not part of its own movement)`,
        SECTIONS.movement,
      );
      releaseHolds(state, t, ctx);
      for (const c of state.combatants) if (t.heldBy === c.id && distance(c, t) > 5) t.heldBy = "";
      return;
    }
    case "held":
      t.heldBy = me.id;
      say(ctx, () => `the GM rules ${t.name} is held by ${me.name}`);
      return;
    case "out":
      t.status = "down";
      say(ctx, () => `the GM rules ${t.name} out of the fight`);
      return;
  }
}

/** Opposed STR checks (the GM's default ruling for grapples): true if `a` beats `b`. */
function strengthContest(a: CombatantState, b: CombatantState, ctx: RuleContext): boolean {
  const ra = ctx.roll(D20(), labelsFor(a.name).strength, a.id);
  const rb = ctx.roll(D20(), labelsFor(b.name).strength, b.id);
  const win = ra + a.str > rb + b.str;
  say(
    ctx,
    () =>
      `opposed STR checks: ${a.name} ${ra} + ${a.str} = ${ra + a.str} against ${b.name} ${rb} + ${b.str} = ${rb + b.str}: ${win ? a.name : b.name} wins`,
  );
  return win;
}

function moveAction(state: CartyrionState, me: CombatantState, a: Action, ctx: RuleContext): void {
  let budget = moveBudget(me);
  if (budget === 0) {
    say(ctx, () => `${me.name} is held and cannot move`, SECTIONS.movement);
    return;
  }
  if (a.verb === "dash" || a.verb === "leap" || a.verb === "withdraw")
    budget += extraMovement(ctx, me, a.verb === "leap" ? "leap" : "dash");
  keepConcealment(state, me, ctx);
  if (a.verb === "withdraw" || a.target === "away") {
    moved(
      state,
      me,
      moveAway(state, me, budget),
      a.verb === "withdraw" ? "withdraws, moving away" : "moves away",
      ctx,
    );
    if (a.verb === "withdraw") {
      me.withdrawing = true;
      say(
        ctx,
        () =>
          `${me.name} is withdrawing: unless a foe is within reach at the end of the round, it leaves the fight`,
        SECTIONS.movement,
      );
    }
    return;
  }
  const target = find(state, a.target);
  if (target === undefined) return;
  // Hidden, it stops a step short of striking distance, out of the foe's sight (Sneak Attacks).
  const stop =
    me.concealed && !target.concealed ? meleeReach(me) + DEFAULTS.meleeDistance : meleeReach(me);
  moved(state, me, moveToward(me, target, stop, budget), "moves toward", ctx, target);
}

/**
 * Parrying: "parry:<with>:<foe>" moves toward the foe, "parry:<with>/back" steps back, within the
 * turn's Move, when the switch `parryMovement` lets a parrier move; otherwise it stays put.
 */
function moveWhileParrying(
  state: CartyrionState,
  me: CombatantState,
  a: Action,
  ctx: RuleContext,
): void {
  const budget = moveBudget(me);
  if (!state.switches.parryMovement || budget === 0) {
    say(
      ctx,
      () =>
        budget === 0
          ? `${me.name} is held and cannot move`
          : `${me.name} gives its whole turn to the parry and does not move (switch parryMovement)`,
      SECTIONS.parrying,
    );
    return;
  }
  keepConcealment(state, me, ctx);
  const target = a.item === "" ? undefined : find(state, a.item);
  if (target !== undefined && target.status === "fighting")
    moved(state, me, moveToward(me, target, meleeReach(me), budget), "moves toward", ctx, target);
  else if (a.back) moved(state, me, moveAway(state, me, budget), "steps back", ctx);
}

function perform(state: CartyrionState, me: CombatantState, a: Action, ctx: RuleContext): void {
  const verb = a.verb;
  if (verb === "attack" || verb === "power" || verb === "sneak" || verb === "charge")
    attackAction(state, me, a, ctx);
  else performOther(state, me, a, ctx);
}

/** Every action but the attacks (kept apart from the hot path of simulation). */
function performOther(
  state: CartyrionState,
  me: CombatantState,
  a: Action,
  ctx: RuleContext,
): void {
  switch (a.verb) {
    case "attack":
    case "power":
    case "sneak":
    case "charge":
      attackAction(state, me, a, ctx);
      return;
    case "cast":
      castAction(state, me, a, ctx);
      return;
    case "parry": {
      const withWhat = a.target === "both" ? "both" : a.target === "weapon" ? "weapon" : "shield";
      const w = withWhat === "shield" ? undefined : parryingWeapon(me);
      if (
        (withWhat !== "shield" && w === undefined) ||
        (withWhat !== "weapon" && !canParryWithShield(me))
      ) {
        say(ctx, () => `${me.name} has nothing to parry with`, SECTIONS.parrying);
        return;
      }
      if (w !== undefined) {
        draw(me, w, ctx);
        me.parryWeapon = w.id;
      }
      me.parry = withWhat;
      me.parryExplosions = 0;
      say(
        ctx,
        () =>
          `${me.name} devotes the turn to parrying with the ${withWhat === "both" ? `${w!.name} and the ${me.shield!.name}` : (w?.name ?? me.shield!.name)}: incoming damage is mitigated until its next turn`,
        SECTIONS.parrying,
      );
      if (a.item !== "" || a.back) moveWhileParrying(state, me, a, ctx);
      return;
    }
    case "reload": {
      const w = me.weapons.find((x) => x.id === a.target);
      if (w !== undefined && w.reload) w.loaded = true;
      say(ctx, () => `${me.name} reloads the ${w?.name ?? "weapon"}`);
      return;
    }
    case "aim": {
      const t = find(state, a.target);
      if (t === undefined) return;
      me.aimAt = t.id;
      me.aimEffect = ask(ctx, "gm", "aim", aimEffectQuestion(me, t));
      say(
        ctx,
        () =>
          `${me.name} takes aim at ${t.name} (${me.aimEffect === "dex" ? "its DEX will not count" : me.aimEffect === "none" ? "no effect" : `${me.aimEffect} damage`} on the next ranged attack)`,
      );
      return;
    }
    case "hide": {
      if (!ask(ctx, "gm", "cover", coverQuestion(state, me))) {
        say(ctx, () => `there is nowhere for ${me.name} to hide`, SECTIONS.sneak);
        return;
      }
      const dc = ask(ctx, "gm", "concealment-dc", concealmentDcQuestion(state, me, true));
      me.concealed =
        dc === 0 ||
        check(
          ctx,
          SECTIONS.sneak,
          labelsFor(me.name).dexterity,
          me.id,
          `${me.name}'s DEX check to hide`,
          me.dex,
          dc,
        );
      if (dc === 0) say(ctx, () => `${me.name} hides: no check needed`, SECTIONS.sneak);
      return;
    }
    case "withdraw":
    case "advance":
    case "dash":
    case "leap":
      moveAction(state, me, a, ctx);
      return;
    case "sheath": {
      const w = me.weapons.find((x) => x.carried === "hand" && !x.natural);
      if (w !== undefined) w.carried = "ready";
      say(ctx, () => `${me.name} sheathes the ${w?.name ?? "weapon"} (an action of its own)`);
      return;
    }
    case "retrieve": {
      const w = me.weapons.find(
        (x) => x.id === a.target && (x.carried === "pack" || x.carried === "ground"),
      );
      if (w !== undefined) w.carried = "ready";
      say(ctx, () => `${me.name} retrieves the ${w?.name ?? "item"}: it is ready to draw`);
      return;
    }
    case "grapple": {
      const t = find(state, a.target);
      if (t === undefined || !targetable(me, t)) return;
      const spent = moveToward(me, t, 5, moveBudget(me));
      moved(state, me, spent, "moves toward", ctx, t);
      me.concealed = false;
      if (distance(me, t) > 5) {
        say(ctx, () => `${t.name} is out of reach`);
        return;
      }
      foundBy(me, t, ctx);
      const ruling = ask(ctx, "gm", "grapple", grappleQuestion(me, t));
      const held = ruling === "held" || (ruling === "contest" && strengthContest(me, t, ctx));
      if (held) t.heldBy = me.id;
      me.attackedNow.push(t.id);
      say(ctx, () =>
        held
          ? `${t.name} is held by ${me.name} and cannot move`
          : `${me.name} fails to get a hold on ${t.name}`,
      );
      return;
    }
    case "break-free": {
      const holder = find(state, me.heldBy);
      const ruling = ask(ctx, "gm", "break-free", breakFreeQuestion(me, holder));
      const free =
        ruling === "free" ||
        (ruling === "contest" && (holder === undefined || strengthContest(me, holder, ctx)));
      if (free) me.heldBy = "";
      say(ctx, () => (free ? `${me.name} breaks free` : `${me.name} is still held`));
      return;
    }
    case "other":
      applyEffect(
        state,
        me,
        ask(ctx, "gm", "effect", effectQuestion(state, me, "does something else")),
        ctx,
      );
      return;
    case "wait":
      say(ctx, () => `${me.name} does nothing this turn`);
      return;
  }
}

/** One combatant's Combat Turn. */
export function takeTurn(state: CartyrionState, me: CombatantState, ctx: RuleContext): void {
  if (me.status !== "fighting") return;
  if (me.surprised) {
    if (ctx.explaining)
      ctx.explain(SECTIONS.surprise, `${me.name} is surprised and takes no turn this round`);
    return;
  }
  if (me.parry !== "") {
    me.parry = "";
    if (ctx.explaining)
      ctx.explain(SECTIONS.parrying, `${me.name}'s parry ends as its turn begins`);
  }
  if (me.heldBy !== "") {
    const holder = find(state, me.heldBy);
    if (holder === undefined || holder.status !== "fighting" || distance(holder, me) > 5)
      me.heldBy = "";
  }
  if (!anyFoeFighting(state, me)) return;
  const question = new ActionQuestion(state, me);
  const answer = ctx.decide(me.id, "action", question);
  // The tactic's own answer is acted on from its parts; any other answer is read from its text.
  const action = question.asked && answer === question.text ? question : parseAction(answer);
  if (action === null) {
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.actions,
        `"${answer}" is not an action ${me.name} can take; the turn passes`,
      );
    return;
  }
  perform(state, me, action, ctx);
  if (action.verb !== "aim" && me.aimAt !== "") {
    me.aimAt = "";
    me.aimEffect = "";
  }
}
