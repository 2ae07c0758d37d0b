// The step and size budget of one exact computation: a deterministic stand-in for a time limit.
import type { Span } from "./ast.js";
import { NotationError } from "./errors.js";
import { MAX_EXACT_RANGE, MAX_EXACT_STEPS } from "./limits.js";

function sci(n: number): string {
  return n.toExponential(1).replace("e+", "e");
}

export class Budget {
  private steps = 0;

  constructor(
    private readonly text: string,
    private readonly limit = MAX_EXACT_STEPS,
  ) {}

  /** The steps charged so far: the work done, as a refused charge is not done. */
  get spent(): number {
    return this.steps;
  }

  /**
   * Accounts for `steps` units of work on the node at `span`, failing when over budget. A unit is
   * one multiply-add on a dense array; callers scale up work that goes through maps.
   */
  charge(steps: number, span: Span): void {
    if (this.steps + steps > this.limit) {
      throw new NotationError(
        this.text,
        `exact odds would take more than ${sci(this.limit)} steps of work`,
        span.start + 1,
        "use fewer dice or sides, or roll it (fray roll) or simulate instead",
      );
    }
    this.steps += steps;
  }

  /** Fails when a distribution would span more than MAX_EXACT_RANGE outcomes. */
  range(lo: number, hi: number, span: Span): void {
    if (hi - lo + 1 > MAX_EXACT_RANGE) {
      throw new NotationError(
        this.text,
        `exact odds would span ${sci(hi - lo + 1)} outcomes (from ${lo} to ${hi}), over the limit of ${sci(MAX_EXACT_RANGE)}`,
        span.start + 1,
        "use smaller numbers, or roll it (fray roll) instead",
      );
    }
  }
}
