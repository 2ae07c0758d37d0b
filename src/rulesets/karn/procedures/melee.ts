// One melee (Combat Melee Quick Chart; What Is a Melee): unconscious combatants whose time is up
// try to wake, pairings form, and each pairing plays its steps on its own (initiative, the
// winners' actions, the defenders' answers, the winners' defences, roll and compare). When the
// melee ends, damage registers: at or under the hit points of the `outAtHp` switch a combatant
// is down, at 0 SP unconscious (switch `staminaOut`), and an injury the GM ruled disabling takes
// it out.
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
import { exchangePairing, formPairings } from "./pairings.js";
import { resolvePairing } from "./resolve.js";
import { SECTIONS } from "../sections.js";
import type { KarnState } from "../state.js";

export function playPairing(p: Pairing, ctx: RuleContext): void {
  const state = p.state;
  const fixed = state.exchange?.initiative;
  if (fixed === "attacker" || fixed === "defender") {
    const first = p.acts.find((a) => a.f.index === (fixed === "attacker" ? 0 : 1)) ?? p.acts[0]!;
    fixInitiative(p, ctx, first);
  } else if (!rollInitiative(p, ctx)) {
    return;
  }
  for (const w of p.winners) declareWinner(p, ctx, w);
  for (const d of p.defenders) declareDefender(p, ctx, d);
  for (const w of p.winners) declareWinnerAnswers(p, ctx, w);
  opponentPenalties(p, ctx);
  resolvePairing(p, ctx);
}

export function playMelee(state: KarnState, ctx: RuleContext): void {
  state.melee += 1;
  for (const f of state.fighters) {
    f.best = -1;
    if (f.status === "unconscious" && f.wakeAt > 0 && f.wakeAt <= state.melee)
      wakeCheck(state, ctx, f);
  }
  const pairings = state.exchange !== null ? [exchangePairing(state)] : formPairings(state, ctx);
  for (const p of pairings) playPairing(p, ctx);
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
