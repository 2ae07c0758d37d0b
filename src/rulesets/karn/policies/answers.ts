// The winner's policy in step 4: answer each counterattack with its saved actions (shared out
// over the counterattacks still to come), else split one of its own strikes when the defence
// saves more than the halved strike loses, else take it.
import { canDefend } from "../procedures/defence.js";
import type { Act, DefenceType, StrikePart } from "../procedures/melee-types.js";
import type { KarnState } from "../state.js";
import { defenderView, incomingOf, parryBonus, savedUnits } from "./estimates.js";
import { incomingValue } from "./response.js";

function bestType(w: Act): DefenceType | null {
  const f = w.f;
  const block = canDefend(f, "block") ? f.block! : null;
  const parry = parryBonus(f);
  if (block === null) return parry === null ? null : "parry";
  if (parry === null) return "block";
  return parry > block ? "parry" : "block";
}

export function answerPolicy(state: KarnState, w: Act, k: number, blockable: boolean): string {
  const type = bestType(w);
  if (type === null || !blockable) return "none";
  const saved = savedUnits(w);
  const remaining = w.counters.length - k;
  if (saved > 0) {
    let cap = 0;
    for (const p of w.parts) if (p.kind === "save" && p.capacity > cap) cap = p.capacity;
    const share = Math.max(1, Math.floor(saved / remaining));
    const size = Math.min(cap, share) >= 4 ? 4 : Math.min(cap, share) >= 2 ? 2 : 1;
    return size === 4
      ? `${type}:saved`
      : size === 2
        ? `${type}:saved-half`
        : `${type}:saved-quarter`;
  }
  const c = w.counters[k]!;
  const sw = state.switches;
  const me = defenderView(state, w.f, w.penalty);
  const incoming = incomingOf(state, c);
  let best: StrikePart | null = null;
  for (const p of w.parts) {
    if (p.kind !== "strike" || p.fake || p.done || p.size < 2) continue;
    if (best === null || p.size > best.size) best = p;
  }
  if (best === null) return "none";
  const half = best.size / 2;
  const gain =
    incomingValue(sw, me, incoming, null, 0, 0) - incomingValue(sw, me, incoming, type, half, 0);
  const target = defenderView(state, best.target.f);
  const own = incomingOf(state, best);
  const def = best.defence;
  const full = incomingValue(
    sw,
    target,
    own,
    def?.type ?? null,
    def?.size ?? 0,
    def?.saved ? 5 : 0,
  );
  const halved = incomingValue(
    sw,
    target,
    { ...own, size: half as 2 | 1 },
    def?.type ?? null,
    def?.size ?? 0,
    def?.saved ? 5 : 0,
  );
  return gain > full - halved + 0.05 ? `${type}:alter-${best.number}` : "none";
}
