// The policy driver: seeded rolls and every decision by its policy (or by a fixed answer keyed
// "actor:question"), with nothing logged. This is what simulation runs, so it is kept to one
// random draw per roll.
import type { Rng } from "../../core/random.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../choice.js";
import type { Json } from "../json.js";
import { checkDecision } from "./validate.js";

export class PolicyContext implements RuleContext {
  readonly explaining = false;
  private readonly anyFixed: boolean;

  constructor(
    private readonly rng: Rng,
    private readonly fixed: Readonly<Record<string, Json>> = {},
  ) {
    this.anyFixed = Object.keys(fixed).length > 0;
  }

  roll(spec: RollSpec): number {
    return spec.dist().sample(this.rng.float());
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    if (!this.anyFixed) return options.policy();
    const key = `${actor}:${question}`;
    return key in this.fixed
      ? checkDecision(actor, question, options, this.fixed[key])
      : options.policy();
  }

  explain(): void {}
}
