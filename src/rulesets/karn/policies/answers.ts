// The winner's policy in step 4: answer the counterattacks with its saved actions as they spare it
// the most harm over all the counterattacks still to come (a full counter is met with a whole saved
// action rather than a quartered one), else split one of its own strikes when the defence saves
// more than the halved strike loses, else take it.
import { canDefend, SAVED_BONUS } from "../procedures/defence.js";
import type { Act, DefenceType, StrikePart } from "../procedures/melee-types.js";
import type { KarnState } from "../state.js";
import { defenderView, incomingOf, parryBonus, savedUnits } from "./estimates.js";
import { incomingValue, type DefenderView } from "./response.js";

function bestType(w: Act): DefenceType | null {
  const f = w.f;
  const block = canDefend(f, "block") ? f.block! : null;
  const parry = parryBonus(f);
  if (block === null) return parry === null ? null : "parry";
  if (parry === null) return "block";
  return parry > block ? "parry" : "block";
}

/** Most counterattacks planned together; past them the rest are taken to go undefended. */
const PLANNED = 6;
const SHARES = [4, 2, 1, 0] as const;

/**
 * The share of a saved action (4, 2, 1 or 0 quarters) counter `k` gets, from the split of the saved
 * actions over counters k, k+1, ... with the least expected harm. The saved parts are used as the
 * procedure uses them: each defence from the first part with room for it.
 */
function savedShare(
  state: KarnState,
  w: Act,
  k: number,
  type: DefenceType,
  me: DefenderView,
): number {
  const sw = state.switches;
  const counters = w.counters.slice(k, k + PLANNED);
  // harm[i][s]: counter i met by a saved defence of SHARES[s] (a split saved action is halved or
  // quartered only with the switch savedSplitsHalve).
  const harm = counters.map((c) => {
    const incoming = incomingOf(state, c);
    return SHARES.map((s) =>
      s === 0
        ? incomingValue(sw, me, incoming, null, 0, 0)
        : incomingValue(sw, me, incoming, type, sw.savedSplitsHalve ? s : 4, SAVED_BONUS),
    );
  });
  const room: number[] = [];
  for (const p of w.parts) if (p.kind === "save") room.push(p.capacity);
  let best = Infinity;
  let first = 0;
  const walk = (i: number, sofar: number, chosen: number): void => {
    if (sofar >= best - 1e-12) return;
    if (i === counters.length) {
      best = sofar;
      first = chosen;
      return;
    }
    for (let s = 0; s < SHARES.length; s += 1) {
      const size = SHARES[s]!;
      const at = size === 0 ? -1 : room.findIndex((r) => r >= size);
      if (size > 0 && at < 0) continue;
      if (at >= 0) room[at]! -= size;
      walk(i + 1, sofar + harm[i]![s]!, i === 0 ? size : chosen);
      if (at >= 0) room[at]! += size;
    }
  };
  walk(0, 0, 0);
  return first;
}

export function answerPolicy(state: KarnState, w: Act, k: number, blockable: boolean): string {
  const type = bestType(w);
  if (type === null || !blockable) return "none";
  const sw = state.switches;
  const me = defenderView(state, w.f, w.penalty);
  if (savedUnits(w) > 0) {
    const size = savedShare(state, w, k, type, me);
    if (size > 0)
      return size === 4
        ? `${type}:saved`
        : size === 2
          ? `${type}:saved-half`
          : `${type}:saved-quarter`;
  }
  const c = w.counters[k]!;
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
