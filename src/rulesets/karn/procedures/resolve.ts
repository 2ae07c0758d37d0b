// 5. Roll and Compare: actions are rolled full action by full action: the winners' first full
// action (each split part in order, each winner in initiative order) with the defenders'
// answers, then the defenders' first full action of counterattacks with the winners' answers,
// then the second full actions, and so on. An action that has become impossible (its weapon
// lost, its owner blacked out) is cancelled; damage does not stop an action (Timing Within A
// Melee). Flights and retrievals complete at the end.
import type { RuleContext } from "../../../engine/choice.js";
import type { Act, Pairing, Part } from "./melee-types.js";
import type { ResolveCursor } from "./melee-plan.js";
import { SECTIONS } from "../sections.js";
import { attemptSkill } from "./skills.js";
import { resolveStrike } from "./strike.js";
import { DROPPED, FLUNG, HELD } from "../state.js";

/** Performs a part once; true if it rolled (a strike or a skill attempted). */
function perform(p: Pairing, ctx: RuleContext, part: Part): boolean {
  if (part.done) return false;
  part.done = true;
  const act = part.owner;
  const f = act.f;
  if (act.stopped || f.status !== "fighting" || (act.firstOnly && part.group >= 1)) {
    if (part.kind === "strike" && ctx.explaining) {
      ctx.explain(
        SECTIONS.timing,
        () =>
          `${f.name}'s ${part.counter ? "counterattack" : "strike"} ${part.number} cannot happen: ${f.name} can no longer act`,
      );
    }
    return false;
  }
  switch (part.kind) {
    case "strike":
      if (part.fake) {
        if (ctx.explaining) {
          const d = part.defence;
          ctx.explain(SECTIONS.winnerDefends, () =>
            d === null
              ? `${f.name}'s strike ${part.number} was a fake`
              : `${f.name}'s strike ${part.number} was a fake: ${part.target.f.name} falls for it and spends its ${d.type} on it`,
          );
        }
        return false;
      }
      resolveStrike(p, ctx, part);
      return true;
    case "pick-up": {
      const i = Number(part.what);
      if (f.held[i] === DROPPED) f.held[i] = HELD;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.fumble,
          () => `${f.name} spends a full action picking up its ${f.attacks[i]!.name}`,
        );
      }
      return false;
    }
    case "skill":
      attemptSkill(ctx, act, part.what);
      return true;
    default:
      return false;
  }
}

function groupsOf(act: Act): number {
  let n = 0;
  for (const part of act.parts) if (part.group + 1 > n) n = part.group + 1;
  return n;
}

/** Is a part that rolls (a strike, a skill) still to come in the pairing? */
function rollsLeft(p: Pairing): boolean {
  for (const a of p.acts)
    for (const x of a.parts)
      if (!x.done && (x.kind === "strike" || x.kind === "skill")) return true;
  return false;
}

/**
 * Rolls the pairing's actions from `from` (the start, or where a resumed melee stands): full
 * action by full action, the winners' parts then the defenders'. After each part that rolled,
 * `stop` (exact odds' resumable point) is told where the rest begins, unless nothing that rolls
 * is left in the melee (`later`: pairings after this one); true if `stop` stopped it there (the
 * flights and retrievals of its end are then still to come).
 */
export function resolvePairing(
  p: Pairing,
  ctx: RuleContext,
  from: ResolveCursor,
  stop: ((cursor: ResolveCursor) => boolean) | null,
  later: boolean,
): boolean {
  let groups = 0;
  for (const a of p.acts) groups = Math.max(groups, groupsOf(a));
  const order = [...p.winners, ...p.defenders];
  for (let g = from.group; g < groups; g += 1) {
    for (let a = g === from.group ? from.act : 0; a < order.length; a += 1) {
      const parts = order[a]!.parts;
      // Parts added while rolling (a fumble's pick-up) are met as the list grows.
      for (let i = g === from.group && a === from.act ? from.part : 0; i < parts.length; i += 1) {
        const part = parts[i]!;
        if (part.group !== g || !perform(p, ctx, part)) continue;
        if (stop !== null && (later || rollsLeft(p)) && stop({ group: g, act: a, part: i + 1 }))
          return true;
      }
    }
  }
  for (const a of p.acts) {
    const f = a.f;
    if (a.fleeing) {
      if (f.status !== "fighting") continue;
      if (a.followed) {
        if (ctx.explaining)
          ctx.explain(SECTIONS.fleeing, () => `${f.name}'s flight fails: it was followed`);
      } else {
        f.status = "fled";
        if (ctx.explaining) {
          ctx.explain(
            SECTIONS.fleeing,
            () => `${f.name} gets out of the melee: it has fled the fight`,
          );
        }
      }
    }
    for (const part of a.parts) {
      if (part.kind === "retrieve" && f.status === "fighting" && !a.stopped) {
        const i = Number(part.what);
        if (f.held[i] === FLUNG) f.held[i] = HELD;
        if (ctx.explaining)
          ctx.explain(
            SECTIONS.fumble,
            () => `${f.name} has its ${f.attacks[i]!.name} back in hand`,
          );
      }
    }
  }
  return false;
}
