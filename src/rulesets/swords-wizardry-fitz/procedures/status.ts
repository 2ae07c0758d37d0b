// Conditions that last: stunned, knocked out, blinded by a helmet knocked awry, pinned; and the
// roll of their durations. A duration die is rolled at the start of the next round, when it
// first matters (the current round always counts as the first round of the condition), so that
// one round's exact odds do not branch on it.
import type { RuleContext } from "../../../engine/choice.js";
import { DEFAULTS } from "../data/defaults.js";
import { die } from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, Status, SwState } from "../state.js";
import { ownSteady } from "../own-steady.js";

/** Takes `f` out of the fight (or deeper out of it) at the current round and count. */
export function takeOut(state: SwState, f: Fighter, status: Status): void {
  if (f.status === status) return;
  if (f.status === "fighting") {
    f.outRound = state.round;
    f.outCount = state.count;
  }
  f.status = status;
}

/** Stunned from now: through `through`, or (with `die`) for that many rounds, this one the first. */
export function stun(state: SwState, f: Fighter, through: number, stunDie: number): void {
  if (f.stunnedThrough < state.round) {
    f.stunRound = state.round;
    f.stunCount = state.count;
  }
  f.stunnedThrough = Math.max(f.stunnedThrough, through, state.round);
  if (stunDie > f.stunDie) {
    f.stunDie = stunDie;
    f.stunFrom = state.round;
  }
}

/**
 * Unarmed Combat: knocked unconscious for 1d4 rounds, from fighting or from the unconsciousness
 * of a failed save versus death the same blow brought (then it stays unconscious after them).
 */
export function knockOut(state: SwState, f: Fighter, ctx: RuleContext): void {
  if (f.status !== "fighting" && f.status !== "down") return;
  const own = ownSteady(f);
  own.knockoutWakes = f.status === "fighting";
  takeOut(state, f, "knocked-out");
  own.knockoutThrough = state.round;
  own.knockoutDie = DEFAULTS.knockoutDie;
  own.knockoutFrom = state.round;
  if (ctx.explaining)
    ctx.explain(SECTIONS.unarmed, () =>
      f.steady.knockoutWakes
        ? `${f.name}, already stunned, is knocked unconscious for 1d4 rounds`
        : `${f.name}, already stunned, is knocked unconscious for 1d4 rounds, and stays unconscious after them (its failed save versus death)`,
    );
}

/** A helmet knocked over the eyes (Fumbles): blind for 1d3 rounds. */
export function blind(state: SwState, f: Fighter): void {
  const own = ownSteady(f);
  own.blindThrough = Math.max(own.blindThrough, state.round);
  own.blindDie = 3;
  own.blindFrom = state.round;
}

function rollDuration(ctx: RuleContext, f: Fighter, sides: number, what: string): number {
  return ctx.roll(die(sides), ctx.explaining ? `rounds of ${f.name}'s ${what}` : what, f.id);
}

/** Start of a round: durations still to roll are rolled; what has run out ends. */
export function tickConditions(state: SwState, ctx: RuleContext): void {
  for (const f of state.combatants) {
    if (f.stunDie > 0) {
      const n = rollDuration(ctx, f, f.stunDie, "stun");
      f.stunnedThrough = Math.max(f.stunnedThrough, f.stunFrom + n - 1);
      f.stunDie = 0;
      if (ctx.explaining) {
        const until = f.stunnedThrough;
        ctx.explain(SECTIONS.mightyBlows, () =>
          until >= state.round
            ? `${f.name} is stunned for ${n} rounds: through round ${until}`
            : `${f.name} is stunned for ${n} round: it has come round`,
        );
      }
    }
    if (f.steady.knockoutDie > 0) {
      const n = rollDuration(ctx, f, f.steady.knockoutDie, "unconsciousness");
      const own = ownSteady(f);
      own.knockoutThrough = Math.max(own.knockoutThrough, own.knockoutFrom + n - 1);
      own.knockoutDie = 0;
      if (ctx.explaining) {
        const until = f.steady.knockoutThrough;
        ctx.explain(
          SECTIONS.unarmed,
          () => `${f.name} is unconscious for ${n} rounds: through round ${until}`,
        );
      }
    }
    if (f.steady.blindDie > 0) {
      const n = rollDuration(ctx, f, f.steady.blindDie, "helmet fixing");
      const own = ownSteady(f);
      own.blindThrough = Math.max(own.blindThrough, own.blindFrom + n - 1);
      own.blindDie = 0;
    }
    if (f.status === "knocked-out" && f.steady.knockoutThrough < state.round) {
      // Critical Hits and Fumbles: at 0 hit points or below only a save versus death keeps it
      // conscious (it fights on at -2).
      const wakes = f.steady.knockoutWakes && (f.hp > 0 || f.steady.fightingOn);
      f.status = wakes ? "fighting" : "down";
      if (ctx.explaining)
        ctx.explain(SECTIONS.unarmed, () =>
          wakes
            ? `${f.name} comes round`
            : `${f.name} does not come round: its wounds keep it down`,
        );
    }
  }
}
