// Sneak Attacks, positioning: the attacker "cannot already be engaged in combat with the target"
// (it attacked the target in the prior round, or the target attacked it then or earlier this
// round), and must be concealed at the start of its turn, within half its Move of the target
// before leaving concealment (whatever its weapon), or find the target distracted (engaged in
// melee with another creature, or just hurt by another's ranged attack). Fray works these out
// from the state; the GM confirms them when the attack is announced and may allow other
// distractions ("deeply focused on a conversation").
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import type { CartyrionState, CombatantState, WeaponState } from "../state.js";
import { askYesNo } from "./ask.js";
import { distance, engagedWithOther } from "./field.js";

/**
 * The attacker is "already engaged in combat with the target": it attacked the target in the prior
 * round (the chapter's own instance), or the target attacked it in the prior round or earlier in
 * this one (a fight between them is under way either way).
 */
export function alreadyEngaged(me: CombatantState, target: CombatantState): boolean {
  return (
    listed(me.attackedPrev, target.id) ||
    listed(target.attackedPrev, me.id) ||
    listed(target.attackedNow, me.id)
  );
}

/** `ids.includes(id)` for the short lists of foes attacked (a loop the policy can inline). */
function listed(ids: readonly string[], id: string): boolean {
  for (let i = 0; i < ids.length; i += 1) if (ids[i] === id) return true;
  return false;
}

/**
 * "Within half its movement range of the target before leaving concealment", with no exception
 * for ranged weapons: a shooter must be within half its Move of the target; a melee or reach
 * attacker within half its Move of striking distance.
 */
export function closeEnoughFromConcealment(
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
): boolean {
  const gap = Math.max(0, distance(me, target) - (w.kind === "ranged" ? 0 : w.reach));
  return gap <= me.move / 2;
}

export function distracted(
  state: CartyrionState,
  me: CombatantState,
  target: CombatantState,
): boolean {
  if (engagedWithOther(state, target, me)) return true;
  return (
    target.rangedHitBy !== "" &&
    target.rangedHitBy !== me.id &&
    target.rangedHitRound >= state.round - 1
  );
}

/** What the state says about the positioning conditions (the GM's default ruling). */
export function sneakPositioned(
  state: CartyrionState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
): boolean {
  if (alreadyEngaged(me, target)) return false;
  if (me.concealed && closeEnoughFromConcealment(me, target, w)) return true;
  return distracted(state, me, target);
}

function facts(
  state: CartyrionState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
): string {
  const f: string[] = [];
  if (me.concealed) {
    f.push(
      closeEnoughFromConcealment(me, target, w)
        ? `${me.name} is concealed and close enough`
        : `${me.name} is concealed but more than half its Move away`,
    );
  } else f.push(`${me.name} is not concealed`);
  if (engagedWithOther(state, target, me))
    f.push(`${target.name} is engaged in melee with another`);
  else if (
    target.rangedHitBy !== "" &&
    target.rangedHitBy !== me.id &&
    target.rangedHitRound >= state.round - 1
  )
    f.push(`${target.name} was just hit by a ranged attack`);
  else f.push(`${target.name} is not engaged with anyone else`);
  return f.join("; ");
}

/** A sneak attack as announced: what the GM rules on. */
export interface SneakAnnounced {
  readonly state: CartyrionState;
  readonly me: CombatantState;
  readonly target: CombatantState;
  readonly w: WeaponState;
}

/** The GM rules on the positioning when the sneak attack is announced. */
export function gmAllowsSneakAttack(
  state: CartyrionState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  ctx: RuleContext,
): boolean {
  const ok = askYesNo(
    ctx,
    "gm",
    "sneak-attack",
    () =>
      `${me.name} announces a sneak attack on ${target.name} (${facts(state, me, target, w)}). Are the positioning conditions met?`,
    {
      situation: { state, me, target, w } satisfies SneakAnnounced,
      // The blow it rules on (engine/last-result.ts).
      blow: { attacker: me.id, target: target.id },
    },
  );
  if (ctx.explaining) {
    ctx.explain(SECTIONS.sneak, () =>
      ok
        ? `the GM rules the positioning conditions met (${facts(state, me, target, w)})`
        : `the GM rules the positioning conditions not met (${facts(state, me, target, w)}): an ordinary attack instead`,
    );
  }
  return ok;
}
