// The exact driver: runs a procedure once for every combination of roll outcomes, each with
// its probability. Decisions are answered by fixed answers ("actor:question" -> value) or by
// the actors' tactics, so the result is the exact distribution under those decisions. A run re-executes
// the procedure from its start with the roll outcomes chosen so far (procedures are pure
// functions of their answers, so this is sound); the decisions a run made before the roll it
// branches on are handed to its children, so a policy is asked once per node of the tree, not
// once per path. With `stops`, a run also ends at the ruleset's resumable points
// (`ctx.checkpoint()`): what the state graph (state-graph.ts) merges equal states at.
import { FrayError } from "../../core/errors.js";
import type { Rng } from "../../core/random.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../choice.js";
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
  /** Runs of the procedure taken: one per node of the tree of roll outcomes. */
  readonly runs: number;
}

/** The default of `maxRuns`. */
export const MAX_EXACT_RUNS = 2_000_000;

/** More runs needed than allowed: the message says the limit; callers may fall back to sampling. */
export class TooManyRuns extends FrayError {
  constructor(readonly limit: number) {
    super(
      `exact odds need more than ${limit.toLocaleString("en-US")} runs of the procedure`,
      undefined,
      "fix more decisions or use simulation (fray sim) for this situation",
    );
  }
}

/** A run reached a roll its path does not fix yet: the decisions it made before are kept. */
class Branch {
  constructor(
    readonly spec: RollSpec,
    readonly decisions: readonly Json[],
  ) {}
}

/** A path of the tree: the roll outcomes chosen and the decisions already made along them. */
interface Path {
  readonly rolls: readonly number[];
  readonly decisions: readonly Json[];
  readonly p: number;
}

/** Thrown by `checkpoint()` when runs stop at the ruleset's resumable points. */
export const AT_CHECKPOINT: unique symbol = Symbol("checkpoint");

class ExactContext implements RuleContext {
  readonly explaining = false;
  private rolled = 0;
  private decided = 0;
  /** The decisions of this run, once it makes one its path did not know. */
  private made: Json[] | null = null;

  constructor(
    private readonly path: Path,
    private readonly fixed: FixedDecisions,
    readonly checkpoint: (() => void) | undefined,
  ) {}

  roll(spec: RollSpec): number {
    const value = this.path.rolls[this.rolled];
    if (value === undefined) throw new Branch(spec, this.made ?? this.path.decisions);
    this.rolled += 1;
    return value;
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
 * Every run of `run` over the tree of roll outcomes, depth first in the order of each roll's
 * outcomes: `visit` gets each finished run's probability and result. With `stops`, a run ends at
 * a checkpoint too (`run` catches AT_CHECKPOINT and returns what it stands for).
 */
export function walkExact<R>(
  run: (ctx: RuleContext) => R,
  visit: (p: number, result: R) => void,
  fixed: FixedDecisions,
  maxRuns: number,
  stops: boolean,
): { truncated: number; runs: number } {
  let truncated = 0;
  let runs = 0;
  const stack: Path[] = [{ rolls: [], decisions: [], p: 1 }];
  while (stack.length > 0) {
    const path = stack.pop()!;
    runs += 1;
    if (runs > maxRuns) throw new TooManyRuns(maxRuns);
    let result: R;
    try {
      result = run(new ExactContext(path, fixed, stops ? stop : undefined));
    } catch (error) {
      if (!(error instanceof Branch)) throw error;
      const dist = error.spec.dist();
      truncated += path.p * dist.truncated;
      const outcomes = dist.outcomes();
      const ps = dist.probabilities();
      for (let i = outcomes.length - 1; i >= 0; i -= 1) {
        stack.push({
          rolls: [...path.rolls, outcomes[i]!],
          decisions: error.decisions,
          p: path.p * ps[i]!,
        });
      }
      continue;
    }
    visit(path.p, result);
  }
  return { truncated, runs };
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
    false,
  );
  return { outcomes, truncated, fixedUsed: [...fixed.used], runs };
}

/**
 * Follows one random path through the tree of roll outcomes (see `estimateExactRuns`), to the
 * first resumable point.
 */
class ProbeContext implements RuleContext {
  readonly explaining = false;
  readonly checkpoint = stop;
  /** Paths at the current depth, estimated: the product of the branch counts so far. */
  private width = 1;
  /** Runs estimated so far: the root's, then `width` for every depth reached. */
  runs = 1;

  constructor(
    private readonly rng: Rng,
    private readonly fixed: FixedDecisions,
  ) {}

  roll(spec: RollSpec): number {
    const entries = spec.dist().entries();
    this.width *= entries.length;
    this.runs += this.width;
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
 * the runs the tree would have at each depth if every roll there had as many outcomes as the
 * ones met. The mean over probes is an unbiased estimate of the tree's size (the exact driver
 * takes one run per node: a branching roll or a finished result); trees with rare deep branches
 * make it noisy, so take it as an order of magnitude.
 */
export function estimateExactRuns<R>(
  run: (ctx: RuleContext) => R,
  rng: Rng,
  probes: number,
  options: ExactOptions,
): number {
  let sum = 0;
  for (let i = 0; i < probes; i += 1) {
    const ctx = new ProbeContext(rng, new FixedDecisions(options.tactics, options.decisions));
    try {
      run(ctx);
    } catch (error) {
      if (error !== AT_CHECKPOINT) throw error;
    }
    sum += ctx.runs;
  }
  return sum / probes;
}
