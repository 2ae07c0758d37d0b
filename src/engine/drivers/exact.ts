// The exact driver: runs a procedure once for every combination of roll outcomes, each with
// its probability. Decisions are answered by fixed answers ("actor:question" -> value) or by
// their policies, so the result is the exact distribution under those decisions. A run re-executes
// the procedure from its start with the roll outcomes chosen so far (procedures are pure
// functions of their answers, so this is sound); it is meant for one exchange, not a whole fight.
import { FrayError } from "../../core/errors.js";
import type { Rng } from "../../core/random.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../choice.js";
import type { Json } from "../json.js";
import { FixedDecisions } from "./fixed.js";

export interface ExactOptions {
  /** Fixed answers to decisions, keyed "actor:question"; other decisions follow their policies. */
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
}

class Branch {
  constructor(readonly spec: RollSpec) {}
}

class ExactContext implements RuleContext {
  readonly explaining = false;
  private position = 0;

  constructor(
    private readonly prefix: readonly number[],
    private readonly fixed: FixedDecisions,
  ) {}

  roll(spec: RollSpec): number {
    const value = this.prefix[this.position];
    if (value === undefined) throw new Branch(spec);
    this.position += 1;
    return value;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    return this.fixed.answer(actor, question, options);
  }

  explain(): void {}
}

export function enumerateExact<R>(
  run: (ctx: RuleContext) => R,
  options: ExactOptions = {},
): ExactResult<R> {
  const fixed = new FixedDecisions(options.decisions);
  const maxRuns = options.maxRuns ?? 2_000_000;
  const outcomes: Weighted<R>[] = [];
  let truncated = 0;
  let runs = 0;
  const stack: { prefix: number[]; p: number }[] = [{ prefix: [], p: 1 }];
  while (stack.length > 0) {
    const { prefix, p } = stack.pop()!;
    runs += 1;
    if (runs > maxRuns) {
      throw new FrayError(
        `exact odds need more than ${maxRuns} runs of the exchange`,
        undefined,
        "fix more decisions or use simulation (fray sim) for this situation",
      );
    }
    const ctx = new ExactContext(prefix, fixed);
    try {
      const result = run(ctx);
      outcomes.push({ p, result });
    } catch (error) {
      if (!(error instanceof Branch)) throw error;
      const dist = error.spec.dist();
      truncated += p * dist.truncated;
      const entries = dist.entries();
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [outcome, q] = entries[i]!;
        stack.push({ prefix: [...prefix, outcome], p: p * q });
      }
    }
  }
  return { outcomes, truncated, fixedUsed: [...fixed.used] };
}

/** Follows one random path through the tree of roll outcomes (see `estimateExactRuns`). */
class ProbeContext implements RuleContext {
  readonly explaining = false;
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
 * About how many runs `enumerateExact(run, options)` would take, without taking them (Knuth's
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
  options: ExactOptions = {},
): number {
  let sum = 0;
  for (let i = 0; i < probes; i += 1) {
    const ctx = new ProbeContext(rng, new FixedDecisions(options.decisions));
    run(ctx);
    sum += ctx.runs;
  }
  return sum / probes;
}
