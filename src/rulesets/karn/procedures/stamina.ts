// Stamina damage (SP) from the fumble, critical and knock-out charts. The only rule that reads a
// combatant's SP is the end of a melee (melee.ts, "Hit points and stamina (Fray default)"): at or
// under 0 SP a fighter still fighting collapses unconscious (switch `staminaOut`), and SP only
// ever goes down. So every total that leaves SP at or under 0 leaves the combatant alike, and
// none matters for a combatant whose SP no later rule reads (`staminaUnread`): the SP roll tells
// the exact driver so (`ctx.roll`'s low and high), and `forget` (spent.ts) sets such SP to 0.
import { struck, type Blow, type RuleContext } from "../../../engine/choice.js";
import { diceRoll } from "../../../engine/roll-specs.js";
import { label } from "./rolls.js";
import type { Fighter, KarnState } from "../state.js";

/**
 * No later rule reads `f`'s SP: stamina is ignored (switch), or `f` is out for good (down, fled,
 * collapsed unconscious with no time to wake: `wakeAt` 0) or down when the melee ends (at or
 * under the `outAtHp` switch, hit points never coming back in a fight, or disabled).
 */
export function staminaUnread(state: KarnState, f: Fighter): boolean {
  return (
    state.switches.staminaOut === "ignored" ||
    f.status === "down" ||
    f.status === "fled" ||
    (f.status === "unconscious" && f.wakeAt === 0) ||
    f.hp <= state.switches.outAtHp ||
    f.disabled
  );
}

/**
 * The alike totals of an SP roll against `f` (see `RuleContext.roll`): every total at least
 * `high` leaves SP at or under 0; with SP unread, every total is at most `low`.
 */
export function staminaBounds(
  state: KarnState,
  f: Fighter,
): { readonly low: number; readonly high: number } {
  return staminaUnread(state, f)
    ? { low: Infinity, high: Infinity }
    : { low: -Infinity, high: Math.max(f.sp, 0) };
}

/** `f` loses `dice` SP (a number, or dice the GM rolls, of `blow` when it is one's); returns the SP lost. */
export function loseStamina(
  state: KarnState,
  ctx: RuleContext,
  f: Fighter,
  dice: string,
  text: () => string,
  blow?: Blow,
): number {
  let n: number;
  if (/^\d+$/.test(dice)) n = Number(dice);
  else {
    const { low, high } = staminaBounds(state, f);
    const spec = diceRoll(dice);
    // A critical's SP is its blow's (engine/last-result.ts).
    const aimedAt = blow === undefined ? spec : struck(ctx, spec, blow);
    n = ctx.roll(aimedAt, label(ctx.explaining, text, "sp"), "gm", low, high);
  }
  f.sp -= n;
  return n;
}
