// 1. Initiative, per pairing: everyone in it rolls d20 plus initiative bonuses; a natural 20 is
// infinity; anyone may forfeit (negative infinity). The highest total wins and so does its whole
// side (Multiple Attackers Or Defenders); opposing totals tied at the top go to the higher ALT,
// then those still tied roll again. Stunned combatants roll no initiative (a roll of 0), not even
// to break a tie.
import { Memo } from "../../../engine/memo.js";
import { z } from "zod";
import type { DecisionOptions, RuleContext } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import { conditionWords, initiativePenalty, stunned } from "./conditions.js";
import type { Act, Pairing } from "./melee-types.js";
import { D20, label } from "./rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter } from "../state.js";

function totalText(n: number): string {
  return n === Infinity ? "infinity" : n === -Infinity ? "negative infinity" : `${n}`;
}

function sidesOf(acts: readonly Act[]): number {
  return new Set(acts.map((a) => a.f.side)).size;
}

function rollOne(p: Pairing, ctx: RuleContext, act: Act, again: boolean): number {
  const f = act.f;
  const state = p.state;
  const penalty = initiativePenalty(state, f);
  const n = ctx.roll(
    D20,
    label(
      ctx.explaining,
      () => `${f.name}'s initiative${again ? " (tie, again)" : ""}`,
      "initiative",
    ),
    f.id,
  );
  const total = n === 20 ? Infinity : n + f.initiative - penalty;
  if (ctx.explaining) {
    ctx.explain(SECTIONS.initiative, () => {
      if (n === 20) return `${f.name} rolls a natural 20: infinity`;
      const bonus = signed(f.initiative, " ");
      const hurt = penalty > 0 ? ` - ${penalty} (${conditionWords(state, f).join(", ")})` : "";
      return `${f.name} rolls ${n} ${bonus}${hurt} = ${total}${again ? " (the tie roll)" : ""}`;
    });
  }
  return total;
}

const FORFEIT_SCHEMA = z.boolean({ error: "answer true (forfeit) or false (roll)" });
// Rolling is the usual answer (Timing Within A Melee, "1. Initiative": all in the pairing roll
// a D20), so it comes first, numbered 1; a forfeit is the exception. The log keeps the value
// (false, true), not the option's number, so saved logs read the same in either order.
const FORFEIT_CHOICES = [
  { value: false, label: "roll for the initiative" },
  { value: true, label: "forfeit the initiative" },
];
const forfeits = new Memo<string, DecisionOptions<boolean>>(10_000);

/** The forfeit question, built once per fighter (it is asked every melee). */
function forfeitOptions(f: Fighter): DecisionOptions<boolean> {
  return forfeits.get(f.name, (name) => ({
    prompt: `Does ${name} forfeit the initiative (not rolling: it loses it)?`,
    schema: FORFEIT_SCHEMA,
    choices: FORFEIT_CHOICES,
  }));
}

/** Rolls the pairing's initiative and sets its winners and defenders; false if all forfeit. */
export function rollInitiative(p: Pairing, ctx: RuleContext): boolean {
  const state = p.state;
  for (const act of p.acts) {
    const f = act.f;
    const forfeit = ctx.decide(f.id, "forfeit", forfeitOptions(f));
    if (forfeit) {
      act.initiative = -Infinity;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.initiative,
          () => `${f.name} forfeits the initiative: negative infinity`,
        );
      }
    } else if (stunned(state, f)) {
      const rollZero = state.switches.stunnedInitiative === "roll-zero";
      const penalty = initiativePenalty(state, f);
      act.initiative = rollZero ? f.initiative - penalty : 0;
      if (ctx.explaining) {
        ctx.explain(SECTIONS.knockOut, () => {
          const terms = rollZero
            ? ` ${signed(f.initiative, " ")} - ${penalty} (${conditionWords(state, f).join(", ")})`
            : "";
          return `${f.name} is stunned: no initiative roll, a roll of 0${terms}: ${totalText(act.initiative)}`;
        });
      }
    } else {
      act.initiative = rollOne(p, ctx, act, false);
    }
  }
  if (p.acts.every((a) => a.initiative === -Infinity)) {
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.initiative,
        () => "everyone forfeits the initiative: nothing happens this melee; they stand and stare",
      );
    }
    return false;
  }
  const winnerSide = decideWinner(p, ctx);
  order(p, winnerSide);
  return true;
}

function decideWinner(p: Pairing, ctx: RuleContext): string {
  let best = -Infinity;
  for (const a of p.acts) if (a.initiative > best) best = a.initiative;
  let tied = p.acts.filter((a) => a.initiative === best);
  if (sidesOf(tied) === 1) {
    const w = tied[0]!;
    if (ctx.explaining) {
      ctx.explain(SECTIONS.initiative, () => {
        const who = tied.length > 1 ? tied.map((a) => a.f.name).join(" and ") : w.f.name;
        const side = p.acts.some((a) => a !== w && a.f.side === w.f.side)
          ? ", and so does its side"
          : "";
        return `${who} ${tied.length > 1 ? "have" : "has"} the highest total (${totalText(best)}): ${w.f.name} wins the initiative${side}`;
      });
    }
    return w.f.side;
  }
  // Opposing totals tied at the top: the higher ALT wins; still tied, they roll again.
  let alt = -1;
  for (const a of tied) if (a.f.alt > alt) alt = a.f.alt;
  const byAlt = tied.filter((a) => a.f.alt === alt);
  if (ctx.explaining) {
    ctx.explain(SECTIONS.initiative, () => {
      const names = tied.map((a) => a.f.name).join(" and ");
      return sidesOf(byAlt) === 1
        ? `${names} tie at ${totalText(best)}: ${byAlt[0]!.f.name} has the higher ALT (${alt}) and wins the initiative`
        : `${names} tie at ${totalText(best)} with the same ALT (${alt}): they roll again`;
    });
  }
  if (sidesOf(byAlt) === 1) return byAlt[0]!.f.side;
  tied = byAlt;
  for (let round = 0; round < 50; round += 1) {
    // A stunned combatant gets no initiative rolls (Knock Out/Stun Called Shots): its total
    // stands while the others roll again, unless no one tied can roll at all.
    const anyRolls = tied.some((a) => !stunned(p.state, a.f));
    let top = -Infinity;
    const again = tied.map((a) => {
      const t = anyRolls && stunned(p.state, a.f) ? keepStunned(ctx, a) : rollOne(p, ctx, a, true);
      if (t > top) top = t;
      return t;
    });
    const next = tied.filter((_, i) => again[i] === top);
    if (sidesOf(next) === 1) return next[0]!.f.side;
    tied = next;
  }
  return tied[0]!.f.side;
}

/** A stunned combatant in a tie: it rolls no initiative, so its total stands. */
function keepStunned(ctx: RuleContext, act: Act): number {
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.knockOut,
      () =>
        `${act.f.name} is stunned and rolls no initiative: its ${totalText(act.initiative)} stands in the tie`,
    );
  }
  return act.initiative;
}

function order(p: Pairing, winnerSide: string): void {
  if (p.acts.length === 2) {
    const [a, b] = [p.acts[0]!, p.acts[1]!];
    const w = a.f.side === winnerSide ? a : b;
    const d = w === a ? b : a;
    w.winner = true;
    p.winners = [w];
    p.defenders = [d];
    return;
  }
  const sorted = [...p.acts].sort((a, b) => {
    if (a.initiative !== b.initiative) return a.initiative > b.initiative ? -1 : 1;
    return b.f.alt - a.f.alt || a.f.index - b.f.index;
  });
  p.winners = sorted.filter((a) => a.f.side === winnerSide);
  p.defenders = sorted.filter((a) => a.f.side !== winnerSide);
  for (const a of p.winners) a.winner = true;
}

/** The exchange's fixed initiative: `first` wins, with its side. */
export function fixInitiative(p: Pairing, ctx: RuleContext, first: Act): void {
  if (ctx.explaining) {
    ctx.explain(SECTIONS.initiative, () => `the exchange gives ${first.f.name} the initiative`);
  }
  order(p, first.f.side);
}
