// The defender's best answer to the strikes declared against it, by expected hit points: which
// strike gets which defence (full, half or quarter action) or none, or a dodge against all, and
// what the actions left do as counterattacks. A small dynamic programme over the strikes and the
// quarter actions left, weighing hit points by what each side has left. The winner's plan policy
// runs the same model to foresee the answer. Values are tabled once per strike and counter plans
// cached, since simulation asks this for every defence of every melee.
import { ListMemo } from "../../../engine/memo.js";
import type { KarnSwitches } from "../switches.js";
import { PIERCE_DEFENCE_BONUS, SAVED_BONUS } from "../procedures/defence.js";
import { divisorOf, type DefenceType, type Size } from "../procedures/melee-types.js";
import type { Fighter, FighterAttack } from "../state.js";
import { profileId, switchId } from "./ids.js";
import { hitDamage, landing, strikeValue } from "./odds.js";

export interface Incoming {
  readonly by: Fighter;
  readonly attack: FighterAttack;
  readonly size: Size;
  /** The strike's modifier as far as it is known. */
  readonly modifier: number;
}

export interface DefenderView {
  readonly f: Fighter;
  /** Penalty to its rolls (conditions, several opponents). */
  readonly penalty: number;
  /** Its defence bonuses, null where it cannot use that defence now. */
  readonly block: number | null;
  readonly parry: number | null;
  readonly dodge: number | null;
}

/** The defender's counterattacks, as the model sees them. */
export interface CounterModel {
  readonly by: Fighter;
  readonly target: Fighter;
  readonly attack: FighterAttack;
  readonly modifier: number;
  /** The target's saved quarter actions (it answers counters with them at +5). */
  readonly targetSaved: number;
  /** The target's best block or parry bonus, null if none. */
  readonly targetDefence: number | null;
  readonly targetPenalty: number;
}

export interface Response {
  readonly dodge: boolean;
  /** Per incoming strike: the defence's size (0: none). */
  readonly sizes: readonly number[];
  readonly types: readonly (DefenceType | null)[];
  /** Counterattacks by size, largest first. */
  readonly counters: readonly Size[];
  /** Expected hit points the defender loses. */
  readonly taken: number;
  /** Expected hit points its counterattacks deal. */
  readonly dealt: number;
}

/** How much one hit point counts: its share of what is left, a loss weighing half again more. */
export interface Weights {
  readonly taken: number;
  readonly dealt: number;
  /** Identifies the weights in cache keys. */
  readonly key: number;
}

export const RISK = 1.5;

const BUCKETS = [1, 1, 2, 3, 4, 5, 6, 6, 8, 8, 10, 10, 10, 13, 13, 13, 13, 17, 17, 17, 17, 17];

/** Hit points in coarse steps (the policies' caches key on them). */
export function hpBucket(hp: number): number {
  if (hp < 1) return 1;
  if (hp < BUCKETS.length) return BUCKETS[hp]!;
  return hp < 24 ? 22 : hp < 32 ? 28 : 36;
}

export function weights(self: Fighter, foe: Fighter | null): Weights {
  const a = hpBucket(self.hp);
  const b = foe === null ? 0 : hpBucket(foe.hp);
  return { taken: RISK / a, dealt: b === 0 ? 0 : 1 / b, key: a * 64 + b };
}

function cov(f: Fighter): number {
  return f.armour !== null && f.armourHp > 0 ? f.armour.cov : 0;
}

/** Expected loss from one incoming strike against a defence of `type` and `size` (0: none). */
export function incomingValue(
  sw: KarnSwitches,
  d: DefenderView,
  s: Incoming,
  type: DefenceType | null,
  size: number,
  extra: number,
): number {
  const h = hitDamage(s.by, s.attack, d.f, sw.pierceCriticalChance);
  if (type === null || size === 0) {
    return strikeValue(landing(divisorOf(s.size), s.modifier, 0, 0, s.attack.ranged, cov(d.f)), h);
  }
  const bonus = (type === "block" ? d.block : type === "parry" ? d.parry : d.dodge) ?? 0;
  let mod = bonus - d.penalty + extra;
  if (s.attack.pierceOnly) mod += PIERCE_DEFENCE_BONUS;
  if (s.attack.ranged && type === "dodge") mod -= s.attack.dodgePenalty;
  const dd = divisorOf(size as Size);
  return strikeValue(landing(divisorOf(s.size), s.modifier, dd, mod, s.attack.ranged, cov(d.f)), h);
}

/** The better of block and parry against `s` (ranged: neither, the GM allowing none). */
function bestType(d: DefenderView, s: Incoming): DefenceType | null {
  if (s.attack.ranged) return null;
  if (d.block === null) return d.parry === null ? null : "parry";
  if (d.parry === null) return "block";
  return d.parry > d.block ? "parry" : "block";
}

function largestFitting(n: number): number {
  return n >= 4 ? 4 : n >= 2 ? 2 : n >= 1 ? 1 : 0;
}

/** Counter plans by model, then by quarter actions: sizes and expected damage. */
const counterCache = new ListMemo<{ sizes: Size[]; value: number }[]>(50_000);

/** Adds to `key` what the counter model's plans depend on (counterPlans, bestResponse). */
function counterKey<V>(key: ListMemo<V>, sw: KarnSwitches, c: CounterModel): ListMemo<V> {
  const t = c.target;
  return maybe(
    key
      .add(profileId(c.by.profile))
      .add(c.by.attacks.indexOf(c.attack))
      .add(c.modifier)
      .add(c.targetSaved),
    c.targetDefence,
  )
    .add(c.targetPenalty)
    .add(profileId(t.profile))
    .add(t.armourHp > 0 ? 1 : 0)
    .add(switchId(sw));
}

/** Adds to `key` whether `x` is there, then `x` (0 when it is not). */
function maybe<V>(key: ListMemo<V>, x: number | null): ListMemo<V> {
  return x === null ? key.add(0).add(0) : key.add(1).add(x);
}

/** Best counterattacks with 0 to `units` quarter actions, against the counter model's target. */
export function counterPlans(
  sw: KarnSwitches,
  c: CounterModel,
  units: number,
): readonly { sizes: Size[]; value: number }[] {
  const plans = counterKey(counterCache.begin(), sw, c).get(() => []);
  for (let u = plans.length; u <= units; u += 1) plans.push(computeCounterPlan(sw, c, u));
  return plans;
}

/** Best counterattacks with `units` quarter actions, against the counter model's target. */
export function counterPlan(
  sw: KarnSwitches,
  c: CounterModel,
  units: number,
): { sizes: Size[]; value: number } {
  return counterPlans(sw, c, units)[units]!;
}

function computeCounterPlan(
  sw: KarnSwitches,
  c: CounterModel,
  units: number,
): { sizes: Size[]; value: number } {
  const hd = hitDamage(c.by, c.attack, c.target, sw.pierceCriticalChance);
  const tc = cov(c.target);
  // one[size][share]: a counter of `size` met by a saved defence of `share` (0: none).
  const one = (size: Size, share: number): number => {
    if (share === 0 || c.targetDefence === null) {
      return strikeValue(landing(divisorOf(size), c.modifier, 0, 0, c.attack.ranged, tc), hd);
    }
    const dd = sw.savedSplitsHalve ? divisorOf(share as Size) : 1;
    const mod =
      c.targetDefence +
      SAVED_BONUS -
      c.targetPenalty +
      (c.attack.pierceOnly ? PIERCE_DEFENCE_BONUS : 0);
    return strikeValue(landing(divisorOf(size), c.modifier, dd, mod, c.attack.ranged, tc), hd);
  };
  let best: Size[] = [];
  let bestValue = 0;
  for (let a = 0; a * 4 <= units; a += 1) {
    for (let b = 0; a * 4 + b * 2 <= units; b += 1) {
      for (let q = 0; q <= 3 && a * 4 + b * 2 + q <= units; q += 1) {
        const n = a + b + q;
        if (n === 0) continue;
        let saved = c.targetSaved;
        let value = 0;
        for (let i = 0; i < n; i += 1) {
          const size: Size = i < a ? 4 : i < a + b ? 2 : 1;
          // The target shares its saved actions out over the counters still to come.
          const share =
            saved >= size * (n - i) ? size : largestFitting(Math.floor(saved / (n - i)));
          value += one(size, share);
          saved -= share;
        }
        if (value > bestValue + 1e-12) {
          bestValue = value;
          best = [];
          for (let i = 0; i < n; i += 1) best.push(i < a ? 4 : i < a + b ? 2 : 1);
        }
      }
    }
  }
  return { sizes: best, value: bestValue };
}

const SIZES: readonly Size[] = [4, 2, 1];

/**
 * The best response of `d` with `units` quarter actions to `incoming`; counters (when it may)
 * against `counter`. `canDodge` is false once a defence has been declared. It minimises the
 * weighted hit points taken less those dealt.
 */
export function bestResponse(
  sw: KarnSwitches,
  d: DefenderView,
  incoming: readonly Incoming[],
  units: number,
  counter: CounterModel | null,
  canDodge: boolean,
  w: Weights = weights(d.f, counter?.target ?? null),
): Response {
  const key = responses.begin().add(profileId(d.f.profile)).add(d.penalty);
  maybe(maybe(maybe(key, d.block), d.parry), d.dodge)
    .add(d.f.armourHp > 0 ? 1 : 0)
    .add(units)
    .add(canDodge ? 1 : 0)
    .add(w.key)
    .add(switchId(sw));
  if (counter === null) key.add(0);
  else counterKey(key.add(1), sw, counter);
  key.add(incoming.length);
  for (const s of incoming)
    key
      .add(profileId(s.by.profile))
      .add(s.by.attacks.indexOf(s.attack))
      .add(s.size)
      .add(s.modifier);
  return key.get(() => computeResponse(sw, d, incoming, units, counter, canDodge, w));
}

const responses = new ListMemo<Response>(50_000);

function computeResponse(
  sw: KarnSwitches,
  d: DefenderView,
  incoming: readonly Incoming[],
  units: number,
  counter: CounterModel | null,
  canDodge: boolean,
  w: Weights,
): Response {
  const k = incoming.length;
  // values[i*4 + j]: strike i against no defence (j = 0) or a defence of SIZES[j - 1].
  const types: (DefenceType | null)[] = [];
  const values = new Float64Array(k * 4);
  for (let i = 0; i < k; i += 1) {
    const s = incoming[i]!;
    const type = bestType(d, s);
    types.push(type);
    values[i * 4] = incomingValue(sw, d, s, null, 0, 0);
    for (let j = 0; j < 3; j += 1) {
      values[i * 4 + j + 1] =
        type === null ? Infinity : incomingValue(sw, d, s, type, SIZES[j]!, 0);
    }
  }
  let dodge = -1;
  if (canDodge && d.dodge !== null && k > 0) {
    const attackers = new Set(incoming.map((s) => s.by)).size;
    dodge = 0;
    for (const s of incoming) dodge += incomingValue(sw, d, s, "dodge", 4, -(attackers - 1));
  }
  const plans = counter === null ? null : counterPlans(sw, counter, units);
  return solve(values, types, units, plans, dodge, w);
}

/**
 * The dynamic programme: `values` as in computeResponse, `plans` the counter plans by quarter
 * actions (null: no counters), `dodge` the expected loss dodging (-1: cannot dodge).
 */
export function solve(
  values: Float64Array,
  types: readonly (DefenceType | null)[],
  units: number,
  plans: readonly { sizes: Size[]; value: number }[] | null,
  dodge: number,
  w: Weights,
): Response {
  const k = types.length;
  // cost[i*(units+1) + u]: least weighted (taken - dealt) from strike i on with u quarters left.
  const width = units + 1;
  const cost = new Float64Array((k + 1) * width);
  const pick = new Int8Array(k * width);
  for (let u = 0; u <= units; u += 1)
    cost[k * width + u] = plans === null ? 0 : -plans[u]!.value * w.dealt;
  for (let i = k - 1; i >= 0; i -= 1) {
    for (let u = 0; u <= units; u += 1) {
      let best = values[i * 4]! * w.taken + cost[(i + 1) * width + u]!;
      let bestSize = 0;
      for (let j = 0; j < 3; j += 1) {
        const size = SIZES[j]!;
        if (size > u) continue;
        const v = values[i * 4 + j + 1]! * w.taken + cost[(i + 1) * width + u - size]!;
        if (v < best - 1e-12) {
          best = v;
          bestSize = size;
        }
      }
      cost[i * width + u] = best;
      pick[i * width + u] = bestSize;
    }
  }
  const sizes: number[] = [];
  let u = units;
  let taken = 0;
  for (let i = 0; i < k; i += 1) {
    const size = pick[i * width + u]!;
    sizes.push(size);
    taken += values[i * 4 + (size === 0 ? 0 : size === 4 ? 1 : size === 2 ? 2 : 3)]!;
    u -= size;
  }
  const dealt = plans === null ? 0 : plans[u]!.value;
  if (dodge >= 0 && dodge * w.taken < taken * w.taken - dealt * w.dealt - 1e-9) {
    return {
      dodge: true,
      sizes: types.map(() => 4),
      types: types.map(() => "dodge"),
      counters: [],
      taken: dodge,
      dealt: 0,
    };
  }
  return {
    dodge: false,
    sizes,
    types: sizes.map((size, i) => (size === 0 ? null : types[i]!)),
    counters: plans === null ? [] : plans[u]!.sizes,
    taken,
    dealt,
  };
}
