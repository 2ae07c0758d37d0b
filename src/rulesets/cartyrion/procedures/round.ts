// The Combat Round: initiative for the round, the first side's members taking their turns in the
// order that side chooses, then the other side's, then the round's end (withdrawals complete,
// "attacked in the prior round" moves on, surprise wears off). The state records the round's
// progress, so that the round resumes between turns.
import { z } from "zod";
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import type { CartyrionState, CombatantState, RoundProgress } from "../state.js";
import { ask } from "./ask.js";
import { anyFoeFighting, distance, meleeReach } from "./field.js";
import { applySurprise, rollInitiative } from "./initiative.js";
import { releaseHolds } from "./movement.js";
import { takeTurn } from "./turn.js";

const ID = z.string({ error: "the id of a combatant who has not acted this round" });

/** Who of a side may act next: what the side's tactic for "next" weighs. */
export interface TurnOrder {
  readonly state: CartyrionState;
  readonly waiting: readonly CombatantState[];
}

/** Determining Turn Order: the side that acts chooses who goes next, one turn at a time. */
function pickNext(
  state: CartyrionState,
  waiting: CombatantState[],
  party: boolean,
  ctx: RuleContext,
): CombatantState {
  if (waiting.length === 1) return waiting[0]!;
  const actor = party ? waiting[0]!.side : "gm";
  const id = ask(ctx, actor, "next", {
    prompt: () => `Who acts next for the ${party ? "party" : "opponents"}?`,
    schema: () => ID,
    choices: () => waiting.map((c) => ({ value: c.id, label: c.name })),
    situation: { state, waiting } satisfies TurnOrder,
  });
  return waiting.find((c) => c.id === id) ?? waiting[0]!;
}

function playCamp(state: CartyrionState, party: boolean, ctx: RuleContext): void {
  const cs = state.combatants;
  const acted = state.progress!.acted;
  let count = 0;
  let only: CombatantState | undefined;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.party === party && c.status === "fighting" && !c.surprised) {
      count += 1;
      only = c;
    }
  }
  if (count === 1) {
    if (acted.length === 0 && anyFoeFighting(state, only!)) {
      takeTurn(state, only!, ctx);
      turnTaken(state, only!, ctx);
    }
  } else if (count > 1 && !playInTurn(state, party, ctx)) return;
  if (ctx.explaining) {
    for (const c of cs) {
      if (c.party === party && c.surprised && c.status === "fighting") {
        ctx.explain(SECTIONS.surprise, `${c.name} is surprised and takes no turn this round`);
      }
    }
  }
}

/**
 * A turn is over: the round can be resumed from here (exact odds merge equal states), unless no
 * turn is left (only the round's end: a state kept there would be one more for each of the
 * round's ends, each played on by one run to it).
 */
function turnTaken(state: CartyrionState, c: CombatantState, ctx: RuleContext): void {
  const progress = state.progress!;
  progress.acted.push(c.id);
  // Only a driver that resumes (exact odds) has a checkpoint: a simulation skips the look.
  if (ctx.checkpoint !== undefined && turnsLeft(state, c.party, progress)) ctx.checkpoint();
}

/**
 * May anyone still take a turn this round after one of `party`'s: one of its side still waiting,
 * or, while the first side plays, anyone of the other side fighting and not surprised.
 */
function turnsLeft(state: CartyrionState, party: boolean, progress: RoundProgress): boolean {
  for (const o of state.combatants) {
    if (o.status !== "fighting" || o.surprised) continue;
    if (o.party === party ? !progress.acted.includes(o.id) : progress.sidesDone === 0) return true;
  }
  return false;
}

/**
 * A side of several: each turn, the side picks who acts next among those still waiting. False
 * when the fight ended before everyone had a turn.
 */
function playInTurn(state: CartyrionState, party: boolean, ctx: RuleContext): boolean {
  const acted = state.progress!.acted;
  let waiting = state.combatants.filter(
    (c) => c.party === party && c.status === "fighting" && !c.surprised && !acted.includes(c.id),
  );
  while (waiting.length > 0) {
    const next = pickNext(state, waiting, party, ctx);
    if (!anyFoeFighting(state, next)) return false;
    takeTurn(state, next, ctx);
    turnTaken(state, next, ctx);
    waiting = waiting.filter((c) => c !== next && c.status === "fighting");
  }
  return true;
}

/** Is a foe of `c` still fighting with `c` within its reach? */
function foeHasInReach(state: CartyrionState, c: CombatantState): boolean {
  for (const f of state.combatants)
    if (f.side !== c.side && f.status === "fighting" && distance(f, c) <= meleeReach(f))
      return true;
  return false;
}

function endOfRound(state: CartyrionState, ctx: RuleContext): void {
  for (const c of state.combatants) {
    if (c.status === "fighting" && c.withdrawing) {
      const caught = foeHasInReach(state, c);
      if (!caught) {
        c.status = "fled";
        c.withdrawing = false;
        releaseHolds(state, c, ctx);
        if (ctx.explaining)
          ctx.explain(
            SECTIONS.movement,
            `no foe pursued ${c.name} into reach: it has left the fight`,
          );
      } else if (ctx.explaining) {
        ctx.explain(
          SECTIONS.movement,
          `${c.name} tried to withdraw but a foe is still within reach`,
        );
      }
      c.withdrawing = false;
    }
    const prev = c.attackedPrev;
    c.attackedPrev = c.attackedNow;
    while (prev.length > 0) prev.pop();
    c.attackedNow = prev;
    c.surprised = false;
  }
  // Surprise: its outcome holds for the first Combat Round only, and the GM's ruling with it.
  state.surprisedDex = null;
}

/**
 * Plays a round, or the rest of one: the state's `progress` says where it stands, so that the
 * round can be resumed after initiative and after each turn (`ctx.checkpoint`).
 */
export function playRound(state: CartyrionState, ctx: RuleContext): void {
  if (state.progress === null) {
    state.round += 1;
    const init = rollInitiative(state, ctx);
    if (state.round === 1) applySurprise(state, init.surprised, ctx);
    state.progress = { partyFirst: init.first === "party", sidesDone: 0, acted: [] };
    ctx.checkpoint?.();
  }
  const progress = state.progress;
  for (; progress.sidesDone < 2; progress.sidesDone += 1) {
    playCamp(state, progress.partyFirst === (progress.sidesDone === 0), ctx);
    progress.acted = [];
  }
  state.progress = null;
  endOfRound(state, ctx);
}
