// The exact driver: runs a procedure once for every combination of roll outcomes, each with
// its probability. Decisions are answered by fixed answers ("actor:question" -> value) or by
// the actors' tactics, so the result is the exact distribution under those decisions. A run
// executes the procedure from its start with the roll outcomes of its path (procedures are pure
// functions of their answers, so this is sound); at a roll its path does not fix, the run goes on
// with the roll's first outcome and leaves each other outcome to a run of its own, handed the
// decisions made before the roll, so a policy is asked once per node of the tree, not once per
// path, and the procedure runs once per path (a leaf of the tree), not once per node. With
// `stops`, a run also ends at the ruleset's resumable points (`ctx.checkpoint()`): what the state
// graph (state-graph.ts) merges equal states at. With `alike`, a roll whose rule says which answers
// leave the same state (`ctx.roll`'s low and high) branches once per group of them; with `excess`,
// a run's context offers `ctx.excess` (the group's mean, and what the rule keeps out of the state).
import { FrayError } from "../../core/errors.js";
import type { Rng } from "../../core/random.js";
import type { DecisionOptions, Excess, RollSpec, RuleContext } from "../choice.js";
import type { Json } from "../json.js";
import type { Playbook } from "../tactics.js";
import { FixedDecisions } from "./fixed.js";

export interface ExactOptions {
  /** The actors' tactics, for decisions that `decisions` does not fix. */
  readonly tactics: Playbook;
  /** Fixed answers to decisions, keyed "actor:question"; other decisions follow their tactics. */
  readonly decisions?: Readonly<Record<string, Json>>;
  /** The most complete runs allowed before giving up with an error. */
  readonly maxRuns?: number;
}

export interface Weighted<R> {
  readonly p: number;
  readonly result: R;
}

export interface ExactResult<R> {
  readonly outcomes: readonly Weighted<R>[];
  /** Probability lost to the truncation of unbounded explosions. */
  readonly truncated: number;
  /** Decision keys that were fixed by `decisions` and actually asked. */
  readonly fixedUsed: readonly string[];
  /** Runs of the procedure taken: one per path (leaf) of the tree of roll outcomes. */
  readonly runs: number;
}

/** The default of `maxRuns`. */
export const MAX_EXACT_RUNS = 2_000_000;

/**
 * More runs needed than allowed: the message says the limit, and the estimate when the work was
 * refused on one before it took them (estimateExactRuns); callers may fall back to sampling.
 */
export class TooManyRuns extends FrayError {
  constructor(
    readonly limit: number,
    readonly estimate?: number,
  ) {
    super(
      estimate === undefined
        ? `exact odds need more than ${limit.toLocaleString("en-US")} runs of the procedure`
        : `exact odds need about ${Number(estimate.toPrecision(2)).toLocaleString("en-US")} runs of the procedure, more than the ${limit.toLocaleString("en-US")} allowed`,
      undefined,
      "fix more decisions or use simulation (fray sim) for this situation",
    );
  }
}

/** A path of the tree: the roll outcomes chosen and the decisions already made along them. */
interface Path {
  readonly rolls: readonly number[];
  readonly decisions: readonly Json[];
  readonly p: number;
}

/** Thrown by `checkpoint()` when runs stop at the ruleset's resumable points. */
export const AT_CHECKPOINT: unique symbol = Symbol("checkpoint");

/**
 * How runs treat the ruleset's resumable points (`ctx.checkpoint()`): go on through them, stop
 * by throwing AT_CHECKPOINT, or stop by answering true, the ruleset returning at once
 * (`Ruleset.returnsAtCheckpoints`: no throw, which costs V8 a few microseconds a run).
 */
export type Stops = "none" | "throw" | "return";

/**
 * A run's context, which says whether the run stopped at a resumable point by returning, and
 * what it handed `ctx.excess.add` (null: nothing).
 */
export interface ExactRun extends RuleContext {
  readonly stopped: boolean;
  readonly added: Added | null;
}

/** What a run handed `ctx.excess.add`: combatants' ids and amounts, in the order added. */
export interface Added {
  readonly ids: string[];
  readonly amounts: number[];
}

/** What the runs of one walk share: the paths still to run, and the probability cut off. */
interface Walk {
  readonly pending: Path[];
  truncated: number;
  /** Whether a run's result is its state, so that answers leaving the same state are one branch. */
  readonly alike: boolean;
  /** Whether runs offer `ctx.excess`. */
  readonly excess: boolean;
}

/** A roll's branches: an outcome each, or one for each group of alike outcomes. */
interface Branches {
  readonly outcomes: readonly number[];
  readonly ps: readonly number[];
}

/**
 * The branches of a roll whose rule reads its answer only between `low` and `high` (see
 * `RuleContext.roll`): the outcomes at most `low` are one branch, those at least `high` another,
 * each answered by its smallest outcome with the group's probability summed in ascending order;
 * the outcomes between keep a branch each.
 */
function alikeBranches(
  outcomes: readonly number[],
  ps: readonly number[],
  low: number,
  high: number,
): Branches {
  const xs: number[] = [];
  const qs: number[] = [];
  let i = 0;
  if (outcomes[0]! <= low) {
    let q = 0;
    for (; i < outcomes.length && outcomes[i]! <= low; i += 1) q += ps[i]!;
    xs.push(outcomes[0]!);
    qs.push(q);
  }
  for (; i < outcomes.length && outcomes[i]! < high; i += 1) {
    xs.push(outcomes[i]!);
    qs.push(ps[i]!);
  }
  if (i < outcomes.length) {
    xs.push(outcomes[i]!);
    let q = 0;
    for (; i < outcomes.length; i += 1) q += ps[i]!;
    qs.push(q);
  }
  return { outcomes: xs, ps: qs };
}

/**
 * The mean of the outcomes `answer` stands for among a roll's (`alikeBranches`' groups: those at
 * most `low`, those above `low` and at least `high`), weighted by their probabilities; `answer`
 * itself outside them.
 */
function groupMean(
  outcomes: readonly number[],
  ps: readonly number[],
  answer: number,
  low: number,
  high: number,
): number {
  const lowGroup = answer <= low;
  if (!lowGroup && answer < high) return answer;
  let q = 0;
  let sum = 0;
  for (let i = 0; i < outcomes.length; i += 1) {
    const x = outcomes[i]!;
    if (lowGroup ? x <= low : x > low && x >= high) {
      q += ps[i]!;
      sum += ps[i]! * x;
    }
  }
  return sum / q;
}

class ExactContext implements ExactRun {
  readonly explaining = false;
  stopped = false;
  added: Added | null = null;
  readonly checkpoint: (() => boolean) | undefined;
  readonly excess: Excess | undefined;
  /** The last roll asked, its answer and the low and high its rule gave (for `excess.mean`). */
  private lastSpec: RollSpec | null = null;
  private lastAnswer = 0;
  private lastLow: number | undefined;
  private lastHigh: number | undefined;
  private rolled = 0;
  private decided = 0;
  /** The decisions of this run, once it makes one its path did not know. */
  private made: Json[] | null = null;
  /** The path's rolls and those this run chose past them, once it chooses one. */
  private rolls: number[] | null = null;
  /** The probability of the outcomes rolled so far. */
  p: number;

  constructor(
    private readonly path: Path,
    private readonly fixed: FixedDecisions,
    stops: Stops,
    private readonly walk: Walk,
  ) {
    this.p = path.p;
    this.checkpoint =
      stops === "return" ? () => (this.stopped = true) : stops === "throw" ? stop : undefined;
    this.excess = walk.excess
      ? { mean: () => this.lastMean(), add: (id, amount) => this.add(id, amount) }
      : undefined;
  }

  private lastMean(): number {
    const spec = this.lastSpec;
    const low = this.lastLow;
    const high = this.lastHigh;
    if (spec === null) throw new Error("ctx.excess.mean() asked before any roll");
    if (!this.walk.alike || low === undefined || high === undefined) return this.lastAnswer;
    const dist = spec.dist();
    return groupMean(dist.outcomes(), dist.probabilities(), this.lastAnswer, low, high);
  }

  private add(id: string, amount: number): void {
    const added = (this.added ??= { ids: [], amounts: [] });
    added.ids.push(id);
    added.amounts.push(amount);
  }

  roll(spec: RollSpec, _label?: string, _actor?: string, low?: number, high?: number): number {
    const answer = this.answer(spec, low, high);
    if (this.excess !== undefined) {
      this.lastSpec = spec;
      this.lastAnswer = answer;
      this.lastLow = low;
      this.lastHigh = high;
    }
    return answer;
  }

  private answer(spec: RollSpec, low: number | undefined, high: number | undefined): number {
    const known = this.path.rolls;
    const i = this.rolled;
    this.rolled += 1;
    if (i < known.length) return known[i]!;
    // A roll the path does not fix: this run goes on with its first outcome; each other outcome
    // is a path of its own, run later (in reverse, so that they run in the outcomes' order).
    const dist = spec.dist();
    let outcomes = dist.outcomes();
    let ps = dist.probabilities();
    if (this.walk.alike && low !== undefined && high !== undefined)
      ({ outcomes, ps } = alikeBranches(outcomes, ps, low, high));
    const p = this.p;
    this.walk.truncated += p * dist.truncated;
    const rolls = (this.rolls ??= [...known]);
    const decisions = this.made === null ? this.path.decisions : [...this.made];
    for (let o = outcomes.length - 1; o > 0; o -= 1)
      this.walk.pending.push({ rolls: [...rolls, outcomes[o]!], decisions, p: p * ps[o]! });
    const first = outcomes[0]!;
    rolls.push(first);
    this.p = p * ps[0]!;
    return first;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const known = this.path.decisions;
    const i = this.decided;
    this.decided += 1;
    if (i < known.length) return known[i] as T;
    const value = this.fixed.answer(actor, question, options);
    (this.made ??= [...known]).push(value);
    return value;
  }

  explain(): void {}
}

function stop(): never {
  throw AT_CHECKPOINT;
}

/**
 * Every run of `run` over the tree of roll outcomes, one per path, depth first in the order of
 * each roll's outcomes: `visit` gets each finished run's probability and result. With `stops`
 * other than "none", a run ends at a checkpoint too (`run` catches AT_CHECKPOINT, or finds
 * `ctx.stopped`, and returns what it stands for). With `alike` (a run's result is its state, as
 * in the state graph), a roll's outcomes that its rule says leave the same state branch once.
 * With `excess`, runs offer `ctx.excess` (RuleContext), and `run` reads what each handed it from
 * `ctx.added`.
 */
export function walkExact<R>(
  run: (ctx: ExactRun) => R,
  visit: (p: number, result: R) => void,
  fixed: FixedDecisions,
  maxRuns: number,
  stops: Stops,
  alike = false,
  excess = false,
): { truncated: number; runs: number } {
  let runs = 0;
  const walk: Walk = {
    pending: [{ rolls: [], decisions: [], p: 1 }],
    truncated: 0,
    alike,
    excess,
  };
  const pending = walk.pending;
  while (pending.length > 0) {
    const path = pending.pop()!;
    runs += 1;
    if (runs > maxRuns) throw new TooManyRuns(maxRuns);
    const ctx = new ExactContext(path, fixed, stops, walk);
    const result = run(ctx);
    visit(ctx.p, result);
  }
  return { truncated: walk.truncated, runs };
}

export function enumerateExact<R>(
  run: (ctx: RuleContext) => R,
  options: ExactOptions,
): ExactResult<R> {
  const fixed = new FixedDecisions(options.tactics, options.decisions);
  const outcomes: Weighted<R>[] = [];
  const { truncated, runs } = walkExact(
    run,
    (p, result) => outcomes.push({ p, result }),
    fixed,
    options.maxRuns ?? MAX_EXACT_RUNS,
    "none",
  );
  return { outcomes, truncated, fixedUsed: [...fixed.used], runs };
}

/**
 * Follows one random path through the tree of roll outcomes (see `estimateExactRuns`), to the
 * first resumable point, or `through` them to the end of the run.
 */
class ProbeContext implements RuleContext {
  readonly explaining = false;
  readonly checkpoint: (() => never) | undefined;
  /** Paths at the current depth, estimated: the product of the branch counts so far. */
  runs = 1;

  constructor(
    private readonly rng: Rng,
    private readonly fixed: FixedDecisions,
    through: boolean,
  ) {
    this.checkpoint = through ? undefined : stop;
  }

  roll(spec: RollSpec): number {
    const entries = spec.dist().entries();
    this.runs *= entries.length;
    return entries[Math.floor(this.rng.float() * entries.length)]![0];
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    return this.fixed.answer(actor, question, options);
  }

  explain(): void {}
}

/**
 * About how many runs `enumerateExact(run, options)` would take (or a stretch of the state graph,
 * which ends at the first resumable point), without taking them (Knuth's
 * estimator, "Estimating the efficiency of backtrack programs", 1975): each probe runs the
 * procedure once along a random path, every roll outcome as likely as any other, and counts
 * the paths the tree would have if every roll had as many outcomes as the ones met. The mean
 * over probes is an unbiased estimate of the tree's paths (the exact driver takes one run per
 * path); trees with rare deep branches make it noisy, so take it as an order of magnitude.
 * `through`: the probes pass the resumable points, estimating the paths of the whole run (an
 * upper bound on what merging equal states at those points leaves to run).
 *
 * With `above`, the probes stop as soon as the estimate is sure to be above it, and what is
 * returned is then the sum so far over `probes` (above `above`, at most the whole estimate):
 * each probe counts at least one path, so the sum never falls. Whether the estimate is above a
 * limit is answered the same, at less cost for a tree far past it (karn's whole round at its
 * duel's first decision: about 1e22 paths against the advisor's 3e11, from the first of 8 probes).
 */
export function estimateExactRuns<R>(
  run: (ctx: RuleContext) => R,
  rng: Rng,
  probes: number,
  options: ExactOptions,
  through = false,
  above = Infinity,
): number {
  let sum = 0;
  for (let i = 0; i < probes; i += 1) {
    const fixed = new FixedDecisions(options.tactics, options.decisions);
    const ctx = new ProbeContext(rng, fixed, through);
    try {
      run(ctx);
    } catch (error) {
      if (error !== AT_CHECKPOINT) throw error;
    }
    sum += ctx.runs;
    if (sum / probes > above) break;
  }
  return sum / probes;
}
