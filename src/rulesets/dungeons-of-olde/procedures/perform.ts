// Doing what a round's answer says (Movement and Actions, core rules; Crossbows; Shields; First
// Aid): one action or movement, or a movement and then an action (procedures/combination.ts). An
// answer the rules do not allow does nothing: the round passes, and the explanation says why.
import type { RuleContext, Section } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import { ownSteady } from "../own-steady.js";
import { AP, DEFAULTS } from "../data/rules.js";
import { checkRoll } from "../dice/specs.js";
import { NORMAL } from "../dice/stat-die.js";
import { bestAttack } from "./best-attack.js";
import { SECTIONS } from "../sections.js";
import type { CombatantState, DooState } from "../state.js";
import {
  affords,
  attackPlan,
  canBlock,
  firstAidCheck,
  firstAidSpot,
  needsReset,
  outOfSight,
  patients,
  pickUpSpot,
  readyable,
  resetCost,
  shootWeapon,
  strikeWeapons,
  type Action,
  type RoundAnswer,
} from "./actions.js";
import { labelsFor } from "./ask.js";
import { resolveAttack } from "./attack.js";
import { planPair, stepSpot } from "./combination.js";
import { distance, find, shieldInUse, space, wielded, type AttackKind } from "./derived.js";
import { gmCastCr, gmEffect } from "./effects.js";
import { heal } from "./injury.js";
import { budgetFor, moveTo, NONE, type Budget } from "./movement.js";
import { ownWeapons } from "../own-weapons.js";

/** Explains under Movement and Actions (or `section`), when the driver keeps explanations. */
export function say(
  ctx: RuleContext,
  text: () => string,
  section: Section = SECTIONS.actions,
): void {
  if (ctx.explaining) ctx.explain(section, text);
}

/** Moves `me` to `to` (free steps first, then AP) and says so, in the words `what` gives. */
function stepTo(
  me: CombatantState,
  to: number,
  ctx: RuleContext,
  what: (from: number, spaces: number, paid: string) => string,
): void {
  const from = me.pos;
  const apBefore = me.ap;
  const spaces = moveTo(me, to);
  if (ctx.explaining)
    say(ctx, () => what(from, spaces, apBefore > me.ap ? `${apBefore - me.ap} AP` : "free steps"));
}

/** Does the round's answer; false when nothing was done (a pass, or an answer the rules refuse). */
export function performRound(
  state: DooState,
  me: CombatantState,
  answer: RoundAnswer,
  ctx: RuleContext,
): boolean {
  if (answer.then === null) return perform(state, me, answer.first, ctx, true);
  return performPair(state, me, answer.first, answer.then, ctx);
}

/** A movement, then an action from where it leaves `me`, with no steps of the action's own. */
function performPair(
  state: DooState,
  me: CombatantState,
  lead: Action,
  act: Action,
  ctx: RuleContext,
): boolean {
  const plan = planPair(state, me, lead, act);
  if (plan === null) {
    if (ctx.explaining)
      say(ctx, () => `${me.name} cannot ${lead.verb} and then ${act.verb} now: the round passes`);
    return false;
  }
  switch (lead.verb) {
    case "move":
    case "away":
    case "withdraw":
      movement(state, me, lead, plan.to, ctx);
      break;
    case "drop":
    case "flop":
      if (plan.to !== me.pos)
        stepTo(
          me,
          plan.to,
          ctx,
          (from, _, paid) => `${me.name} moves from ${space(from)} to ${space(plan.to)} (${paid})`,
        );
      goProne(me, lead.verb, ctx);
      break;
    case "rise":
      rise(state, me, ctx);
      break;
    default:
      return false;
  }
  perform(state, me, act, ctx, false);
  return true;
}

/** Steps to `to`: taking position against a foe, stepping back out of its reach, or withdrawing. */
function movement(
  state: DooState,
  me: CombatantState,
  lead: Action,
  to: number,
  ctx: RuleContext,
): void {
  const t = find(state, lead.target);
  if (lead.verb === "withdraw") {
    moveTo(me, to);
    ownSteady(me).withdrawing = true;
    if (ctx.explaining) say(ctx, () => `${me.name} withdraws to ${space(to)}`);
    return;
  }
  const how =
    lead.verb === "away"
      ? `steps back out of ${t!.name}'s reach`
      : `takes position against ${t!.name}`;
  stepTo(
    me,
    to,
    ctx,
    (from, spaces, paid) =>
      `${me.name} ${how}: ${spaces} space${spaces === 1 ? "" : "s"}, from ${from} to ${to} (range ${distance(me, t!)}; ${paid})`,
  );
}

function goProne(me: CombatantState, verb: "drop" | "flop", ctx: RuleContext): void {
  const cost = verb === "drop" ? AP.drop : AP.flop;
  me.ap -= cost;
  me.prone = true;
  if (ctx.explaining)
    say(ctx, () => `${me.name} ${verb === "drop" ? "drops" : "flops"} prone (${cost} AP)`);
}

function rise(state: DooState, me: CombatantState, ctx: RuleContext): void {
  me.ap -= AP.rise;
  me.prone = false;
  if (ctx.explaining)
    say(
      ctx,
      () =>
        `${me.name} rises (2 AP${state.switches.riseThenAction ? "" : ", nothing else this round"})`,
    );
}

function attackAction(
  state: DooState,
  me: CombatantState,
  targetId: string,
  weaponId: string,
  kind: AttackKind,
  ctx: RuleContext,
  budget?: Budget,
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
  const pos = attackPlan(state, me, target, w, kind, budget);
  if (pos === null) {
    if (ctx.explaining) {
      if (outOfSight(state, me.pos, target))
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
  if (pos !== me.pos)
    stepTo(
      me,
      pos,
      ctx,
      (from, _, paid) =>
        `${me.name} moves from ${space(from)} to ${space(pos)} (${paid === "free steps" ? paid : `${paid} of steps`})`,
    );
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
  const at = firstAidSpot(me, p);
  if (at !== me.pos)
    stepTo(
      me,
      at,
      ctx,
      (from) =>
        `${me.name} steps from ${space(from)} to ${space(at)}, next to ${p.name} (free steps)`,
    );
  me.ap -= AP.firstAid;
  const adj = me.steady.sheet.healing ? 0 : DEFAULTS.untrainedHealing;
  const pass = ctx.roll(firstAidCheck(me), labelsFor(me.name).heal, me.id) === 1;
  say(
    ctx,
    () =>
      `${me.name} gives ${p.name} first aid (3 AP, nothing else this round): a Healing check (Savvy${adj !== 0 ? `, ${adj} untrained` : ""}) against CR ${DEFAULTS.firstAidCr} ${pass ? "succeeds" : "fails"}`,
    SECTIONS.firstAid,
  );
  if (!pass) return true;
  if (a.item === "stabilize") {
    ownSteady(p).bleeding = false;
    if (ctx.explaining)
      say(ctx, () => `${p.name} is stabilized: it bleeds no more`, SECTIONS.firstAid);
  } else heal(p, DEFAULTS.bindWounds, ctx);
  return true;
}

function cast(state: DooState, me: CombatantState, a: Action, ctx: RuleContext): boolean {
  const t = find(state, a.target);
  if (t === undefined || !me.steady.sheet.caster || !affords(state, me, AP.cast)) return false;
  me.ap -= AP.cast;
  const cr = gmCastCr(me, ctx);
  const adj = shieldInUse(me) ? me.steady.sheet.shield!.spellcasting : 0;
  const pass =
    ctx.roll(
      checkRoll(me.steady.sheet.savvy < 2 ? 2 : me.steady.sheet.savvy, NORMAL, adj - cr),
      labelsFor(me.name).cast,
      me.id,
    ) === 1;
  say(
    ctx,
    () =>
      `${me.name} casts a spell at ${t.name} (2 AP): Savvy check${adj !== 0 ? ` ${signed(adj)} for the ${me.steady.sheet.shield!.name}` : ""} against CR ${cr} ${pass ? "succeeds" : "fails"}`,
    adj !== 0 ? SECTIONS.shields : SECTIONS.actions,
  );
  if (pass) gmEffect(state, me, `casts a spell at ${t.name}`, ctx);
  return true;
}

/**
 * Does the action (or the lone movement); false when it cannot be done (the round passes). An
 * attack, first aid or picking up a weapon take their own steps first when `approach` allows.
 */
function perform(
  state: DooState,
  me: CombatantState,
  a: Action,
  ctx: RuleContext,
  approach: boolean,
): boolean {
  // After a movement an action takes no steps of its own.
  const budget = approach ? undefined : NONE;
  switch (a.verb) {
    case "attack": {
      const pick = bestAttack(state, me);
      if (pick === null) {
        if (ctx.explaining) say(ctx, () => `${me.name} has no attack to make: the round passes`);
        return false;
      }
      return attackAction(state, me, pick.target.id, pick.weapon.id, pick.kind, ctx, budget);
    }
    case "strike":
      return attackAction(state, me, a.target, a.item, "melee", ctx, budget);
    case "shoot":
      return attackAction(state, me, a.target, a.item, "ranged", ctx, budget);
    case "block":
      if (!canBlock(state, me)) return false;
      me.ap -= AP.block;
      ownSteady(me).blocking = true;
      say(
        ctx,
        () =>
          `${me.name} raises the ${me.steady.sheet.shield!.name} in a Shield Block (2 AP, ${me.ap} left): +2 Defense against melee attacks until the reset phase`,
      );
      return true;
    case "reset": {
      const w = wielded(me);
      if (!needsReset(w) || w.id !== a.target || !affords(state, me, resetCost(me, w)))
        return false;
      const cost = resetCost(me, w);
      me.ap -= cost;
      ownWeapons(me)[me.steady.hand]!.loaded = true;
      say(
        ctx,
        () =>
          `${me.name} resets the ${w.name} ${cost === AP.resetByHand ? `by hand (Brawn ${me.steady.sheet.brawn} meets its second minimum, ${w.ranged!.brawnReset}): 1 AP` : `with a crank (Brawn ${me.steady.sheet.brawn} is below its second minimum, ${w.ranged!.brawnReset}): 3 AP`}, ${me.ap} left`,
        SECTIONS.crossbows,
      );
      return true;
    }
    case "ready": {
      const i = me.steady.weapons.findIndex((x) => x.id === a.target);
      const w = me.steady.weapons[i];
      if (w === undefined || !affords(state, me, AP.ready)) return false;
      const at = readyable(me, w, i) ? me.pos : approach ? pickUpSpot(state, me, i) : null;
      if (at === null) return false;
      if (at !== me.pos)
        stepTo(
          me,
          at,
          ctx,
          (from, _, paid) =>
            `${me.name} steps from ${space(from)} to ${space(at)}, where the ${w.name} lies (${paid})`,
        );
      const held = wielded(me);
      const own = ownWeapons(me);
      if (!held.natural) own[me.steady.hand]!.where = "carried";
      const from = own[i]!.where;
      own[i]!.where = "hand";
      ownSteady(me).hand = i;
      me.ap -= AP.ready;
      say(
        ctx,
        () =>
          `${me.name} ${from === "ground" ? "picks up" : "draws"} the ${w.name}${held.natural ? "" : `, putting away the ${held.name}`} (${AP.ready} AP)`,
      );
      return true;
    }
    case "move":
    case "away":
    case "withdraw": {
      const to = stepSpot(state, me, a, budgetFor(state, me, 0), wielded(me));
      if (to === null) return false;
      movement(state, me, a, to, ctx);
      return true;
    }
    case "rise":
      if (!me.prone || !affords(state, me, AP.rise)) return false;
      rise(state, me, ctx);
      return true;
    case "drop":
    case "flop":
      if (me.prone || !affords(state, me, a.verb === "drop" ? AP.drop : AP.flop)) return false;
      goProne(me, a.verb, ctx);
      return true;
    case "first-aid":
      return firstAid(state, me, a, ctx);
    case "use-item":
      if (!affords(state, me, AP.useItem)) return false;
      me.ap -= AP.useItem;
      if (ctx.explaining) say(ctx, () => `${me.name} uses an item (3 AP, nothing else this round)`);
      gmEffect(state, me, "uses an item", ctx);
      return true;
    case "recover":
      if (!me.steady.sheet.caster || !affords(state, me, AP.recover)) return false;
      me.ap -= AP.recover;
      if (ctx.explaining)
        say(
          ctx,
          () =>
            `${me.name} rests to recover 2 Mana or Faith Points (3 AP, nothing else this round; Fray does not count them, the GM does)`,
        );
      return true;
    case "cast":
      return cast(state, me, a, ctx);
    case "pass":
      return false;
  }
}
