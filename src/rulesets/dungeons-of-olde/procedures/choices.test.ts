// A round's answers checked one at a time (`ActionQuestion.allows`, `listsAction`) say exactly
// what the list of them says: over every action decision of every example fight played by the
// policies, each listed answer is allowed, and no other answer is (every movement paired with
// every action, each action alone, and a few that are no answer at all).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { Rng } from "../../../core/random.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../../../engine/choice.js";
import { PolicyContext } from "../../../engine/drivers/policy.js";
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import type { Json } from "../../../engine/json.js";
import { dungeonsOfOlde } from "../index.js";
import type { DooState } from "../state.js";
import { bestAttack } from "./best-attack.js";
import { listActions, listsAction } from "./choices.js";
import type { ActionSituation } from "./situations.js";

const EXAMPLES = new URL("../../../../examples/dungeons-of-olde/", import.meta.url);

/**
 * Answers a round could be asked about, listed or not: each listed one, each action alone or
 * after each movement toward, away from or apart from anyone, and a few that are no answer.
 */
function candidates(state: DooState, listed: ReadonlySet<string>): string[] {
  const ids = state.combatants.map((c) => c.id);
  const leads = [
    "withdraw",
    "drop",
    "flop",
    "rise",
    ...ids.flatMap((a) => [`move:${a}`, `away:${a}`]),
  ];
  const acts = [...listed].filter((v) => !v.includes("+"));
  acts.push("block", "flop", "use-item", "recover", "attack", ...ids.map((a) => `cast:${a}`));
  return [
    ...listed,
    ...leads,
    ...acts,
    ...leads.flatMap((l) => acts.map((a) => `${l}+${a}`)),
    "",
    "strike:",
  ];
}

/** The policies, checking every action decision's `allows` against its list first. */
class Checking implements RuleContext {
  readonly explaining = false;
  decisions = 0;
  constructor(private readonly inner: RuleContext) {}
  roll(spec: RollSpec, label: string, actor?: string): number {
    return this.inner.roll(spec, label, actor);
  }
  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    if (question.startsWith("action-")) {
      // The question's own check walks the list unless it was shown (then it reads it).
      const { state, me } = options.situation as ActionSituation;
      const attack = bestAttack(state, me) !== null;
      const listed = new Set(listActions(state, me, attack).map((c) => c.value));
      for (const answer of new Set(candidates(state, listed))) {
        const where = `${actor}: ${question}: ${answer}`;
        expect(listsAction(state, me, attack, answer), where).toBe(listed.has(answer));
      }
      const check = options as unknown as DecisionOptions<string>;
      expect(check.allows!([...listed][0]!) && !check.allows!("strike:"), question).toBe(true);
      this.decisions += 1;
    }
    return this.inner.decide(actor, question, options);
  }
  explain(): void {}
}

describe("a round's answer checked alone", () => {
  it("is allowed exactly when the round's list holds it, at every action decision of the example fights", () => {
    let decisions = 0;
    for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith(".yaml"))) {
      const content = parse(readFileSync(new URL(file, EXAMPLES), "utf8")) as object;
      if ("attacker" in content) continue;
      const def = parseEncounterFile(content, { [dungeonsOfOlde.id]: dungeonsOfOlde }, file);
      const state = dungeonsOfOlde.setup(def.setup) as DooState;
      const ctx = new Checking(new PolicyContext(Rng.stream(3, 0), def.playbook));
      for (let r = 0; r < 2 && dungeonsOfOlde.outcome(state) === null; r += 1)
        dungeonsOfOlde.round(state, ctx);
      decisions += ctx.decisions;
    }
    expect(decisions).toBeGreaterThan(50);
  });
});
