// Moving on the line: toward a foe (half speed with an attack, full speed to close or charge),
// and away (Retreating). Moving through a foe's hex draws its free attack, which may fend the
// mover into an adjacent hex on either side (Movement within Melee); coming at a polearm that
// still has its attack lets it strike first and perhaps fend the mover off for the round (Spears
// and Polearms). A formed shield-wall marches in step.
import { aimed, type RuleContext } from "../../../engine/choice.js";
import { fractionOf } from "../switches.js";
import { die, HIT, NATURAL_20, rollUnder } from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, SwState, WeaponState } from "../state.js";
import { ask, askYesNo } from "./ask.js";
import { readyForFreeAttack, resolveAttack } from "./attack.js";
import { awayFromFoes, distance, usable } from "./field.js";
import { fendedOffQuestion, freeAttackQuestion } from "./gm-questions.js";
import { wallNeighbours } from "./shield-wall.js";
import { bestMelee } from "./damage-numbers.js";
import { ownSteady } from "../own-steady.js";

function say(ctx: RuleContext, section: Parameters<RuleContext["explain"]>[0], text: () => string) {
  if (ctx.explaining) ctx.explain(section, text);
}

/** Shifts `f` by `delta` feet, with the shield-wall members locked beside it. */
function shift(state: SwState, f: Fighter, delta: number): void {
  if (delta === 0) return;
  const from = f.pos;
  if (wallNeighbours(state, f) >= 0) {
    for (const wall of state.walls) {
      if (!wall.includes(f.id)) continue;
      for (const id of wall) {
        const g = state.combatants.find((c) => c.id === id);
        if (g === undefined || g === f || g.status !== "fighting" || g.pos !== from) continue;
        g.pos += delta;
        g.moved += Math.abs(delta);
      }
    }
  }
  f.pos += delta;
  f.moved += Math.abs(delta);
}

/** A polearm `h` holds that reaches further than the adjacent hex and can still strike this round. */
function fendingWeapon(state: SwState, h: Fighter): WeaponState | undefined {
  if (!readyForFreeAttack(state, h)) return undefined;
  if (!h.slots.some((s) => !s.done)) return undefined;
  let best: WeaponState | undefined;
  for (const w of h.steady.weapons)
    if (
      w.kind === "melee" &&
      usable(w) &&
      w.reach > 5 &&
      (best === undefined || w.reach > best.reach)
    )
      best = w;
  return best;
}

interface PathEvent {
  at: number;
  kind: "pass" | "fend";
  who: Fighter;
  w: WeaponState | undefined;
}

/**
 * Moves `me` toward `target` until `stop` feet from it, at most `budget` feet, with the events
 * on the way. Returns the feet moved.
 */
export function moveToward(
  state: SwState,
  me: Fighter,
  target: Fighter,
  stop: number,
  budget: number,
  ctx: RuleContext,
): number {
  const d = distance(me, target);
  if (d <= stop || budget <= 0 || me.status !== "fighting") return 0;
  const dir = target.pos >= me.pos ? 1 : -1;
  me.facing = dir;
  const from = me.pos;
  const go = Math.min(budget, d - stop);
  const to = from + dir * go;
  const events: PathEvent[] = [];
  for (const g of state.combatants) {
    if (g.side === me.side || g.status !== "fighting") continue;
    const rel = dir * (g.pos - from);
    // Movement within Melee: through g's hex (not up to a foe it is moving in to attack).
    if (g !== target && rel > 0 && dir * (to - g.pos) >= 0 && readyForFreeAttack(state, g))
      events.push({ at: rel - 5, kind: "pass", who: g, w: bestMelee(g, 5) });
    // Spears and Polearms: coming into a polearm's reach on the way to arm's reach of it.
    const w = fendingWeapon(state, g);
    if (
      w !== undefined &&
      Math.abs(from - g.pos) > w.reach &&
      Math.abs(to - g.pos) < w.reach &&
      Math.abs(to - g.pos) <= 5
    )
      events.push({ at: Math.abs(from - g.pos) - w.reach, kind: "fend", who: g, w });
  }
  if (events.length > 1) events.sort((a, b) => a.at - b.at);
  for (const e of events) {
    if (me.status !== "fighting" || e.w === undefined) break;
    if (e.kind === "fend") {
      const h = e.who;
      const w = e.w;
      const fend = askYesNo(
        ctx,
        h.id,
        "fend",
        () =>
          `${me.name} comes at ${h.name}'s ${w.name}: strike to keep it at bay (${h.name}'s attack for this round)?`,
        // The blow it decides, on the mover's move (engine/last-result.ts).
        { situation: null, blow: { attacker: h.id, target: me.id } },
        ["strike as it comes", "hold the attack"],
      );
      if (!fend) continue;
      const slot = h.slots.find((s) => !s.done);
      if (slot !== undefined) {
        slot.done = true;
        slot.held = false;
      }
      h.acted = true;
      shift(state, me, dir * Math.max(0, e.at) - (me.pos - from));
      const r = resolveAttack(state, h, me, w, "main", "fend", ctx);
      if ((r === HIT || r === NATURAL_20) && me.status === "fighting") {
        if (ask(ctx, "gm", "fended-off", fendedOffQuestion(h, me))) {
          me.fendedBy = h.id;
          say(
            ctx,
            SECTIONS.spears,
            () => `${me.name} is fended off by ${h.name}'s ${w.name} for this round`,
          );
          return Math.abs(me.pos - from);
        }
        say(ctx, SECTIONS.spears, () => `${me.name} is not dissuaded and comes on`);
      }
      continue;
    }
    // Passing through a defended hex: a free attack that may fend the mover aside.
    const g = e.who;
    shift(state, me, dir * Math.max(0, e.at) - (me.pos - from));
    say(
      ctx,
      SECTIONS.movementInMelee,
      () => `${me.name} moves through ${g.name}'s hex: a free attack`,
    );
    const r = resolveAttack(state, g, me, e.w, "main", "free", ctx);
    if ((r === HIT || r === NATURAL_20) && me.status === "fighting") {
      const way = ctx.roll(
        aimed(ctx, die(2), g.id, me.id),
        ctx.explaining ? `which way ${me.name} is fended (1 back, 2 on)` : "direction",
        g.id,
      );
      const landing = g.pos + (way === 1 ? -dir : dir) * 5;
      shift(state, me, landing - me.pos);
      say(
        ctx,
        SECTIONS.movementInMelee,
        () =>
          `${me.name} is fended off into the hex ${way === 1 ? "it came from" : "beyond, on its way"}`,
      );
      return Math.abs(me.pos - from);
    }
  }
  if (me.status === "fighting") shift(state, me, to - me.pos);
  const moved = Math.abs(me.pos - from);
  if (moved > 0)
    say(
      ctx,
      SECTIONS.combatRound,
      () =>
        `${me.name} moves ${moved} ft toward ${target.name} (now ${distance(me, target)} ft apart)`,
    );
  return moved;
}

export type Pace = "free" | "careful" | "run";

/**
 * Retreating: a stumble or a run grants "an opponent" (one) an immediate free attack; when
 * several could take it, the GM says which (`gm:free-attack`).
 */
function freeAttack(state: SwState, me: Fighter, near: readonly Fighter[], ctx: RuleContext): void {
  if (near.length === 0 || me.status !== "fighting") return;
  let g = near[0]!;
  if (near.length > 1) {
    const id = ask(ctx, "gm", "free-attack", freeAttackQuestion(state, me, near));
    g = near.find((c) => c.id === id) ?? g;
  }
  resolveAttack(state, g, me, bestMelee(g, distance(g, me))!, "main", "free", ctx);
}

/** Retreating: backing away at a fraction of speed, with its penalties. */
export function retreat(state: SwState, me: Fighter, pace: Pace, ctx: RuleContext): void {
  const sw = state.switches;
  const fraction =
    pace === "free"
      ? fractionOf(sw.retreatFree)
      : pace === "careful"
        ? fractionOf(sw.retreatCareful)
        : 1;
  const feet = state.round === me.steady.proneRound ? 0 : Math.floor(me.sheet.speed * fraction);
  const dir = awayFromFoes(state, me);
  const near = state.combatants.filter(
    (g) =>
      g.side !== me.side &&
      readyForFreeAttack(state, g) &&
      bestMelee(g, distance(g, me)) !== undefined,
  );
  if (pace === "run") {
    me.retreat = 4;
    me.fleeing = true;
    say(
      ctx,
      SECTIONS.retreating,
      () =>
        `${me.name} turns tail and runs (${feet} ft): -4 AC, and a free attack it may not reply to`,
    );
    freeAttack(state, me, near, ctx);
  } else if (pace === "careful") {
    me.retreat = 2;
    const target = me.sheet.dex + state.terrainDexModifier;
    const ok =
      ctx.roll(
        rollUnder(target),
        ctx.explaining ? `${me.name}'s DEX roll (d20 at or under ${target})` : "dex",
        me.id,
      ) === 1;
    say(ctx, SECTIONS.retreating, () =>
      ok
        ? `${me.name} backs away ${feet} ft at -2 AC and keeps its feet`
        : `${me.name} backs away at -2 AC and stumbles: a free attack, and a half-move next round to get up`,
    );
    if (!ok) {
      ownSteady(me).proneRound = state.round + 1;
      freeAttack(state, me, near, ctx);
    }
  } else {
    say(ctx, SECTIONS.retreating, () => `${me.name} backs away ${feet} ft without penalty`);
  }
  if (me.status === "fighting") shift(state, me, dir * feet);
}

/** Pushes `t` 5 ft away from `me` (a shove the GM allows). */
export function push(state: SwState, me: Fighter, t: Fighter): void {
  const dir = t.pos >= me.pos ? 1 : -1;
  t.pos += dir * 5;
}
