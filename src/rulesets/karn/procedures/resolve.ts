// 5. Roll and Compare: actions are rolled full action by full action: the winners' first full
// action (each split part in order, each winner in initiative order) with the defenders'
// answers, then the defenders' first full action of counterattacks with the winners' answers,
// then the second full actions, and so on. An action that has become impossible (its weapon
// lost, its owner blacked out) is cancelled; damage does not stop an action (Timing Within A
// Melee). Flights and retrievals complete at the end.
import type { RuleContext } from "../../../engine/choice.js";
import type { Act, Pairing, Part } from "./melee-types.js";
import { SECTIONS } from "../sections.js";
import { attemptSkill } from "./skills.js";
import { resolveStrike } from "./strike.js";
import { DROPPED, FLUNG, HELD } from "../state.js";

function perform(p: Pairing, ctx: RuleContext, part: Part): void {
  if (part.done) return;
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
    return;
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
        return;
      }
      resolveStrike(p, ctx, part);
      return;
    case "pick-up": {
      const i = Number(part.what);
      if (f.held[i] === DROPPED) f.held[i] = HELD;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.fumble,
          () => `${f.name} spends a full action picking up its ${f.attacks[i]!.name}`,
        );
      }
      return;
    }
    case "skill":
      attemptSkill(ctx, act, part.what);
      return;
    default:
      return;
  }
}

function groupsOf(act: Act): number {
  let n = 0;
  for (const part of act.parts) if (part.group + 1 > n) n = part.group + 1;
  return n;
}

export function resolvePairing(p: Pairing, ctx: RuleContext): void {
  let groups = 0;
  for (const a of p.acts) groups = Math.max(groups, groupsOf(a));
  for (let g = 0; g < groups; g += 1) {
    for (const w of p.winners)
      for (const part of w.parts) if (part.group === g) perform(p, ctx, part);
    for (const d of p.defenders)
      for (const part of d.parts) if (part.group === g) perform(p, ctx, part);
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
}
