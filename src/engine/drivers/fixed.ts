// Fixed answers to decisions, keyed "actor:question" in files and on the command line, looked up
// by actor then question so that drivers build no key string per decision (a hot path in exact
// odds and simulation). Records which fixed answers were actually asked; the other decisions go to
// the combatants' tactics (a Playbook).
import type { DecisionOptions } from "../choice.js";
import type { Json } from "../json.js";
import type { Playbook } from "../tactics.js";
import { checkDecision } from "./validate.js";

export class FixedDecisions {
  private readonly byActor = new Map<string, Map<string, Json>>();
  readonly used = new Set<string>();
  readonly empty: boolean;

  constructor(
    readonly playbook: Playbook,
    decisions: Readonly<Record<string, Json>> = {},
  ) {
    for (const [key, value] of Object.entries(decisions)) {
      const at = key.indexOf(":");
      const actor = key.slice(0, at);
      const question = key.slice(at + 1);
      let questions = this.byActor.get(actor);
      if (questions === undefined) this.byActor.set(actor, (questions = new Map()));
      questions.set(question, value);
    }
    this.empty = this.byActor.size === 0;
  }

  /** The fixed answer, validated against the options, or the actor's tactic's answer. */
  answer<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    if (this.empty) return this.playbook.answer(actor, question, options);
    const questions = this.byActor.get(actor);
    if (questions === undefined || !questions.has(question))
      return this.playbook.answer(actor, question, options);
    this.used.add(`${actor}:${question}`);
    return checkDecision(actor, question, options, questions.get(question));
  }
}
