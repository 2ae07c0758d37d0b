// One melee (Combat Melee Quick Chart; What Is a Melee): unconscious combatants whose time is up
// try to wake, pairings form, and each pairing plays its steps on its own (initiative, the
// winners' actions, the defenders' answers, the winners' defences, roll and compare). When the
// melee ends, damage registers: at or under the hit points of the `outAtHp` switch a combatant
// is down, at 0 SP unconscious (switch `staminaOut`), and an injury the GM ruled disabling takes
// it out. A melee is resumable after each pairing's initiative and after each action rolled
// (melee-plan.ts), where exact odds merge equal states.
import type { RuleContext } from "../../../engine/choice.js";
import {
  declareDefender,
  declareWinner,
  declareWinnerAnswers,
  opponentPenalties,
} from "./declare.js";
import { fixInitiative, rollInitiative } from "./initiative.js";
import { wakeCheck } from "./knock-out.js";
import type { Pairing } from "./melee-types.js";
import {
  meleePlan,
  RESOLVE_START,
  restorePairings,
  type MeleePlan,
  type ResolveCursor,
} from "./melee-plan.js";
import { exchangePairing, formPairings } from "./pairings.js";
import { resolvePairing } from "./resolve.js";
import { SECTIONS } from "../sections.js";
import type { KarnState } from "../state.js";

/**
 * A resumable point of the melee (docs/odds.md): the plan of its pairings, with the `at`th at
 * `stage`, written into the state, then `ctx.checkpoint()`; true if the melee is to return at
 * once, leaving the state as it is (karn's `returnsAtCheckpoints`). Only the exact driver has a
 * checkpoint: the other drivers write nothing.
 */
export type Resume = (stage: MeleePlan["stage"], cursor?: ResolveCursor) => boolean;

function resumeAt(pairings: readonly Pairing[], at: number, ctx: RuleContext): Resume | null {
  const checkpoint = ctx.checkpoint;
  if (checkpoint === undefined) return null;
  return (stage, cursor) => {
    pairings[at]!.state.plan = meleePlan(pairings, at, stage, cursor);
    return checkpoint.call(ctx) === true;
  };
}

/**
 * One pairing's steps 1 to 5, or the rest of them from `from` (a melee resumed from its plan):
 * resumable after the initiative and after each action rolled in roll and compare. True if it
 * stopped at a resumable point.
 */
export function playPairing(
  pairings: readonly Pairing[],
  at: number,
  ctx: RuleContext,
  from: MeleePlan | null = null,
): boolean {
  const p = pairings[at]!;
  const state = p.state;
  const resume = resumeAt(pairings, at, ctx);
  if (from === null) {
    const fixed = state.exchange?.initiative;
    if (fixed === "attacker" || fixed === "defender") {
      const first = p.acts.find((a) => a.f.index === (fixed === "attacker" ? 0 : 1)) ?? p.acts[0]!;
      fixInitiative(p, ctx, first);
    } else {
      if (!rollInitiative(p, ctx)) return false;
      if (resume?.("declare") === true) return true;
    }
  }
  if (from === null || from.stage === "declare") {
    for (const w of p.winners) declareWinner(p, ctx, w);
    for (const d of p.defenders) declareDefender(p, ctx, d);
    for (const w of p.winners) declareWinnerAnswers(p, ctx, w);
    opponentPenalties(p, ctx);
  }
  return resolvePairing(
    p,
    ctx,
    from?.stage === "resolve" ? from.cursor : RESOLVE_START,
    resume === null ? null : (cursor) => resume("resolve", cursor),
    at < pairings.length - 1,
  );
}

/** A melee, or the rest of one when the state holds its plan (exact odds resume it there). */
export function playMelee(state: KarnState, ctx: RuleContext): void {
  const plan = state.plan;
  let pairings: Pairing[];
  let at = 0;
  if (plan === null) {
    state.melee += 1;
    for (const f of state.fighters) {
      f.best = -1;
      if (f.status === "unconscious" && f.wakeAt > 0 && f.wakeAt <= state.melee)
        wakeCheck(state, ctx, f);
    }
    pairings = state.exchange !== null ? [exchangePairing(state)] : formPairings(state, ctx);
  } else {
    pairings = restorePairings(state, plan);
    at = plan.at;
  }
  for (; at < pairings.length; at += 1)
    if (playPairing(pairings, at, ctx, plan !== null && at === plan.at ? plan : null)) return;
  state.plan = null;
  endOfMelee(state, ctx);
}

export function endOfMelee(state: KarnState, ctx: RuleContext): void {
  const out = state.switches.outAtHp;
  for (const f of state.fighters) {
    if (f.status !== "fighting" && f.status !== "unconscious") continue;
    let why: string | null = null;
    if (f.hp <= out) {
      f.status = "down";
      why = `at ${f.hp} HP, ${f.name} is down`;
    } else if (f.disabled) {
      f.status = "down";
      why = `${f.name}'s injury takes it out of the fight`;
    } else if (
      f.status === "fighting" &&
      f.sp <= 0 &&
      state.switches.staminaOut === "unconscious"
    ) {
      f.status = "unconscious";
      f.wakeAt = 0;
      why = `at ${f.sp} SP, ${f.name} collapses unconscious`;
    }
    if (why !== null && ctx.explaining) {
      const text = why;
      ctx.explain(SECTIONS.health, () => `the melee ends: ${text}`);
    }
  }
}
