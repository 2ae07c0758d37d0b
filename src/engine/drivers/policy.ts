// The policy driver: seeded rolls and every decision by its policy (or by a fixed answer keyed
// "actor:question"), with nothing logged. This is what simulation runs, so it is kept to one
// random draw per roll.
import type { Rng } from "../../core/random.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../choice.js";
import type { Json } from "../json.js";
import { FixedDecisions } from "./fixed.js";

export class PolicyContext implements RuleContext {
  readonly explaining = false;
  private readonly fixed: FixedDecisions;

  constructor(
    private readonly rng: Rng,
    fixed: Readonly<Record<string, Json>> | FixedDecisions = {},
  ) {
    this.fixed = fixed instanceof FixedDecisions ? fixed : new FixedDecisions(fixed);
  }

  roll(spec: RollSpec): number {
    return spec.dist().sample(this.rng.float());
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    return this.fixed.answer(actor, question, options);
  }

  explain(): void {}
}
