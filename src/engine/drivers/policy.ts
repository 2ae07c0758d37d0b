// The policy driver: seeded rolls and every decision by the actor's tactic (or by a fixed answer
// keyed "actor:question"), with nothing logged. This is what simulation runs, so it is kept to one
// random draw per roll, and with no fixed answers a decision is one lookup and one call of its
// tactic.
import type { Rng } from "../../core/random.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../choice.js";
import type { Json } from "../json.js";
import type { Playbook } from "../tactics.js";
import { FixedDecisions } from "./fixed.js";

export class PolicyContext implements RuleContext {
  readonly explaining = false;
  /** Null when no decision is fixed (simulation): nothing to look up per decision. */
  private readonly fixed: FixedDecisions | null;

  constructor(
    private readonly rng: Rng,
    private readonly playbook: Playbook,
    fixed?: Readonly<Record<string, Json>> | FixedDecisions,
  ) {
    const f =
      fixed === undefined
        ? null
        : fixed instanceof FixedDecisions
          ? fixed
          : new FixedDecisions(playbook, fixed);
    this.fixed = f === null || f.empty ? null : f;
  }

  roll(spec: RollSpec): number {
    return spec.dist().sample(this.rng.float());
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const fixed = this.fixed;
    return fixed === null
      ? this.playbook.answer(actor, question, options)
      : fixed.answer(actor, question, options);
  }

  explain(): void {}
}
