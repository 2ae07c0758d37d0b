// What a combatant may do at one of its initiative counts, as the answers of its "action"
// decision: attacks (a weapon the count's attack may use, on a foe it can reach with half its
// move, or at random among the foes in reach: Multiple Melee Targets), closing, retreating,
// pulling a missile out, reloading, picking up, wrestling or shoving, a wand, holding the action
// to the end of the round (Order of Battle), or nothing. The policies use the same predicates.
import { answerParts, answerText, cachedReader } from "../../../engine/answer-text.js";
import type { Choice } from "../../../engine/choice.js";
import { orList } from "../../../engine/or-list.js";
import type { Fighter, Slot, SwState, WeaponState } from "../state.js";
import { attackable, distance, inCombat, inRange, inReach, usable, halfMove } from "./field.js";

/**
 * May weapon number `i` of `f` make the attack of `slot`? 4. The Combat Round: "move up to half
 * their speed and attack once": after moving, a second weapon or a bow's second arrow has no
 * attack left (a monster's natural attacks are its one attack routine).
 */
export function weaponFits(f: Fighter, slot: Slot, w: WeaponState, i: number): boolean {
  if (!usable(w) || (f.moved > 0 && f.strikes > 0 && !w.natural)) return false;
  switch (slot.use) {
    case "main":
      return !w.natural && !(f.steady.plan === "two-weapons" && i === f.sheet.offHand);
    case "off":
      return i === f.sheet.offHand;
    case "arrow":
      return w.bow && f.moved === 0;
    default:
      return w.id === slot.use;
  }
}

/** Can `f` still move this round (its first action, on its feet)? */
export function canMove(state: SwState, f: Fighter): boolean {
  return !f.acted && f.steady.proneRound !== state.round && f.sheet.speed > 0;
}

/**
 * Closing into combat: the closer gets no melee attack that round, and its foe none on it, or
 * (switch `closingNoAttack: all`) none at all; a foe that fended `f` off is out of its reach.
 */
export function meleeBarred(state: SwState, f: Fighter, t: Fighter): boolean {
  if (f.fendedBy === t.id || f.closedWith !== "") return true;
  if (state.switches.closingNoAttack === "all") {
    for (const c of state.combatants) if (c.closedWith === f.id) return true;
    return false;
  }
  return t.closedWith === f.id;
}

/** Can `f` attack `t` with `w` now, moving up to half its speed first when `move`? */
export function reachable(
  state: SwState,
  f: Fighter,
  t: Fighter,
  w: WeaponState,
  move: boolean,
): boolean {
  if (t.side === f.side || !attackable(t)) return false;
  const d = distance(f, t);
  if (w.kind === "melee") {
    if (meleeBarred(state, f, t)) return false;
    if (inReach(w, d)) return true;
    if (!move || (w.long && d <= 5)) return false;
    return d - w.reach <= halfMove(f);
  }
  if (inRange(w, d)) return true;
  // Out of range: half a move toward the foe helps only when it is too far, not too near.
  return move && d > 3 * w.range && d - 3 * w.range <= halfMove(f);
}

/**
 * Foes within reach of `w` without moving (for the random target of Multiple Melee Targets), or
 * from the space `at` (where a move up ends).
 */
export function foesInReach(state: SwState, f: Fighter, w: WeaponState, at = f.pos): Fighter[] {
  const out: Fighter[] = [];
  if (w.kind !== "melee") return out;
  for (const t of state.combatants)
    if (
      t.side !== f.side &&
      attackable(t) &&
      inReach(w, Math.abs(t.pos - at)) &&
      !meleeBarred(state, f, t)
    )
      out.push(t);
  return out;
}

/**
 * Where `f` stands once moved up to strike `t` with the melee weapon `w` (slot.ts attackWith:
 * toward `t`, to the weapon's reach), unless something on the way stops it.
 */
export function movedUpTo(f: Fighter, t: Fighter, w: WeaponState): number {
  return t.pos >= f.pos ? t.pos - w.reach : t.pos + w.reach;
}

/**
 * The foes `f` could strike with a melee weapon without moving (Multiple Melee Targets: the
 * opponents within reach it may single out one of), or none when there are fewer than two.
 */
export function foesAround(state: SwState, f: Fighter): Fighter[] {
  let n = 0;
  for (const t of state.combatants) if (inMeleeReach(state, f, t)) n += 1;
  if (n < 2) return [];
  return state.combatants.filter((t) => inMeleeReach(state, f, t));
}

function inMeleeReach(state: SwState, f: Fighter, t: Fighter): boolean {
  if (t.side === f.side || !attackable(t) || meleeBarred(state, f, t)) return false;
  const d = distance(f, t);
  for (const w of f.steady.weapons) if (usable(w) && inReach(w, d)) return true;
  return false;
}

export function embeddedPatients(state: SwState, f: Fighter): Fighter[] {
  return state.combatants.filter(
    (c) =>
      c.side === f.side &&
      c.status === "fighting" &&
      c.steady.embedded.length > 0 &&
      distance(c, f) <= 5,
  );
}

/** Every answer of `f`'s "action" decision at slot `si`. */
export function listActions(state: SwState, f: Fighter, si: number): Choice<string>[] {
  const slot = f.slots[si]!;
  const out: Choice<string>[] = [];
  const first = !f.acted;
  const move = canMove(state, f);
  // Retreating: a runner's free attack is one "to which you may not reply": having turned tail,
  // it attacks no more this round, not even with a second weapon on a foe that follows it.
  if (!f.steady.fullDefence && !f.fleeing) {
    f.steady.weapons.forEach((w, i) => {
      if (!weaponFits(f, slot, w, i)) return;
      const inReachNow = foesInReach(state, f, w);
      if (inReachNow.length >= 2)
        out.push({
          value: `attack:random:${w.id}`,
          label: `attack with the ${w.name}: a random one of ${orList(inReachNow.map((t) => t.name))}`,
          group: "attack",
        });
      for (const t of state.combatants) {
        if (!reachable(state, f, t, w, move && slot.use !== "arrow")) continue;
        // Multiple Melee Targets: among several in reach, only the one singled out for the round.
        const among = inReachNow.length >= 2 && inReachNow.includes(t);
        if (among && f.steady.concentrating !== t.id) continue;
        const d = distance(f, t);
        const moving = w.kind === "melee" ? !inReach(w, d) : !inRange(w, d);
        // Multiple Melee Targets: moved up among several foes without singling this one out,
        // the blow goes to one at random (slot.ts attackWith): say so, not only the foe it goes
        // for.
        const there =
          moving && f.steady.concentrating !== t.id
            ? foesInReach(state, f, w, movedUpTo(f, t, w))
            : [];
        out.push({
          value: `attack:${t.id}:${w.id}`,
          label:
            there.length >= 2
              ? `move up to ${t.name}, then attack with the ${w.name}: ${orList(there.map((c) => c.name))}, rolled`
              : `attack ${t.name} with the ${w.name}${moving ? " (moving up first)" : ""}${among ? " (singled out)" : ""}`,
          group: "attack",
        });
      }
    });
  }
  if (first) {
    if (move) {
      for (const t of state.combatants) {
        if (
          t.side !== f.side &&
          t.status === "fighting" &&
          !t.steady.undetected &&
          distance(f, t) > 5
        )
          out.push({
            value: `close:${t.id}`,
            label: `close with ${t.name} (a full move; no melee between them this round)`,
            group: "move",
          });
      }
    }
    if (inCombat(state, f) && move) {
      out.push({
        value: "retreat:free",
        label: `back away at ${state.switches.retreatFree} speed`,
        group: "move",
      });
      out.push({
        value: "retreat:careful",
        label: `back away at ${state.switches.retreatCareful} speed (-2 AC, DEX roll)`,
        group: "move",
      });
    }
    // Morale: the fearless always fight to the death; turning tail is no choice of theirs.
    if (f.sheet.speed > 0 && f.steady.proneRound !== state.round && !f.sheet.fearless)
      out.push({
        value: "retreat:run",
        label: "run (-4 AC and a free attack; leaves the fight if it gets clear)",
        group: "move",
      });
    for (const p of embeddedPatients(state, f))
      out.push({
        value: `extract:${p.id}`,
        label: `pull the missile out of ${p.name} (a full round)`,
        group: "other",
      });
    for (const w of f.steady.weapons) {
      if (w.reload === "heavy" && !w.loaded && !w.dropped)
        out.push({
          value: `reload:${w.id}`,
          label: `span the ${w.name} (a full round)`,
          group: "other",
        });
      if (w.dropped)
        out.push({ value: `pickup:${w.id}`, label: `pick up the ${w.name}`, group: "other" });
    }
    // Fighting Defensively makes no attacks: no wrestling or shoving either (Unarmed Combat).
    for (const t of state.combatants) {
      if (f.steady.fullDefence) break;
      if (t.side === f.side || t.status !== "fighting" || t.steady.undetected || distance(f, t) > 5)
        continue;
      out.push({
        value: `wrestle:${t.id}`,
        label: `wrestle ${t.name} to the ground`,
        group: "attack",
      });
      out.push({ value: `shove:${t.id}`, label: `push ${t.name} back`, group: "attack" });
    }
    for (const m of f.steady.wands) {
      if (m.uses <= 0) continue;
      for (const t of state.combatants)
        if (t.side !== f.side && attackable(t) && distance(f, t) <= m.range)
          out.push({
            value: `wand:${m.id}:${t.id}`,
            label: `use the ${m.name} on ${t.name} (${m.uses} ${m.uses === 1 ? "charge" : "charges"} left)`,
            group: "attack",
          });
    }
  }
  if (state.count > 0 && !slot.held)
    out.push({ value: "hold", label: "hold: act at the end of the round", group: "other" });
  out.push({ value: "wait", label: "do nothing", group: "other" });
  return out;
}

export interface Action {
  readonly verb: string;
  readonly a: string;
  readonly b: string;
}

/** The parts of an action answer ("attack:orc:long-sword"), cached: answers repeat. */
export const parseAction = cachedReader((answer): Action => {
  const [verb, a, b] = answerParts(answer);
  return { verb, a, b };
}, 100_000);

/** "verb:a:b" (or "verb:a"), built once per combination: policies answer with it every count. */
export function actionText(verb: string, a: string, b = ""): string {
  return answerText(verb, a, b);
}

/** How many foes `w` reaches without moving, and whether `t` is one of them. */
export function countInReach(state: SwState, f: Fighter, w: WeaponState, t: Fighter): number {
  if (w.kind !== "melee") return 0;
  let n = 0;
  let hasT = false;
  for (const c of state.combatants) {
    if (
      c.side === f.side ||
      !attackable(c) ||
      !inReach(w, distance(f, c)) ||
      meleeBarred(state, f, c)
    )
      continue;
    n += 1;
    if (c === t) hasT = true;
  }
  return hasT ? n : -n;
}
