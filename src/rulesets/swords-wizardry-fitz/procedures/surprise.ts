// 1. Determine Surprise, and Surprise: by the GM's ambush (with its chance of success) or by each
// combatant's surprise die (d6 by default, surprised on a 1 or 2; a 1 always surprises; the
// number rolled is how many segments it is surprised for). Each segment is played as a full
// round in which the surprised cannot act and are unaware.
import type { RuleContext } from "../../../engine/choice.js";
import { andList } from "../../../engine/or-list.js";
import { percentRoll, surpriseRoll } from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { SwState } from "../state.js";
import { ownSteady } from "../own-steady.js";

export function determineSurprise(state: SwState, ctx: RuleContext): void {
  const s = state.start;
  const cs = state.combatants;
  if (s.surprise === "none") return;
  if (s.surprise === "ambush") {
    const ok =
      s.ambushChance >= 100 ||
      ctx.roll(
        percentRoll(s.ambushChance),
        ctx.explaining ? `the ambush (it works at or under ${s.ambushChance})` : "ambush",
      ) === 1;
    if (ok) {
      for (const f of cs)
        if (f.side !== s.ambusher && f.status === "fighting")
          ownSteady(f).surprisedFor = s.ambushSegments;
      state.segments = s.ambushSegments;
    }
    // The ambushers by their names: the side's id read as a word ("the bandits side gets").
    if (ctx.explaining)
      ctx.explain(SECTIONS.determineSurprise, () => {
        if (!ok) return "the ambush fails: nobody is surprised";
        const ambushers = cs.filter((f) => f.side === s.ambusher && f.status === "fighting");
        const phases = `${s.ambushSegments} free ${s.ambushSegments === 1 ? "phase" : "phases"}`;
        return `the ambush succeeds: ${andList(ambushers.map((f) => f.name))} ${ambushers.length === 1 ? "gets" : "get"} ${phases} before the first initiative roll`;
      });
    return;
  }
  let least = Infinity;
  let most = 0;
  for (const f of cs) {
    if (f.status !== "fighting") continue;
    const r = ctx.roll(
      surpriseRoll(f.sheet.surpriseDie, f.sheet.surprisedOn),
      ctx.explaining
        ? `${f.name}'s surprise die (surprised on ${f.sheet.surprisedOn === 1 ? "a 1" : "a 1 or 2"})`
        : "surprise",
      f.id,
    );
    ownSteady(f).surprisedFor = r;
    if (r < least) least = r;
    if (r > most) most = r;
  }
  // When everyone is surprised, the segments in which nobody could act are not played.
  if (least > 0 && least !== Infinity) {
    for (const f of cs) if (f.status === "fighting") ownSteady(f).surprisedFor -= least;
    most -= least;
  }
  state.segments = most;
  if (ctx.explaining) {
    const who = cs
      .filter((f) => f.steady.surprisedFor > 0)
      .map((f) => `${f.name} (${f.steady.surprisedFor})`);
    ctx.explain(SECTIONS.surprise, () =>
      who.length === 0
        ? "nobody is surprised"
        : `surprised: ${who.join(", ")}; each segment is played as a full round`,
    );
  }
}
