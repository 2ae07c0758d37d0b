// Test helpers: this ruleset's example files and states, small encounters, and rounds run with
// scripted dice while every decision follows its policy; the helpers and scripted play of a whole
// encounter are the engine's (engine/test-support/scripted.ts).
import { compileDice } from "../../../core/dice/index.js";
import type { DecisionOptions, RollSpec, RuleContext, Section } from "../../../engine/choice.js";
import { rollCanGive } from "../../../engine/drivers/validate.js";
import {
  formatExplanation,
  makeExplanation,
  type Explanation,
} from "../../../engine/explanation.js";
import type { Json } from "../../../engine/json.js";
import { rulesetKit } from "../../../engine/test-support/scripted.js";
import { Playbook } from "../../../engine/tactics.js";
import { dungeonsOfOlde } from "../index.js";
import type { DooState } from "../state.js";

export { play, texts } from "../../../engine/test-support/scripted.js";

/** `skirmish`: `party` on side "party" at 0, `foes` on side "foes" at `distance` (1) spaces. */
export const { registry, examplePath, loadEncounter, loadExchange, encounterFrom, who, skirmish } =
  rulesetKit(dungeonsOfOlde, {
    options: { distance: 1 },
    stats: () => ({ brawn: 8, finesse: 8, nerve: 8 }),
  });

/**
 * The state of a duel, as set up before its first turn: Ana ("a", `a`'s stats) of side "party"
 * against Bo ("b", `b`'s stats) of side "foes", one space apart unless `options` say otherwise.
 */
export function duel(
  a: Record<string, Json>,
  b: Record<string, Json>,
  options: Record<string, Json> = {},
  switches: Record<string, Json> = {},
): DooState {
  const def = skirmish(
    [{ id: "a", name: "Ana", ...a }],
    [{ id: "b", name: "Bo", ...b }],
    options,
    switches,
  );
  return dungeonsOfOlde.setup(def.setup);
}

/** Ana and Bo, the two combatants of a `duel`. */
export const A = (s: DooState) => s.combatants[0]!;
export const B = (s: DooState) => s.combatants[1]!;

/** A die source answering the listed faces in order. */
export function faces(list: readonly number[]): { die(): number } {
  let i = 0;
  return {
    die: () => {
      const f = list[i++];
      if (f === undefined) throw new Error(`ran out of dice after ${list.length}`);
      return f;
    },
  };
}

/**
 * Rolls from a script (a number is the roll's answer, a list the physical dice, read as the table's
 * dice would be), decisions from `fixed` ("actor:question") or their policies; every explanation
 * and decision kept. Throws when the script runs out of rolls.
 */
export class RollScript implements RuleContext {
  readonly explaining = true;
  readonly explanations: Explanation[] = [];
  readonly decisions: string[] = [];
  readonly rolls: { label: string; notation: string; value: number }[] = [];
  /** The lines of the rolls the script gave the dice of, as the log reads them (`describe`). */
  readonly lines: string[] = [];
  private next = 0;

  constructor(
    private readonly script: readonly (number | readonly number[])[],
    private readonly fixed: Readonly<Record<string, Json>> = {},
  ) {}

  roll(spec: RollSpec, label: string): number {
    const a = this.script[this.next++];
    if (a === undefined) throw new RanOut(label);
    const roll = typeof a === "number" ? undefined : compileDice(spec.notation).roll(faces(a));
    const value = roll === undefined ? (a as number) : spec.read(roll);
    if (!rollCanGive(spec, value))
      throw new Error(`${label}: ${spec.notation} cannot answer ${value}`);
    const line = roll === undefined ? undefined : spec.describe?.(roll);
    if (line !== undefined) this.lines.push(line);
    this.rolls.push({ label, notation: spec.notation, value });
    return value;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const key = `${actor}:${question}`;
    const value =
      key in this.fixed
        ? (this.fixed[key] as T)
        : new Playbook(dungeonsOfOlde.tactics).answer(actor, question, options);
    this.decisions.push(`${key}=${JSON.stringify(value)}`);
    return value;
  }

  explain(section: Section, text: string | (() => string), data?: Json): void {
    this.explanations.push(makeExplanation("dungeons-of-olde", this.next, section, text, data));
  }

  get texts(): string[] {
    return this.explanations.map(formatExplanation);
  }

  get used(): number {
    return this.next;
  }
}

export class RanOut extends Error {
  constructor(readonly label: string) {
    super(`the script ran out of rolls at: ${label}`);
  }
}
