// A round (Order of Battle): conditions run on, surprise (the first round), morale, declarations,
// initiative (one roll per attack), the BCB splits, then the count from the highest roll down to
// 1 with everyone on a count acting together, the held actions at the end (simultaneously), and
// the round's end (missiles in wounds, who got away, crossbows spanned). The state records the
// round's progress (`midRound`, each initiative slot done or held, a hit's damage still to roll:
// `blow`), so that the round resumes after the initiative, after each action but the last, and
// between a hit and its damage (`ctx.checkpoint`).
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import { HELD_PHASE, OUTSIDE, type Fighter, type SwState, type WeaponState } from "../state.js";
import { canAct, distance } from "./field.js";
import { finishBlow } from "./attack.js";
import { castNow, useWand } from "./magic.js";
import { embeddedDamage } from "./missiles.js";
import { checkMorale } from "./morale.js";
import { chooseStances, declare, rollInitiative } from "./plans.js";
import { performSlot, type DeferredMagic } from "./slot.js";
import { tickConditions } from "./status.js";
import { determineSurprise } from "./surprise.js";
import { DEFAULTS } from "../data/defaults.js";
import { ownSteady, ownWeapons, setSteady, useItem } from "../own-steady.js";

function startOfRound(state: SwState, ctx: RuleContext): void {
  tickConditions(state, ctx);
  for (const f of state.combatants) {
    if (f.steady.readLeft > 0 && f.disrupted) {
      // A scroll disrupted after its reader's count: lost.
      const m = f.steady.scrolls.find((x) => x.id === f.steady.planItem);
      if (m !== undefined) useItem(f, m);
      ownSteady(f).readLeft = 0;
      if (ctx.explaining)
        ctx.explain(
          SECTIONS.magic,
          () => `${f.name}'s reading of the scroll was disrupted: it is lost`,
        );
    }
    startAfresh(f);
    f.meleeTargetPrev = f.meleeTarget;
    f.meleeTarget = "";
  }
}

/**
 * What a combatant starts each round without (Order of Battle: plans are declared anew each
 * round): its plan, unless a scroll is still being read, its initiative slots and what it did.
 */
export function startAfresh(f: Fighter): void {
  if (f.steady.readLeft === 0) {
    setSteady(f, { plan: "fight", planTarget: "", planItem: "" });
    f.disrupted = false;
  }
  f.slots = [];
  f.acted = false;
  f.moved = 0;
  f.attacked = false;
  f.strikes = 0;
  f.retreat = 0;
  f.fleeing = false;
  f.closedWith = "";
  f.fendedBy = "";
  setSteady(f, { concentrating: "", castCount: 0 });
}

/**
 * The end of a count: its spells go off and its wands' words are spoken, after every blow of the
 * count (Wands and similar magic items; switch spellSameCount for a spell).
 */
function flushMagic(
  state: SwState,
  deferred: DeferredMagic[],
  count: number,
  ctx: RuleContext,
): void {
  const list = deferred.splice(0, deferred.length);
  for (const d of list) {
    if (d.kind === "wand") useWand(state, d.user, d.item, d.target, count, ctx);
    else castNow(state, d.user, d.item, d.target, ctx);
  }
}

/** Is an action of the round still to come (a slot not done, held ones included)? */
function actionsLeft(state: SwState): boolean {
  for (const f of state.combatants) for (const s of f.slots) if (!s.done) return true;
  return false;
}

/**
 * An action is over: the round can be resumed from here (exact odds merge equal states), unless
 * magic waits for the end of its count (it is not in the state), or no action is left (only the
 * round's end: a state kept there would be one more for each of the round's ends, each played on
 * by one run to it).
 */
function actionTaken(state: SwState, deferred: readonly DeferredMagic[], ctx: RuleContext): void {
  if (deferred.length === 0 && actionsLeft(state)) ctx.checkpoint?.();
}

const SLOT_BITS = 8;
const KEY = 4096;
/** The round's initiative entries and the magic of a count (reused: rounds run one at a time). */
const entries = new Float64Array(KEY);
const magic: DeferredMagic[] = [];

function countdown(state: SwState, ctx: RuleContext): void {
  const cs = state.combatants;
  let n = 0;
  for (let ci = 0; ci < cs.length && ci < KEY / SLOT_BITS; ci += 1) {
    const slots = cs[ci]!.slots;
    for (let si = 0; si < slots.length && si < SLOT_BITS; si += 1) {
      // Insertion sort, highest count first, then file order.
      const e = slots[si]!.count * KEY + (KEY - 1 - (ci * SLOT_BITS + si));
      let j = n;
      while (j > 0 && entries[j - 1]! < e) {
        entries[j] = entries[j - 1]!;
        j -= 1;
      }
      entries[j] = e;
      n += 1;
    }
  }
  const deferred = magic;
  if (deferred.length !== 0) deferred.length = 0;
  if (state.blow !== null) {
    // Resumed between a hit and its damage (exact odds): the action ends with the blow.
    finishBlow(state, ctx);
    actionTaken(state, deferred, ctx);
  }
  let current = -1;
  for (let i = 0; i < n; i += 1) {
    const e = entries[i]!;
    const count = Math.floor(e / KEY);
    const k = KEY - 1 - (e % KEY);
    if (count !== current) {
      if (deferred.length > 0) flushMagic(state, deferred, current, ctx);
      current = count;
      state.count = count;
    }
    const f = cs[Math.floor(k / SLOT_BITS)]!;
    const si = k % SLOT_BITS;
    const slot = f.slots[si]!;
    if (slot.done || slot.held) continue;
    if (!canAct(state, f)) {
      slot.done = true;
      continue;
    }
    performSlot(state, f, si, ctx, deferred);
    actionTaken(state, deferred, ctx);
  }
  if (deferred.length > 0) flushMagic(state, deferred, current, ctx);
  // Held actions: at the end of the round, everyone together.
  state.count = HELD_PHASE;
  for (const f of cs) {
    for (let si = 0; si < f.slots.length; si += 1) {
      const slot = f.slots[si]!;
      if (!slot.held || slot.done) continue;
      if (!canAct(state, f)) {
        slot.held = false;
        slot.done = true;
        continue;
      }
      performSlot(state, f, si, ctx, deferred);
      actionTaken(state, deferred, ctx);
    }
  }
  if (deferred.length > 0) flushMagic(state, deferred, HELD_PHASE, ctx);
}

function endOfRound(state: SwState, ctx: RuleContext): void {
  embeddedDamage(state, ctx);
  for (const f of state.combatants) {
    if (f.fleeing && f.status === "fighting") {
      const caught = state.combatants.some(
        (g) => g.side !== f.side && g.status === "fighting" && distance(g, f) <= DEFAULTS.inCombat,
      );
      if (!caught) {
        f.status = "fled";
        f.outRound = state.round;
        f.outCount = OUTSIDE;
      }
      if (ctx.explaining)
        ctx.explain(SECTIONS.retreating, () =>
          caught
            ? `${f.name} tries to get away but a foe is still on it`
            : `${f.name} gets clear and leaves the fight`,
        );
    }
    // A scroll read on through its count: one round of the reading done.
    if (f.steady.plan === "read" && f.steady.readLeft > 1 && f.acted && !f.disrupted)
      ownSteady(f).readLeft -= 1;
    const reloads = (w: WeaponState) => w.reload === "light" && !w.loaded && !w.dropped;
    if (f.moved === 0 && f.steady.weapons.some(reloads))
      for (const w of ownWeapons(f)) if (reloads(w)) w.loaded = true;
  }
  state.count = OUTSIDE;
}

/**
 * Plays a round, or the rest of one (`midRound`): the round resumes in its countdown after the
 * initiative and after each action (`ctx.checkpoint`).
 */
export function playRound(state: SwState, ctx: RuleContext): void {
  if (!state.midRound) {
    state.round += 1;
    state.count = OUTSIDE;
    startOfRound(state, ctx);
    if (state.round === 1) determineSurprise(state, ctx);
    checkMorale(state, ctx);
    declare(state, ctx);
    rollInitiative(state, ctx);
    for (const f of state.combatants)
      if ((f.steady.plan === "cast" || f.steady.plan === "read") && f.slots.length > 0)
        ownSteady(f).castCount = f.slots[0]!.count;
    chooseStances(state, ctx);
    state.midRound = true;
    ctx.checkpoint?.();
  }
  countdown(state, ctx);
  state.midRound = false;
  endOfRound(state, ctx);
}
