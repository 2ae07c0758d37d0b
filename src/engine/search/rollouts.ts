// The look-ahead itself: each option of a decision played out many times with the rules, from the
// round's start with the round's answers so far, then on under the tactics to the end of the
// fight (or a horizon of rounds). Every option is played with the same dice (common random
// numbers), so the options differ by the choice, not by luck, and the difference between two
// options is measured on pairs (a much tighter interval than either value's). A roll of rollout i
// is keyed by who rolls it and when (the round, the roller, its count of rolls this round), not by
// its place in one stream: an option that rolls one die more or fewer (an attack not made, a
// weapon with another die) shifts no other combatant's dice, and the next round's dice are the
// same for every option. A rollout is worth 1 when the actor's side has won, 1/2 for a draw, 0
// when it has lost (or `escape` when the actor itself got away: out of the fight and free, as by
// a withdrawal, not asleep or subdued at the winners' mercy: `gotAway`, outcome.ts); a fight
// still going at the horizon is worth 1/2 plus half the lead in health shares.
import { keyedUniform } from "../../core/random.js";
import type { Answer } from "../answers.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../choice.js";
import type { EncounterDefinition } from "../encounter-file.js";
import type { Json } from "../json.js";
import { gmApplier } from "../encounter.js";
import { gotAway } from "../outcome.js";
import { ReplayContext } from "../position.js";
import type { Playbook } from "../tactics.js";
import { copierOf } from "../clone.js";
import type { LookPoint } from "./lookahead-fight.js";

export interface RolloutOptions {
  /** Rollouts per option. */
  readonly rollouts: number;
  /** Rounds played after the decision's round before a fight is scored as it stands. */
  readonly horizon: number;
  /** Seed of the rollouts' dice. */
  readonly seed: number;
  /** The tactics of every later decision (no look-ahead inside a look-ahead). */
  readonly tactics: Playbook;
  /** The worth of a lost fight the actor got away from alive (0 to 1/2). */
  readonly escape: number;
}

/** A number for a roller's id (FNV-1a), to key its dice by. */
function idKey(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h | 0;
}

/**
 * The policy driver's context for one rollout, its dice keyed by (seed and rollout, round, roller,
 * the roller's count of rolls this round); rolls that name no roller share one key.
 */
class KeyedDice implements RuleContext {
  readonly explaining = false;
  private round = 0;
  private readonly counts = new Map<string, { readonly key: number; n: number }>();

  constructor(
    private readonly rollout: number,
    private readonly tactics: Playbook,
  ) {}

  roll(spec: RollSpec, _label: string, actor?: string): number {
    const id = actor ?? "";
    let count = this.counts.get(id);
    if (count === undefined) {
      count = { key: idKey(id), n: 0 };
      this.counts.set(id, count);
    }
    const u = keyedUniform(this.rollout, this.round, count.key, count.n);
    count.n += 1;
    return spec.dist().sample(u);
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    return this.tactics.answer(actor, question, options);
  }

  explain(): void {}

  /** The next round's dice. */
  nextRound(): void {
    this.round += 1;
    for (const count of this.counts.values()) count.n = 0;
  }
}

/** The value of each rollout of each option, per option in the order of the choices. */
export interface OptionValues {
  readonly values: readonly Float64Array[];
}

const Z95 = 1.959963984540054;

/** Mean of `a`, and mean and 95% half-width of the paired differences a - b. */
export function pairedDifference(
  a: Float64Array,
  b: Float64Array,
): { readonly mean: number; readonly half: number } {
  const n = a.length;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < n; i += 1) {
    const d = a[i]! - b[i]!;
    sum += d;
    squares += d * d;
  }
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (squares - n * mean * mean) / (n - 1)) : 0;
  return { mean, half: Z95 * Math.sqrt(variance / n) };
}

export function mean(xs: Float64Array): number {
  let s = 0;
  for (let i = 0; i < xs.length; i += 1) s += xs[i]!;
  return xs.length === 0 ? 0 : s / xs.length;
}

/** Plays every option of the decision at `point` out `rollouts` times. */
export function playOptions(
  def: EncounterDefinition,
  point: LookPoint,
  options: RolloutOptions,
): OptionValues {
  const rules = def.ruleset;
  const copy = copierOf(rules);
  const combatants = def.setup.combatants;
  const side = combatants.find((c) => c.id === point.actor)?.side ?? null;
  const start = new Map(rules.standing(rules.setup(def.setup)).map((s) => [s.id, s.health]));
  const score = (state: object): number => {
    const outcome = rules.outcome(state);
    if (outcome !== null) {
      if (outcome.winner === null) return 0.5;
      if (outcome.winner === side) return 1;
      if (options.escape === 0) return 0;
      const me = rules.standing(state).find((s) => s.id === point.actor);
      return me !== undefined && gotAway(me) ? options.escape : 0;
    }
    let mine = 0;
    let mineMax = 0;
    let theirs = 0;
    let theirsMax = 0;
    for (const s of rules.standing(state)) {
      const c = combatants.find((x) => x.id === s.id);
      const max = Math.max(1, start.get(s.id) ?? 1);
      const left = s.out ? 0 : Math.max(0, Math.min(1, s.health / max));
      if (c?.side === side) {
        mine += left;
        mineMax += 1;
      } else {
        theirs += left;
        theirsMax += 1;
      }
    }
    const lead = mine / Math.max(1, mineMax) - theirs / Math.max(1, theirsMax);
    return 0.5 + 0.5 * lead;
  };
  const values = point.choices.map((choice) => {
    const given: Answer[] = [
      ...point.given,
      { kind: "decide", actor: point.actor, question: point.question, value: choice.value as Json },
    ];
    const out = new Float64Array(options.rollouts);
    for (let i = 0; i < options.rollouts; i += 1) {
      const ctx = new KeyedDice(Math.imul(options.seed, 0x2c1b3c6d) ^ i, options.tactics);
      const state = copy(point.roundStart);
      rules.round(state, new ReplayContext(given, ctx, gmApplier(def, state)));
      for (let r = 0; r < options.horizon && rules.outcome(state) === null; r += 1) {
        ctx.nextRound();
        rules.round(state, ctx);
      }
      out[i] = score(state);
    }
    return out;
  });
  return { values };
}
