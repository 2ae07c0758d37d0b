// Movement ("Movement"): up to Move feet a turn, before the action, after it, or split. Leap and
// Dash add movement beyond Move (how much is the GM's, asked each time); movement forced by an
// effect is not part of the turn's movement. Moving while concealed may need a DEX check to stay
// concealed (Sneak Attacks). Moving away from a creature one holds lets it go.
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import type { CartyrionState, CombatantState } from "../state.js";
import { ask } from "./ask.js";
import { check } from "./checks.js";
import { atFeet, distance } from "./field.js";
import { concealmentDcQuestion } from "./gm-questions.js";
import { labelsFor } from "./labels.js";

/** Releases anyone `me` was holding once they are no longer adjacent. */
export function releaseHolds(state: CartyrionState, me: CombatantState, ctx: RuleContext): void {
  for (const c of state.combatants) {
    if (c.heldBy === me.id && (distance(c, me) > 5 || me.status !== "fighting")) {
      c.heldBy = "";
      if (ctx.explaining)
        ctx.explain(SECTIONS.actions, `${c.name} is no longer held by ${me.name}`);
    }
  }
}

/**
 * After `me` moved `feet` ("moves toward" `other`, "steps back", ...): explain and let go of
 * holds. `how` is a constant so that nothing is built when nobody reads explanations.
 */
export function moved(
  state: CartyrionState,
  me: CombatantState,
  feet: number,
  how: string,
  ctx: RuleContext,
  other?: CombatantState,
): void {
  if (feet <= 0) return;
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.movement,
      `${me.name} ${how}${other === undefined ? "" : ` ${other.name}`}: ${feet} ft (now ${atFeet(me.pos)})`,
      {
        who: me.id,
        feet,
        pos: me.pos,
      },
    );
  }
  for (const c of state.combatants) {
    if (c.heldBy === me.id) {
      releaseHolds(state, me, ctx);
      break;
    }
  }
}

/** Sneak Attacks: "maintaining successful concealment may require a DEX check". */
export function keepConcealment(state: CartyrionState, me: CombatantState, ctx: RuleContext): void {
  if (!me.concealed) return;
  const dc = ask(ctx, "gm", "concealment-dc", concealmentDcQuestion(state, me, false));
  if (dc === 0) return;
  const ok = check(
    ctx,
    SECTIONS.sneak,
    labelsFor(me.name).dexterity,
    me.id,
    `${me.name}'s DEX check to stay concealed while moving`,
    me.dex,
    dc,
  );
  if (!ok) me.concealed = false;
}

/**
 * Sneak Attacks: concealment is "from the target"; a foe that finds a concealed combatant beside it
 * (actions.ts targetable) and attacks it has seen it, so its concealment ends.
 */
export function foundBy(me: CombatantState, target: CombatantState, ctx: RuleContext): void {
  if (!target.concealed) return;
  target.concealed = false;
  if (ctx.explaining)
    ctx.explain(SECTIONS.sneak, `${me.name} has found ${target.name}: it is no longer concealed`);
}
