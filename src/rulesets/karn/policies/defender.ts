// The defender's policies in step 3: its defence against each strike declared against it (or a
// dodge against all), by the best response of response.ts to the strikes still to answer
// with the quarter actions left; its counterattacks by the same model; following a fleeing foe;
// and fleeing when no one attacks it. A response is worked out at the first question and kept
// while the answers given follow it.
import { conditionPenalty } from "../procedures/conditions.js";
import { counterTargets, foesOf, unitsOf, type Act } from "../procedures/melee-types.js";
import { DROPPED, type KarnState } from "../state.js";
import {
  attackValue,
  bestAttack,
  bestBlockOrParry,
  defenderView,
  expectedStrikeModifier,
  incomingOf,
  preferredFoe,
  savedUnits,
} from "./estimates.js";
import { usableAttacks } from "../procedures/usable.js";
import { foreseen, memoOf } from "./memo.js";
import { STEADY, wantsToFlee, type PlanStyle } from "./plan.js";
import { bestResponse, counterPlan, type CounterModel, type Response } from "./response.js";

/** The counterattack model of `d` against the winner it would counter. */
export function counterModel(
  state: KarnState,
  d: Act,
  targets: readonly Act[],
): CounterModel | null {
  if (targets.length === 0) return null;
  return modelAgainst(state, d, counterFoe(state, d, targets));
}

/**
 * Whom `d` counterattacks: the winner a full action of counters hurts most for the hit points it
 * has left, its saved actions (+5 against counters: 4. Winner Defends) and its armour counted; the
 * foe it would strike anyway (the one it faces) when none does better. A winner that saved blocks
 * is the worst to counter, one that spent every action striking the best.
 */
export function counterFoe(state: KarnState, d: Act, targets: readonly Act[]): Act {
  let best = preferredFoe(state, d, targets);
  if (targets.length === 1) return best;
  const valueOf = (t: Act): number => {
    const m = modelAgainst(state, d, t);
    return m === null ? 0 : counterPlan(state.switches, m, 4).value / Math.max(1, t.f.hp);
  };
  let bestValue = valueOf(best);
  for (const t of targets) {
    if (t === best) continue;
    const v = valueOf(t);
    if (v > bestValue + 1e-9) {
      best = t;
      bestValue = v;
    }
  }
  return best;
}

function modelAgainst(state: KarnState, d: Act, target: Act): CounterModel | null {
  const f = d.f;
  const a = bestAttack(state, f, target.f);
  if (a < 0) return null;
  return {
    by: f,
    target: target.f,
    attack: f.attacks[a]!,
    modifier: expectedStrikeModifier(state, f, a),
    targetSaved: savedUnits(target),
    targetDefence: bestBlockOrParry(target.f),
    targetPenalty: conditionPenalty(state, target.f),
  };
}

function attackers(d: Act): number {
  return new Set(d.incoming.map((s) => s.owner.f.index)).size;
}

function answerFor(r: Response, i: number): string {
  if (r.dodge) return "dodge";
  const size = r.sizes[i] ?? 0;
  const type = r.types[i] ?? null;
  if (size === 0 || type === null) return "none";
  return size === 4 ? type : size === 2 ? `${type}-half` : `${type}-quarter`;
}

/** The answer to "defence-<k+1>": "none", "block", "parry-half", ..., or "dodge". */
export function defencePolicy(state: KarnState, d: Act, k: number, mayDodge: boolean): string {
  const k0 = memoOf(d).kept;
  if (k0 !== null && k >= k0.from && k0.usedBefore[k - k0.from] === d.used && !k0.response.dodge) {
    return answerFor(k0.response, k - k0.from);
  }
  const f = d.f;
  const p = d.pairing;
  // One on one, against the winner's own plan: the response it foresaw is the one worked out here.
  const w = p.acts.length === 2 ? p.winners[0] : undefined;
  const r0 = k === 0 && d.used === 0 && w !== undefined ? foreseen(w) : null;
  if (r0 !== null && r0.sizes.length === d.incoming.length) return keep(d, 0, r0);
  const incoming = d.incoming.slice(k).map((s) => incomingOf(state, s));
  const n = attackers(d);
  const view = defenderView(state, f, n >= 2 ? n : 0);
  const counter = f.counterstrike ? counterModel(state, d, counterTargets(d)) : null;
  const r = bestResponse(state.switches, view, incoming, unitsOf(f) - d.used, counter, mayDodge);
  return keep(d, k, r);
}

function keep(d: Act, k: number, r: Response): string {
  const usedBefore: number[] = [];
  let used = d.used;
  for (const size of r.sizes) {
    usedBefore.push(used);
    used += size;
  }
  memoOf(d).kept = { from: k, response: r, usedBefore };
  return answerFor(r, 0);
}

/** The answer to "counter-<j>": a counterattack's size, following a fleer, a pick-up, or "none". */
export function counterPolicy(
  state: KarnState,
  d: Act,
  targets: readonly Act[],
  left: number,
  unfollowed: readonly Act[],
): string {
  const f = d.f;
  if (left >= 4) {
    for (const w of unfollowed) if (followPolicy(state, d, w)) return `follow:${w.f.id}`;
  }
  if (f.counterstrike && left >= 4 && targets.length > 0) {
    const target = counterFoe(state, d, targets).f;
    const inHand = bestAttack(state, f, target);
    const handValue = inHand < 0 ? 0 : attackValue(state, f, inHand, target);
    for (let i = 0; i < f.attacks.length; i += 1) {
      if (f.held[i] === DROPPED && attackValue(state, f, i, target) > handValue + 0.05) {
        return `pick-up:${f.attacks[i]!.key}`;
      }
    }
  }
  if (usableAttacks(f).length === 0) return "none";
  let sizes: readonly number[] | null = null;
  const memo = memoOf(d);
  const k0 = memo.keptCounters;
  if (k0 !== null) {
    // Still following the counters planned at the first question?
    let used = k0.used;
    let j = 0;
    while (j < k0.sizes.length && used < d.used) used += k0.sizes[j++]!;
    if (used === d.used) sizes = k0.sizes.slice(j);
  }
  if (sizes === null) {
    const r = memo.kept?.response;
    const skilledOnly = f.counterstrike && d.noticed.length === 0;
    if (
      r !== undefined &&
      !r.dodge &&
      skilledOnly &&
      unitsOf(f) - sumOf(r.sizes) - keptFrom(d) === left
    ) {
      sizes = r.counters;
    } else {
      const model = counterModel(state, d, targets);
      if (model === null) return "none";
      sizes = counterPlan(state.switches, model, left).sizes;
    }
    memo.keptCounters = { sizes, used: d.used };
  }
  const size = sizes[0];
  return size === undefined ? "none" : size === 4 ? "strike" : size === 2 ? "half" : "quarter";
}

function sumOf(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

/** Quarter actions used before the kept response's first strike. */
function keptFrom(d: Act): number {
  const k0 = memoOf(d).kept;
  return k0 === null ? 0 : (k0.usedBefore[0] ?? 0);
}

/** Follow a fleeing foe unless badly hurt oneself (then let it go). */
export function followPolicy(state: KarnState, me: Act, fleer: Act): boolean {
  void state;
  void fleer;
  return me.f.hp * 4 > me.f.maxHp;
}

/**
 * Flee when no one attacks it, badly hurt (by `style`) against a foe in better shape, or from a
 * fight its side has lost (`wantsToFlee`).
 */
export function unattackedFleePolicy(state: KarnState, d: Act, style: PlanStyle = STEADY): boolean {
  const foes = foesOf(d).filter((a) => a.f.status === "fighting");
  if (foes.length === 0) return false;
  return wantsToFlee(state, d.f, preferredFoe(state, d, foes).f, style);
}
