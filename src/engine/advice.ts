// The advisor: at the pending decision of an encounter, what each option leads to by the end of
// the current round, and with the `fight` horizon, the chance of winning the whole fight. The
// round is replayed from its start with the answers given so far, the option under study answers
// the pending decision, later decisions follow their policies, and every roll outcome is followed
// on the state graph (state-graph.ts), which continues equal states once, so the odds are exact.
// Outcomes are measured through the ruleset's `standing()`: health lost on each side and the chance
// that each combatant is out. A round too large to work out is sampled instead (seeded, with 95%
// intervals), and so is a fight whose states are too many; the result says which.
import { Rng } from "../core/random.js";
import type { Answer } from "./answers.js";
import type { Choice, RuleContext } from "./choice.js";
import { TooManyRuns, estimateExactRuns } from "./drivers/exact.js";
import type { PendingDecision } from "./drivers/pending.js";
import { PolicyContext } from "./drivers/policy.js";
import { AnswerError } from "./drivers/validate.js";
import type { EncounterDefinition } from "./encounter-file.js";
import { runFightFrom } from "./fight.js";
import { playOut, type FightOddsOptions } from "./fight-odds.js";
import type { Json } from "./json.js";
import { gmApplier } from "./encounter.js";
import { replayToPosition, ReplayContext, type Position } from "./position.js";
import { copierOf } from "./clone.js";
import type { Standing } from "./ruleset.js";
import { spread, StateGraph, TooManyStates, WorkStopped, type StateNode } from "./state-graph.js";
import { PairedKeys, SAMPLE_BATCH } from "./sure-ranking.js";
import { Tally, type Estimate } from "./tally.js";

export type { Estimate };

/** How far the advisor looks: to the end of the current round, or to the end of the fight. */
export type Horizon = "round" | "fight";

export interface AdviceOptions {
  /** Runs of the rule procedures the exact work may take before sampling instead. */
  readonly exactBudget?: number;
  /** Distinct states the whole-fight chain may take before sampling instead (`fight` only). */
  readonly maxStates?: number;
  /** Rounds (or fights, for the `fight` horizon) sampled per option when exact is too large. */
  readonly samples?: number;
  /** Seed of the sampling fallback (run i uses `Rng.stream(seed, i)`). */
  readonly seed?: number;
  readonly horizon?: Horizon;
  /** Called as the exact work goes on; it may throw to stop it. */
  readonly progress?: FightOddsOptions["progress"];
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
  /** Probability that the actor's side has won by the horizon (the round's end, or the fight's). */
  readonly win: Estimate | null;
  /** Probability that the actor's side has lost by the horizon. */
  readonly lose: Estimate | null;
  readonly combatants: readonly CombatantAdvice[];
  /**
   * A round sampled until its ranking was sure: true when this option and the one ranked just
   * above it are alike on every key (sure-ranking.ts), so that either does as well; shown tied.
   */
  readonly tied?: true;
}

export interface Advice {
  readonly actor: string;
  /** The actor's side, or null for a GM decision. */
  readonly side: string | null;
  readonly question: string;
  readonly prompt: string;
  /** The round being played (1 = the first). */
  readonly round: number;
  readonly horizon: Horizon;
  /** How the figures to the end of the round were found. */
  readonly method: "exact" | "sampled";
  /**
   * Runs of the round per option (exact: the most procedure runs one option took, states met
   * before by another option counted once; sampled: samples).
   */
  readonly runs: number;
  /**
   * A round sampled for a side's decision: whether sampling stopped because every pair of options
   * was settled, its order sure or the two alike (sure-ranking.ts), before the most samples.
   */
  readonly sure?: boolean;
  /** Probability mass not covered because of cut-off explosions (exact only). */
  readonly truncated: number;
  /** The `fight` horizon: how win and lose were found, fights sampled per option, and the bound. */
  readonly fight?: {
    readonly method: "exact" | "sampled";
    /** Distinct states the exact chain took, or fights sampled per option. */
    readonly states: number;
    readonly samples: number;
    /** Probability left unresolved (explosion cut-offs, fights still going at the round limit). */
    readonly unresolved: number;
  };
  /** Ranked best first (see `rank`). */
  readonly options: readonly OptionAdvice[];
  /** The unit damage and loss are counted in: the ruleset's `healthUnit`, when it gives one. */
  readonly unit?: string;
}

interface PendingPoint {
  readonly position: Position;
  readonly before: readonly Standing[];
  /** Who is in the fight there (late arrivals included, those the GM removed not). */
  readonly combatants: readonly {
    readonly id: string;
    readonly name: string;
    readonly side: string;
  }[];
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
    position,
    before: def.ruleset.standing(position.state),
    combatants: def.ruleset.view(position.state, { kind: "gm" }),
    choice,
  };
}

/**
 * Random paths per option that estimate the size of its first stretch of play, to the round's
 * first resumable point after the decision (estimateExactRuns). An option whose estimate is over
 * the budget sends the decision to sampling at once: enumerating up to the budget first, only to
 * give up, took more time than the sampling.
 */
const EXACT_PROBES = 64;

/**
 * Random paths per option through the whole round (resumable points passed through), and the
 * estimate of the round's paths, as a multiple of the budget, past which merging equal states is
 * not expected to bring the round within the budget: the first stretch alone says nothing of the
 * rest of a round that can resume inside (karn's melee, whose first stretch is 20 to 400 runs).
 * Measured at the duels' first decisions (2026-11-28): the five whole rounds the state graph
 * enumerates within the budget estimate at most 507,834 paths (swords-wizardry-fitz; cartyrion
 * 226,000, dungeons-of-olde 231,103, tnt 90,507), karn's 1.6e22 to 1.5e24, whose states past
 * 140,000 in its first melee exhaust the budget. At every example's first decision (2026-11-29):
 * the rounds worked out estimate at most 182,000 paths (merging brought them to 3 to 24 times
 * fewer runs), and the four that ran out of the budget 2.7e8 to 2.5e11 (Swords & Wizardry's
 * ambush and ganging-up, tnt's group fight, Cedryk in the warehouse): a hundred times the budget
 * lies between, where a million let those four enumerate 300,000 runs before sampling (Swords &
 * Wizardry's ganging-up: 3.4 of its 4.0 s).
 */
const ROUND_PROBES = 8;
const MERGE_ALLOWANCE = 100;

/** The round's answers so far, then `option` for the pending decision. */
function withOption(point: PendingPoint, option: Json): Answer[] {
  const { actor, question } = point.choice;
  return [...point.position.given, { kind: "decide", actor, question, value: option }];
}

/** Round ends, with their probabilities, after `option` (exact, on `graph`). */
function roundEnds(
  def: EncounterDefinition,
  graph: StateGraph,
  point: PendingPoint,
  option: Json,
): { ends: Map<StateNode, number>; truncated: number } {
  const given = withOption(point, option);
  const { edges, truncated } = graph.stretch(point.position.roundStart, (s, ctx) =>
    def.ruleset.round(s, new ReplayContext(given, ctx, gmApplier(def, s))),
  );
  const resumed = new Map<StateNode, number>();
  const ends = new Map<StateNode, number>();
  spread(edges, 1, resumed, ends);
  return { ends, truncated: truncated + graph.finishRound(resumed, ends) };
}

export function adviseDecision(
  def: EncounterDefinition,
  answers: readonly Answer[],
  options: AdviceOptions = {},
): Advice {
  const rules = def.ruleset;
  const point = pendingPoint(def, answers);
  const { actor, question, options: decision } = point.choice;
  const choices = decision.choices;
  if (choices === undefined || choices.length === 0) {
    throw new AnswerError(
      `${actor}: ${question} lists no options to compare`,
      `${actor}: ${question}`,
      "advice compares the listed choices of a decision",
    );
  }
  const horizon = options.horizon ?? "round";
  const combatants = point.combatants;
  const side = combatants.find((c) => c.id === actor)?.side ?? null;
  const healthBefore = combatants.map((c, i) => standingOf(point.before, c.id, i)?.health ?? 0);
  // Quantities per result: [loss, out] per combatant, then dealt, taken, win, lose. Called for
  // every round end the exact work reaches: the standings are found by position where they are
  // in the order of `combatants` (as rulesets give them), with no map built per call.
  const measure = (state: object): number[] => {
    const now = rules.standing(state);
    const xs: number[] = [];
    let dealt = 0;
    let taken = 0;
    for (let i = 0; i < combatants.length; i += 1) {
      const c = combatants[i]!;
      const s = standingOf(now, c.id, i);
      const loss = healthBefore[i]! - (s?.health ?? 0);
      xs.push(loss, s?.out === true ? 1 : 0);
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
  // Where dealt, taken, win and lose are among the quantities.
  const k = combatants.length * 2;
  const size = k + 4;
  const budget = options.exactBudget ?? 300_000;
  const seed = options.seed ?? 1;
  // To the round's end, each end is wanted only for the expectation of its measures: the graph
  // keeps the ends of each stretch as their mean, not the states (the fight horizon plays on
  // from the states).
  const summarized = horizon === "round";
  const graph = new StateGraph(rules, {
    tactics: def.playbook,
    maxRuns: budget,
    progress: options.progress,
    ...(summarized ? { summarize: measure } : {}),
  });
  const copy = copierOf(rules);
  const playRound = (option: Json, ctx: RuleContext): number[] => {
    const state = copy(point.position.roundStart);
    rules.round(state, new ReplayContext(withOption(point, option), ctx, gmApplier(def, state)));
    return measure(state);
  };

  // Whether an option's estimate from `n` probes on `rng` is over `limit`. Its probes stop once
  // the estimate is sure to be over (`above`): the same answer, and `some` then probes no later
  // option from the same stream.
  const over = (choice: Choice<Json>, rng: Rng, n: number, through: boolean, limit: number) =>
    estimateExactRuns(
      (ctx) => playRound(choice.value, ctx),
      rng,
      n,
      { tactics: def.playbook },
      through,
      limit,
    ) > limit;
  // A first stretch estimated too large to enumerate goes straight to sampling.
  const probes = Rng.stream(seed, -1);
  const tooLarge = choices.some((choice) => over(choice, probes, EXACT_PROBES, false, budget));
  // Then the whole round, estimated only where the first stretch is small enough.
  const rounds = Rng.stream(seed, -2);
  const roundTooLarge =
    !tooLarge &&
    choices.some((choice) => over(choice, rounds, ROUND_PROBES, true, budget * MERGE_ALLOWANCE));
  let method: "exact" | "sampled" = "exact";
  let truncated = 0;
  let runs = 0;
  let tallies: Tally[] | undefined;
  let ends: Map<StateNode, number>[] = [];
  // Estimated too large: sampled at once, with no TooManyRuns made only to be caught (its message's
  // number formatting is the first use of the locale data in a fresh process, about 0.1 s).
  if (!tooLarge && !roundTooLarge) {
    try {
      tallies = choices.map((choice) => {
        const tally = new Tally(size);
        const before = graph.runs;
        const round = roundEnds(def, graph, point, choice.value);
        runs = Math.max(runs, graph.runs - before);
        for (const [node, p] of round.ends)
          tally.add(p, summarized ? (node.state as number[]) : measure(node.state));
        truncated = Math.max(truncated, round.truncated);
        ends.push(round.ends);
        return tally;
      });
    } catch (error) {
      if (!(error instanceof TooManyRuns || error instanceof TooManyStates)) throw error;
      tallies = undefined;
    }
  }
  let paired: PairedKeys | null = null;
  if (tallies === undefined) {
    method = "sampled";
    truncated = 0;
    ends = [];
    const most = options.samples ?? 20_000;
    const sampledTallies = choices.map(() => new Tally(size));
    tallies = sampledTallies;
    // To the round's end, for a side, in batches until the ranking is sure (sure-ranking.ts); a
    // GM decision, which is not ranked, and the fight horizon, ranked by the whole fight, take
    // the most samples. The same streams for every option: options differ by the choice, not by
    // luck, and the differences of their samples are paired.
    const batch = summarized && side !== null ? Math.min(SAMPLE_BATCH, most) : most;
    paired = batch < most ? new PairedKeys(choices.length, batch) : null;
    runs = 0;
    do {
      const count = Math.min(batch, most - runs);
      choices.forEach((choice, o) => {
        const tally = sampledTallies[o]!;
        for (let i = 0; i < count; i += 1) {
          const ctx = new PolicyContext(Rng.stream(seed, runs + i), def.playbook);
          const xs = playRound(choice.value, ctx);
          tally.add(1, xs);
          paired?.set(o, i, xs[k + 2]!, xs[k + 3]!, xs[k]!, xs[k + 1]!);
        }
      });
      paired?.close(count);
      runs += count;
    } while (runs < most && paired?.settled() !== true);
  }

  const sampled = method === "sampled";
  const fight = horizon === "fight" ? fightHorizon(def, graph, point, ends, options) : undefined;
  const policyValue = JSON.stringify(def.playbook.answer(actor, question, decision));
  const advised: OptionAdvice[] = choices.map((choice, o) => {
    const t = tallies[o]!;
    const win = fight === undefined ? t.estimate(k + 2, sampled, true) : fight.win[o]!;
    const lose = fight === undefined ? t.estimate(k + 3, sampled, true) : fight.lose[o]!;
    return {
      value: choice.value,
      label: choice.label,
      policy: JSON.stringify(choice.value) === policyValue,
      dealt: side === null ? null : t.estimate(k, sampled, false),
      taken: side === null ? null : t.estimate(k + 1, sampled, false),
      win: side === null ? null : win,
      lose: side === null ? null : lose,
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
    round: point.position.round,
    horizon,
    method,
    runs,
    ...(paired === null ? {} : { sure: paired.settled() }),
    truncated,
    ...(fight === undefined ? {} : { fight: fight.summary }),
    options: paired === null ? rank(advised) : tiedIn(paired, advised),
    ...(rules.healthUnit === undefined ? {} : { unit: rules.healthUnit }),
  };
}

/** The standing of combatant `id` in `all`, looked for at index `at` first. */
function standingOf(all: readonly Standing[], id: string, at: number): Standing | undefined {
  const s = all[at];
  return s !== undefined && s.id === id ? s : all.find((x) => x.id === id);
}

interface FightHorizon {
  readonly win: Estimate[];
  readonly lose: Estimate[];
  readonly summary: NonNullable<Advice["fight"]>;
}

/**
 * Each option's chance that the actor's side wins or loses the fight: the whole-fight chain from
 * the option's round ends (`ends`, empty when the round was sampled), exact while the state graph
 * keeps within its budgets; otherwise whole fights sampled from the position.
 */
function fightHorizon(
  def: EncounterDefinition,
  graph: StateGraph,
  point: PendingPoint,
  ends: readonly Map<StateNode, number>[],
  options: AdviceOptions,
): FightHorizon {
  const choices = point.choice.options.choices!;
  const side = def.setup.combatants.find((c) => c.id === point.choice.actor)?.side ?? null;
  const sideIndex = def.setup.sides.findIndex((s) => s.id === side);
  if (ends.length === choices.length) {
    graph.setLimits({ maxStates: options.maxStates });
    try {
      let unresolved = 0;
      const win: Estimate[] = [];
      const lose: Estimate[] = [];
      for (const e of ends) {
        const out = playOut(graph, def, e, 1);
        if (out.stopped === "cancelled") throw new WorkStopped();
        if (out.stopped === "state-limit") throw new TooManyStates(graph.maxStates);
        if (out.stopped === "run-limit")
          throw new TooManyRuns(graph.runBudget ?? graph.runs, graph.refusedEstimate ?? undefined);
        const w = sideIndex < 0 ? 0 : out.tally.wins[sideIndex]!;
        const lost = out.tally.wins.reduce((s, x, i) => (i === sideIndex ? s : s + x), 0);
        win.push({ value: w, half: 0 });
        lose.push({ value: lost, half: 0 });
        unresolved = Math.max(unresolved, out.ongoing + out.truncated);
      }
      return {
        win,
        lose,
        summary: { method: "exact", states: graph.size, samples: 0, unresolved },
      };
    } catch (error) {
      if (!(error instanceof TooManyRuns || error instanceof TooManyStates)) throw error;
    }
  }
  const samples = options.samples ?? 20_000;
  const seed = options.seed ?? 1;
  const win: Estimate[] = [];
  const lose: Estimate[] = [];
  for (const choice of choices) {
    const tally = new Tally(2);
    const from = { ...point.position, given: withOption(point, choice.value) };
    for (let i = 0; i < samples; i += 1) {
      const winner = runFightFrom(def, from, Rng.stream(seed, i)).outcome.winner;
      tally.add(1, [winner === side ? 1 : 0, winner !== null && winner !== side ? 1 : 0]);
    }
    win.push(tally.estimate(0, true, true));
    lose.push(tally.estimate(1, true, true));
  }
  return {
    win,
    lose,
    summary: { method: "sampled", states: 0, samples, unresolved: 0 },
  };
}

/** Whether two options are shown the same on chance `key` (0 win, 1 lose), for `rank`. */
export type SameChance = (a: OptionAdvice, b: OptionAdvice, key: number) => boolean;

/** The chances `paired` shows the same, for the options advised in the order of its samples. */
function sameIn(paired: PairedKeys, advised: readonly OptionAdvice[]): SameChance {
  return (a, b, key) => paired.same(advised.indexOf(a), advised.indexOf(b), key);
}

/** `advised` ranked by what `paired` shows, each option alike the one above it marked tied. */
function tiedIn(paired: PairedKeys, advised: readonly OptionAdvice[]): OptionAdvice[] {
  const ranked = rank(advised, sameIn(paired, advised));
  return ranked.map((o, i) =>
    i > 0 && paired.pair(advised.indexOf(ranked[i - 1]!), advised.indexOf(o)) === "alike"
      ? { ...o, tied: true }
      : o,
  );
}

/**
 * Best first: the greater chance that the actor's side has won by the horizon, then the smaller
 * chance that it has lost, then the greater expected health lost by the foes minus that lost by
 * the actor's side. A GM decision keeps the order of its choices. With `same` (a round sampled
 * until its ranking was sure, sure-ranking.ts), a chance two options are shown to share within
 * SAME_MARGIN does not order them: the next key does.
 */
export function rank(options: readonly OptionAdvice[], same?: SameChance): OptionAdvice[] {
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
      if (same !== undefined && i < ka.length - 1 && same(a, b, i)) continue;
      const d = kb[i]! - ka[i]!;
      if (Math.abs(d) > EPS) return d;
    }
    return 0;
  });
}
