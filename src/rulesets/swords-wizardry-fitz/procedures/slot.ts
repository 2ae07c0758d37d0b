// One initiative count of one combatant (4. The Combat Round): its declared spell or charge, or
// the action it chooses now. Movement goes with its first action of the round (half speed with an
// attack, full speed to close); a spell, a scroll's last round and a wand take effect at the end
// of their count, so that an attack on the same count can stop them.
import { z } from "zod";
import type { Choice, DecisionOptions, RuleContext } from "../../../engine/choice.js";
import { die } from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, MagicState, SwState, WeaponState } from "../state.js";
import { ask } from "./ask.js";
import { foesInReach, listActions, parseAction, reachable, type Action } from "./actions.js";
import { markHit, resolveAttack } from "./attack.js";
import {
  anyFoeFighting,
  attackable,
  distance,
  find,
  inRange,
  inReach,
  usable,
  halfMove,
} from "./field.js";
import { grappleQuestion } from "./gm-questions.js";
import { extract, missileVictim } from "./missiles.js";
import { moveToward, push, retreat } from "./movement.js";
import type { SlotSituation } from "./situations.js";
import { ownSteady, ownWeapon } from "../own-steady.js";

/** Magic that takes effect at the end of its count: a wand, or a spell (or scroll) going off. */
export interface DeferredMagic {
  readonly kind: "wand" | "spell";
  readonly user: Fighter;
  readonly item: MagicState;
  readonly target: string;
}

const ACTION_SCHEMA = z.string({
  error: "an action such as attack:<foe>:<weapon>, close:<foe>, retreat:free, hold or wait",
});

/** The "action" decision; it is its own situation. */
class ActionQuestion implements DecisionOptions<string>, SlotSituation {
  listed: Choice<string>[] | undefined;
  constructor(
    public state: SwState,
    public me: Fighter,
    public si: number,
  ) {}
  get prompt(): string {
    const f = this.me;
    const s = f.slots[this.si]!;
    return `Count ${this.state.count === 0 ? "(held, at the round's end)" : this.state.count}: ${f.name} (${f.hp}/${f.sheet.maxHp} HP${f.slots.length > 1 ? `, ${s.use}` : ""}): what does ${f.name} do?`;
  }
  get schema(): z.ZodType<string> {
    return ACTION_SCHEMA;
  }
  get choices(): Choice<string>[] {
    return (this.listed ??= listActions(this.state, this.me, this.si));
  }
  get situation(): SlotSituation {
    return this;
  }
}

let spareAction: ActionQuestion | undefined;

/**
 * The question for `f`'s action. Drivers that explain (a table, a log) may keep it while the
 * choice is pending, so they get a fresh one; the others answer at once, and share one.
 */
function actionQuestion(ctx: RuleContext, state: SwState, f: Fighter, si: number): ActionQuestion {
  if (ctx.explaining) return new ActionQuestion(state, f, si);
  const q = (spareAction ??= new ActionQuestion(state, f, si));
  q.state = state;
  q.me = f;
  q.si = si;
  q.listed = undefined;
  return q;
}

function say(ctx: RuleContext, section: Parameters<RuleContext["explain"]>[0], text: () => string) {
  if (ctx.explaining) ctx.explain(section, text);
}

/** Uses up the rest of `f`'s counts this round (a full-round action). */
function wholeRound(f: Fighter): void {
  for (const s of f.slots) {
    s.done = true;
    s.held = false;
  }
}

/**
 * Multiple Melee Targets: a die picks which of the foes in reach the attack goes to; its label
 * says which face is whom ("Osric's target (1 Bolt, 2 Knife)"). `aim`: the foe `f` moved up to,
 * which the die may not pick.
 */
function whoeverComes(
  f: Fighter,
  around: readonly Fighter[],
  ctx: RuleContext,
  aim?: Fighter,
): Fighter {
  const label = () =>
    `${f.name}'s target (${around.map((t, i) => `${i + 1} ${t.name}`).join(", ")})`;
  const t =
    around.length === 1
      ? around[0]!
      : around[ctx.roll(die(around.length), ctx.explaining ? label() : "target", f.id) - 1]!;
  say(ctx, SECTIONS.multipleTargets, () =>
    aim === undefined
      ? `${f.name} attacks whoever the fight brings: ${t.name}`
      : `${f.name} moved up to ${aim.name} among ${around.map((c) => c.name).join(", ")}, none singled out: it attacks whoever the fight brings, ${t.name}${t === aim ? "" : ` (not ${aim.name})`}`,
  );
  return t;
}

/**
 * An attack with `w` on `t`, moving up to half speed first if it must. `resumable`: the action
 * ends with the attack and no magic waits for the count's end, so exact odds may resume the round
 * between the attack roll and the damage (resolveAttack).
 */
export function attackWith(
  state: SwState,
  f: Fighter,
  target: Fighter,
  w: WeaponState,
  use: string,
  mode: "normal" | "charge",
  ctx: RuleContext,
  resumable: boolean,
): void {
  let t = target;
  const d = distance(f, t);
  let moved = 0;
  if (w.kind === "melee" && !inReach(w, d)) {
    moved = moveToward(
      state,
      f,
      t,
      w.reach,
      mode === "charge" ? f.sheet.speed - f.moved : halfMove(f),
      ctx,
    );
  } else if (w.kind === "missile" && !inRange(w, d)) {
    moved = moveToward(state, f, t, 3 * w.range, halfMove(f), ctx);
  }
  f.acted = true;
  if (f.status !== "fighting" && !(f.outRound === state.round && f.outCount === state.count))
    return;
  // Multiple Melee Targets: moved up among several foes, one that singled out none for the round
  // strikes whoever the fight brings.
  if (moved > 0 && mode === "normal" && w.kind === "melee" && f.steady.concentrating !== t.id) {
    const around = foesInReach(state, f, w);
    if (around.length >= 2) t = whoeverComes(f, around, ctx, t);
  }
  const now = distance(f, t);
  if (w.kind === "melee" ? !inReach(w, now) || f.fendedBy === t.id : !inRange(w, now)) {
    say(ctx, SECTIONS.melee, () => `${t.name} is out of reach: ${f.name}'s attack does not happen`);
    return;
  }
  let victim = t;
  if (w.kind === "missile") {
    victim = missileVictim(state, f, t, ctx);
    if (w.thrown || w.reload !== "") {
      // The weapon changes: the rest of the attack goes on with the fighter's own copy.
      const own = ownWeapon(f, w.id)!;
      if (own.thrown) own.count -= 1;
      if (own.reload !== "") own.loaded = false;
      w = own;
    }
  }
  resolveAttack(state, f, victim, w, use, mode, ctx, resumable);
}

function weaponById(f: Fighter, id: string): WeaponState | undefined {
  for (const w of f.steady.weapons) if (w.id === id) return w;
  return undefined;
}

function perform(
  state: SwState,
  f: Fighter,
  si: number,
  a: Action,
  ctx: RuleContext,
  deferred: DeferredMagic[],
): void {
  const slot = f.slots[si]!;
  switch (a.verb) {
    case "attack": {
      const w = weaponById(f, a.b);
      if (w === undefined || !usable(w)) return;
      let t: Fighter | undefined;
      if (a.a === "random") {
        const around = foesInReach(state, f, w);
        if (around.length === 0) return;
        t = whoeverComes(f, around, ctx);
      } else {
        t = find(state, a.a);
        if (t === undefined || !reachable(state, f, t, w, !f.acted)) {
          say(
            ctx,
            SECTIONS.combatRound,
            () => `${f.name} cannot reach its target; the action is lost`,
          );
          f.acted = true;
          return;
        }
      }
      if (t !== undefined)
        attackWith(state, f, t, w, slot.use, "normal", ctx, deferred.length === 0);
      return;
    }
    case "close": {
      const t = find(state, a.a);
      f.acted = true;
      if (t === undefined || t.status !== "fighting") return;
      moveToward(state, f, t, 5, f.sheet.speed - f.moved, ctx);
      if (distance(f, t) <= 5 && f.fendedBy !== t.id) {
        f.closedWith = t.id;
        say(
          ctx,
          SECTIONS.closing,
          () => `${f.name} closes with ${t.name}: no melee between them this round`,
        );
      }
      return;
    }
    case "retreat":
      f.acted = true;
      retreat(state, f, a.a === "careful" ? "careful" : a.a === "run" ? "run" : "free", ctx);
      return;
    case "extract": {
      const p = find(state, a.a);
      wholeRound(f);
      f.acted = true;
      if (p !== undefined) extract(state, f, p, ctx);
      return;
    }
    case "reload": {
      wholeRound(f);
      f.acted = true;
      const w = ownWeapon(f, a.a);
      if (w !== undefined) w.loaded = true;
      say(
        ctx,
        SECTIONS.archery,
        () => `${f.name} spans the ${w?.name ?? "crossbow"} (a full round)`,
      );
      return;
    }
    case "pickup": {
      f.acted = true;
      const w = ownWeapon(f, a.a);
      if (w !== undefined) w.dropped = false;
      say(ctx, SECTIONS.fumbles, () => `${f.name} picks up the ${w?.name ?? "weapon"}`);
      return;
    }
    case "wrestle":
    case "shove": {
      const t = find(state, a.a);
      f.acted = true;
      f.attacked = true;
      if (t === undefined || t.status !== "fighting" || distance(f, t) > 5) return;
      const ruling = ask(ctx, "gm", "grapple", grappleQuestion(f, t, a.verb));
      if (ruling === "pinned") ownSteady(t).pinnedThrough = state.round + 1;
      else if (ruling === "pushed") push(state, f, t);
      // Even a shove disrupts a spell being cast.
      if (ruling !== "fails") markHit(state, t, ctx);
      say(ctx, SECTIONS.unarmed, () =>
        ruling === "fails"
          ? `${f.name} fails to ${a.verb} ${t.name}`
          : ruling === "pinned"
            ? `${t.name} is pinned down until the end of the next round`
            : `${t.name} is pushed back 5 ft`,
      );
      return;
    }
    case "wand": {
      const m = f.steady.wands.find((x) => x.id === a.a);
      f.acted = true;
      f.attacked = true;
      if (m !== undefined) deferred.push({ kind: "wand", user: f, item: m, target: a.b });
      return;
    }
    case "hold":
      slot.done = false;
      slot.held = true;
      say(ctx, SECTIONS.order, () => `${f.name} holds its action to the end of the round`);
      return;
    default:
      f.acted = true;
  }
}

/** A charge: the full move in a straight line and a single attack. */
function charge(state: SwState, f: Fighter, ctx: RuleContext, resumable: boolean): void {
  const w = weaponById(f, f.steady.planItem);
  let t = find(state, f.steady.planTarget);
  if (t === undefined || !attackable(t))
    t = state.combatants.find((c) => c.side !== f.side && c.status === "fighting");
  if (w === undefined || t === undefined) {
    f.acted = true;
    return;
  }
  say(ctx, SECTIONS.charging, () => `${f.name} charges ${t!.name}`);
  attackWith(state, f, t, w, "main", "charge", ctx, resumable);
}

/** Plays slot `si` of `f` at the current count. */
export function performSlot(
  state: SwState,
  f: Fighter,
  si: number,
  ctx: RuleContext,
  deferred: DeferredMagic[],
): void {
  const slot = f.slots[si]!;
  slot.done = true;
  slot.held = false;
  if (!anyFoeFighting(state, f)) return;
  switch (f.steady.plan) {
    case "cast": {
      f.acted = true;
      const m = f.steady.spells.find((x) => x.id === f.steady.planItem);
      if (m !== undefined)
        deferred.push({ kind: "spell", user: f, item: m, target: f.steady.planTarget });
      return;
    }
    case "read": {
      f.acted = true;
      const m = f.steady.scrolls.find((x) => x.id === f.steady.planItem);
      if (m === undefined) return;
      if (f.steady.readLeft > 1 && !f.disrupted) {
        // Rounds of reading still to come: the round's end counts this one off.
        const more = f.steady.readLeft - 1;
        say(
          ctx,
          SECTIONS.magic,
          () =>
            `${f.name} reads on from the scroll of ${m.name} (${more} more ${more === 1 ? "round" : "rounds"})`,
        );
        return;
      }
      ownSteady(f).readLeft = 0;
      deferred.push({ kind: "spell", user: f, item: m, target: f.steady.planTarget });
      return;
    }
    case "charge":
      charge(state, f, ctx, deferred.length === 0);
      return;
  }
  if (f.steady.routed && !f.acted) {
    f.acted = true;
    retreat(state, f, "run", ctx);
    return;
  }
  const answer = ctx.decide(f.id, "action", actionQuestion(ctx, state, f, si));
  perform(state, f, si, parseAction(answer), ctx, deferred);
}
