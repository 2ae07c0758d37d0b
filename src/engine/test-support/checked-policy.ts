// Whole fights under the policy driver for tests, with every decision's tactic's answer checked:
// the answer must be one the decision allows (its schema, and its listed choices), as the table
// and the advisor would be offered it, and a ruleset that declares its tactics must declare the
// tactic of every question it asks, and whose the question is as the procedure asks it.
import { expect } from "vitest";
import type { Rng } from "../../core/random.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../choice.js";
import { PolicyContext } from "../drivers/policy.js";
import { checkDecision } from "../drivers/validate.js";
import type { Json } from "../json.js";
import type { Ruleset } from "../ruleset.js";
import { Playbook } from "../tactics.js";

/** Seeded rolls (the policy driver's); every decision by the actor's tactic, checked. */
export class CheckedPolicy implements RuleContext {
  readonly explaining = false;
  private readonly inner: PolicyContext;

  constructor(
    rng: Rng,
    private readonly playbook: Playbook,
  ) {
    this.inner = new PolicyContext(rng, playbook);
  }

  roll(spec: RollSpec): number {
    return this.inner.roll(spec);
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const { questions: declared, about } = this.playbook.tactics;
    const tactics = Object.keys(declared);
    if (tactics.length > 0) {
      // Each check asks vitest only when it fails (the same assertion, the same message): asked
      // at each of a fight's thousands of decisions, vitest's expect was about a twelfth of the
      // conformance suites' CPU (docs/benchmarks.md, "The test suite").
      const key = options.tactic ?? question;
      if (!tactics.includes(key))
        expect(tactics, `the tactic of ${actor}: ${question}`).toContain(key);
      // Who the question is declared for is who asks it: the GM's rulings are asked of "gm", a
      // combatant's decisions of the combatant, a side's of the side (or of "gm" for opponents).
      const askers: readonly (string | undefined)[] =
        actor === "gm" ? ["gm", "side"] : ["combatant", "side"];
      const by = about[key]?.by;
      if (!askers.includes(by)) expect(askers, `who answers ${actor}: ${question}`).toContain(by);
    }
    return checkDecision(actor, question, options, this.playbook.answer(actor, question, options));
  }

  explain(): void {}
}

/**
 * Plays `state` round by round with a CheckedPolicy on `rng`, checks `invariants` after every
 * round, and expects the fight to be over within `maxRounds` with a state that is plain JSON.
 */
export function fightToTheEnd<S extends object>(
  ruleset: Ruleset<S>,
  state: S,
  rng: Rng,
  invariants: (state: S) => void = () => {},
  maxRounds = 300,
): void {
  const ctx = new CheckedPolicy(rng, new Playbook(ruleset.tactics));
  for (let round = 0; round < maxRounds && ruleset.outcome(state) === null; round += 1) {
    ruleset.round(state, ctx);
    invariants(state);
  }
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  expect(ruleset.outcome(state)).not.toBeNull();
}
