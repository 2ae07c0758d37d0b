// Test helpers: this ruleset's example files and states, and rounds run with scripted dice while
// every decision follows its policy; scripted play of a whole encounter is the engine's
// (engine/test-support/scripted.ts).
import { compileDice } from "../../../core/dice/index.js";
import type { DecisionOptions, RollSpec, RuleContext, Section } from "../../../engine/choice.js";
import { rollCanGive } from "../../../engine/drivers/validate.js";
import { Encounter } from "../../../engine/encounter.js";
import type { EncounterDefinition } from "../../../engine/encounter-file.js";
import {
  formatExplanation,
  makeExplanation,
  type Explanation,
} from "../../../engine/explanation.js";
import type { Json } from "../../../engine/json.js";
import { exampleFiles } from "../../../engine/test-support/scripted.js";
import { dungeonsOfOlde } from "../index.js";
import type { CombatantState, DooState } from "../state.js";

export { answer, pending, play, texts } from "../../../engine/test-support/scripted.js";
export const registry = { "dungeons-of-olde": dungeonsOfOlde } as const;

export const { examplePath, loadEncounter, loadExchange, encounterFrom } = exampleFiles(
  registry,
  "dungeons-of-olde",
);

export function stateOf(e: Encounter): DooState {
  return e.state as DooState;
}

export function who(e: Encounter | DooState, id: string): CombatantState {
  const s = "combatants" in e ? e : stateOf(e);
  const c = s.combatants.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no combatant ${id}`);
  return c;
}

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
  private next = 0;

  constructor(
    private readonly script: readonly (number | readonly number[])[],
    private readonly fixed: Readonly<Record<string, Json>> = {},
  ) {}

  roll(spec: RollSpec, label: string): number {
    const a = this.script[this.next++];
    if (a === undefined) throw new RanOut(label);
    const value = typeof a === "number" ? a : spec.read(compileDice(spec.notation).roll(faces(a)));
    if (!rollCanGive(spec, value))
      throw new Error(`${label}: ${spec.notation} cannot answer ${value}`);
    this.rolls.push({ label, notation: spec.notation, value });
    return value;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const key = `${actor}:${question}`;
    const value = key in this.fixed ? (this.fixed[key] as T) : options.policy();
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

/** A small encounter: `party` on side "party" at 0, `foes` on side "foes" at `distance` spaces. */
export function skirmish(
  party: readonly Record<string, Json>[],
  foes: readonly Record<string, Json>[],
  options: Record<string, Json> = {},
  switches: Record<string, Json> = {},
): EncounterDefinition {
  return encounterFrom({
    ruleset: "dungeons-of-olde",
    sides: [{ id: "party" }, { id: "foes" }],
    options: { distance: 1, ...options },
    switches,
    combatants: [
      ...party.map((c) => ({ side: "party", brawn: 8, finesse: 8, nerve: 8, ...c })),
      ...foes.map((c) => ({ side: "foes", brawn: 8, finesse: 8, nerve: 8, ...c })),
    ],
  });
}
