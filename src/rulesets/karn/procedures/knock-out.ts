// Knock Out/Stun Called Shots: a successful knock-out blow lets the target make an END check;
// a failure rolls on the knock-out chart (woozy, stun, black out, knock out), each with its SP
// damage. A critical knock-out blow knocks out with no further roll.
import type { RuleContext } from "../../../engine/choice.js";
import {
  BLACK_OUT,
  KNOCKED_OUT,
  KNOCK_OUT_BANDS,
  KNOCK_OUT_NAMES,
  KNOCK_OUT_SP,
  STUN,
  WOOZY,
} from "../data/charts.js";
import type { Act } from "./melee-types.js";
import { CHECK_PASSES, chartRoll, checkRoll, dieRoll, label } from "./rolls.js";
import { loseStamina } from "./stamina.js";
import { SECTIONS } from "../sections.js";
import type { KarnState } from "../state.js";

const D4 = dieRoll(4);
const D6 = dieRoll(6);

/** Melees in a minute (What Is a Melee: about 10 seconds, around 6 a minute). */
export const MELEES_A_MINUTE = 6;

export function knockOut(
  state: KarnState,
  ctx: RuleContext,
  target: Act,
  automatic: boolean,
): void {
  const t = target.f;
  let result: number;
  if (automatic) {
    result = KNOCKED_OUT;
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.knockOut,
        () => `a critical knock-out blow: ${t.name} is knocked out, no roll`,
      );
    }
  } else {
    const check = ctx.roll(
      checkRoll(t.end),
      label(ctx.explaining, () => `${t.name}'s END check (${t.end}%) against the knock-out`, "end"),
      t.id,
    );
    if (check === CHECK_PASSES) {
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.knockOut,
          () => `${t.name} makes the END check (${t.end}%): no further effect`,
        );
      }
      return;
    }
    result = ctx.roll(
      chartRoll(KNOCK_OUT_BANDS),
      label(ctx.explaining, () => `${t.name} failed its END check: knock-out chart`, "knock-out"),
      "gm",
    );
  }
  const name = KNOCK_OUT_NAMES[result]!;
  const sp = loseStamina(
    state,
    ctx,
    t,
    KNOCK_OUT_SP[result]!,
    () => `${name}: ${KNOCK_OUT_SP[result]} SP damage`,
  );
  const m = state.melee;
  if (result === WOOZY || result === STUN || result === BLACK_OUT) {
    const n = ctx.roll(
      D6,
      label(ctx.explaining, () => `${name}: for how many melees (1D6)`, "melees"),
      "gm",
    );
    if (result === STUN) t.stunUntil = Math.max(t.stunUntil, m + n);
    else t.woozyUntil = Math.max(t.woozyUntil, m + n);
    if (result === BLACK_OUT) {
      t.blackedOut = m;
      target.stopped = true;
    }
    if (ctx.explaining) {
      ctx.explain(SECTIONS.knockOut, () => {
        const what =
          result === WOOZY
            ? `woozy through melee ${m + n} (-2 on all combat actions, -20% on skills)`
            : result === STUN
              ? `stunned through melee ${m + n} (no initiative rolls, -4 on all combat actions)`
              : `blacked out for the rest of this melee (no actions or defences), then woozy through melee ${m + n}`;
        return `${name}: ${t.name} is ${what}, and takes ${sp} SP damage (${t.sp} SP)`;
      });
    }
    return;
  }
  const minutes = ctx.roll(
    D4,
    label(ctx.explaining, () => "Knock Out: minutes unconscious (1D4)", "minutes"),
    "gm",
  );
  t.status = "unconscious";
  t.wakeAt = m + minutes * MELEES_A_MINUTE;
  target.stopped = true;
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.knockOut,
      () =>
        `${name}: ${t.name} is unconscious for ${minutes} minute${minutes === 1 ? "" : "s"} (to melee ${t.wakeAt}, then a RES check each minute) and takes ${sp} SP damage (${t.sp} SP)`,
    );
  }
}

/** An unconscious combatant whose time is up makes a RES check to wake (once a minute). */
export function wakeCheck(state: KarnState, ctx: RuleContext, target: Act["f"]): void {
  const check = ctx.roll(
    checkRoll(target.res),
    label(ctx.explaining, () => `${target.name}'s RES check (${target.res}%) to wake`, "res"),
    target.id,
  );
  if (check === CHECK_PASSES) {
    target.status = "fighting";
    target.wakeAt = 0;
  } else {
    target.wakeAt = state.melee + MELEES_A_MINUTE;
  }
  if (ctx.explaining) {
    ctx.explain(SECTIONS.knockOut, () =>
      check === CHECK_PASSES
        ? `${target.name} makes its RES check and wakes`
        : `${target.name} fails its RES check: unconscious another minute`,
    );
  }
}
