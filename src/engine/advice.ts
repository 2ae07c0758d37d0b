// The advisor: at the pending decision of an encounter, what each option leads to by the end of
// the current round. The round is replayed from its start with the answers given so far, the
// option under study answers the pending decision, later decisions follow their policies, and
// every roll outcome is branched by the exact driver (`enumerateExact`), so the odds are exact.
// Outcomes are measured through the ruleset's `standing()`: health lost on each side and the chance
// that each combatant is out. A round too large to enumerate is sampled instead (seeded, with 95%
// intervals), and the result says so.
import { cloneState } from "./clone.js";
import { Rng } from "../core/random.js";
import type { Answer } from "./answers.js";
import type { RuleContext } from "./choice.js";
import { enumerateExact, estimateExactRuns } from "./drivers/exact.js";
import type { PendingDecision } from "./drivers/pending.js";
import { PolicyContext } from "./drivers/policy.js";
import { AnswerError } from "./drivers/validate.js";
import type { EncounterDefinition } from "./encounter-file.js";
import type { Json } from "./json.js";
import { replayToPosition, ReplayContext } from "./position.js";
import type { Standing } from "./ruleset.js";

export interface AdviceOptions {
  /** The most runs of the round the exact enumeration may take before sampling instead. */
  readonly exactBudget?: number;
  /** Rounds sampled per option when the round is too large to enumerate. */
  readonly samples?: number;
  /** Seed of the sampling fallback (run i uses `Rng.stream(seed, i)`). */
  readonly seed?: number;
}

/** An estimate: exact (`half` = 0) or sampled, with the half-width of its 95% interval. */
export interface Estimate {
  readonly value: number;
  readonly half: number;
}

export interface CombatantAdvice {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** Health lost from now to the end of the round (negative for health gained). */
  readonly loss: Estimate;
  /** Probability of being out at the end of the round. */
  readonly out: Estimate;
}

export interface OptionAdvice {
  readonly value: Json;
  readonly label: string;
  readonly policy: boolean;
  /** Health lost by the combatants not on the actor's side (null when the actor is the GM). */
  readonly dealt: Estimate | null;
  /** Health lost by the actor's side. */
  readonly taken: Estimate | null;
  /** Probability that the actor's side has won by the end of the round. */
  readonly win: Estimate | null;
  /** Probability that the actor's side has lost by the end of the round. */
  readonly lose: Estimate | null;
  readonly combatants: readonly CombatantAdvice[];
}

export interface Advice {
  readonly actor: string;
  /** The actor's side, or null for a GM decision. */
  readonly side: string | null;
  readonly question: string;
  readonly prompt: string;
  /** The round being played (1 = the first). */
  readonly round: number;
  readonly method: "exact" | "sampled";
  /** Runs of the round per option (exact: procedure runs; sampled: samples). */
  readonly runs: number;
  /** Probability mass not covered because of cut-off explosions (exact only). */
  readonly truncated: number;
  /** Ranked best first (see `rank`). */
  readonly options: readonly OptionAdvice[];
}

interface PendingPoint {
  readonly roundStart: object;
  readonly round: number;
  /** The answers of the current round before the pending decision. */
  readonly prefix: readonly Answer[];
  readonly before: readonly Standing[];
  readonly choice: PendingDecision;
}

/** The position `answers` lead to, which must be waiting for a decision. */
function pendingPoint(def: EncounterDefinition, answers: readonly Answer[]): PendingPoint {
  const position = replayToPosition(def, answers);
  if (position.kind === "over") {
    throw new AnswerError(
      "the fight is over: there is no decision to advise on",
      undefined,
      "undo to go back",
    );
  }
  const choice = position.choice;
  if (choice.kind !== "decide") {
    throw new AnswerError(
      `the encounter waits for a roll (${choice.label}), not a decision`,
      `answer ${choice.index + 1}`,
      "give the roll first (or let Fray roll it), then ask for advice",
    );
  }
  return {
    roundStart: position.roundStart,
    round: position.round,
    prefix: position.given,
    before: def.ruleset.standing(position.state),
    choice,
  };
}

/** Running weighted sums of one option's results (means, and second moments for intervals). */
class Tally {
  weight = 0;
  readonly sums: number[];
  readonly squares: number[];

  constructor(size: number) {
    this.sums = new Array<number>(size).fill(0);
    this.squares = new Array<number>(size).fill(0);
  }

  add(p: number, xs: readonly number[]): void {
    this.weight += p;
    xs.forEach((x, i) => {
      this.sums[i]! += p * x;
      this.squares[i]! += p * x * x;
    });
  }

  /** Mean of quantity i; with `sampled`, the half-width of its 95% interval too. */
  estimate(i: number, sampled: boolean, probability: boolean): Estimate {
    const w = this.weight;
    if (w === 0) return { value: 0, half: 0 };
    const mean = this.sums[i]! / w;
    if (!sampled) return { value: mean, half: 0 };
    if (probability) {
      // Wilson's interval for a proportion observed in w samples.
      const z = 1.959963984540054;
      const d = 1 + (z * z) / w;
      const centre = (mean + (z * z) / (2 * w)) / d;
      const half = (z / d) * Math.sqrt((mean * (1 - mean)) / w + (z * z) / (4 * w * w));
      return { value: mean, half: Math.max(centre + half - mean, mean - (centre - half)) };
    }
    const variance = Math.max(0, this.squares[i]! / w - mean * mean) * (w / Math.max(1, w - 1));
    return { value: mean, half: 1.959963984540054 * Math.sqrt(variance / w) };
  }
}

class TooLarge extends Error {}

/**
 * Random paths per option that estimate the size of its round's tree (estimateExactRuns). An
 * option whose estimate is over the budget sends the decision to sampling at once: the estimate
 * is unbiased but rough, so a round just under the budget may be sampled (and says so).
 */
const EXACT_PROBES = 64;

export function adviseDecision(
  def: EncounterDefinition,
  answers: readonly Answer[],
  options: AdviceOptions = {},
): Advice {
  const rules = def.ruleset;
  const point = pendingPoint(def, answers);
  const { actor, question, options: decision } = point.choice;
  if (decision.choices === undefined || decision.choices.length === 0) {
    throw new AnswerError(
      `${actor}: ${question} lists no options to compare`,
      `${actor}: ${question}`,
      "advice compares the listed choices of a decision",
    );
  }
  const combatants = def.setup.combatants;
  const side = combatants.find((c) => c.id === actor)?.side ?? null;
  const before = new Map(point.before.map((s) => [s.id, s]));
  // Quantities per result: [loss, out] per combatant, then dealt, taken, win, lose.
  const measure = (state: object): number[] => {
    const now = new Map(rules.standing(state).map((s) => [s.id, s]));
    const xs: number[] = [];
    let dealt = 0;
    let taken = 0;
    for (const c of combatants) {
      const loss = (before.get(c.id)?.health ?? 0) - (now.get(c.id)?.health ?? 0);
      xs.push(loss, now.get(c.id)?.out === true ? 1 : 0);
      if (c.side === side) taken += loss;
      else dealt += loss;
    }
    const winner = rules.outcome(state)?.winner;
    xs.push(
      dealt,
      taken,
      side !== null && winner === side ? 1 : 0,
      side !== null && winner != null && winner !== side ? 1 : 0,
    );
    return xs;
  };
  const size = combatants.length * 2 + 4;
  const playRound = (option: Json, ctx: RuleContext): number[] => {
    const state = cloneState(point.roundStart);
    // The round's answers so far, then the option under study, then `ctx`.
    const given: Answer[] = [...point.prefix, { kind: "decide", actor, question, value: option }];
    rules.round(state, new ReplayContext(given, ctx));
    return measure(state);
  };

  const budget = options.exactBudget ?? 200_000;
  const seed = options.seed ?? 1;
  // A round estimated too large to enumerate goes straight to sampling: enumerating it up to the
  // budget first, only to give up, took more time than the sampling (seconds on a
  // many-option decision).
  const probes = Rng.stream(seed, -1);
  const tooLarge = decision.choices.some(
    (choice) =>
      estimateExactRuns((ctx) => playRound(choice.value, ctx), probes, EXACT_PROBES) > budget,
  );
  let method: "exact" | "sampled" = "exact";
  let runs = 0;
  let truncated = 0;
  let tallies: Tally[];
  try {
    if (tooLarge) throw new TooLarge();
    tallies = decision.choices.map((choice) => {
      const tally = new Tally(size);
      let used = 0;
      const exact = enumerateExact((ctx) => {
        used += 1;
        if (used > budget) throw new TooLarge();
        return playRound(choice.value, ctx);
      });
      for (const { p, result } of exact.outcomes) tally.add(p, result);
      runs = Math.max(runs, used);
      truncated = Math.max(truncated, exact.truncated);
      return tally;
    });
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    method = "sampled";
    truncated = 0;
    runs = options.samples ?? 20_000;
    tallies = decision.choices.map((choice) => {
      const tally = new Tally(size);
      // The same streams for every option: options differ by the choice, not by luck.
      for (let i = 0; i < runs; i += 1)
        tally.add(1, playRound(choice.value, new PolicyContext(Rng.stream(seed, i))));
      return tally;
    });
  }

  const sampled = method === "sampled";
  const policyValue = JSON.stringify(decision.policy());
  const k = combatants.length * 2;
  const advised: OptionAdvice[] = decision.choices.map((choice, o) => {
    const t = tallies[o]!;
    return {
      value: choice.value,
      label: choice.label,
      policy: JSON.stringify(choice.value) === policyValue,
      dealt: side === null ? null : t.estimate(k, sampled, false),
      taken: side === null ? null : t.estimate(k + 1, sampled, false),
      win: side === null ? null : t.estimate(k + 2, sampled, true),
      lose: side === null ? null : t.estimate(k + 3, sampled, true),
      combatants: combatants.map((c, i) => ({
        id: c.id,
        name: c.name,
        side: c.side,
        loss: t.estimate(2 * i, sampled, false),
        out: t.estimate(2 * i + 1, sampled, true),
      })),
    };
  });
  return {
    actor,
    side,
    question,
    prompt: decision.prompt,
    round: point.round,
    method,
    runs,
    truncated,
    options: rank(advised),
  };
}

/**
 * Best first: the greater chance that the actor's side has won by the end of the round, then
 * the smaller chance that it has lost, then the greater expected health lost by the foes minus
 * that lost by the actor's side. A GM decision keeps the order of its choices.
 */
export function rank(options: readonly OptionAdvice[]): OptionAdvice[] {
  const key = (o: OptionAdvice) => [
    o.win?.value ?? 0,
    -(o.lose?.value ?? 0),
    (o.dealt?.value ?? 0) - (o.taken?.value ?? 0),
  ];
  const EPS = 1e-12;
  return [...options].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i += 1) {
      const d = kb[i]! - ka[i]!;
      if (Math.abs(d) > EPS) return d;
    }
    return 0;
  });
}
