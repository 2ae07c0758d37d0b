// Test helpers: load the ruleset's example files; play an encounter with scripted answers the way
// a table does (a number for a roll's answer, a list for dice typed in one by one, anything else
// for a decision); or run rounds with scripted dice while every decision follows its policy.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { compileDice } from "../../../core/dice/index.js";
import type { DecisionOptions, RollSpec, RuleContext, Section } from "../../../engine/choice.js";
import { tableRoll } from "../../../engine/drivers/live.js";
import { rollCanGive } from "../../../engine/drivers/validate.js";
import { Encounter } from "../../../engine/encounter.js";
import {
  parseEncounterFile,
  parseExchangeFile,
  type EncounterDefinition,
  type ExchangeDefinition,
} from "../../../engine/encounter-file.js";
import {
  formatExplanation,
  makeExplanation,
  type Explanation,
} from "../../../engine/explanation.js";
import type { Json } from "../../../engine/json.js";
import { dungeonsOfOlde } from "../index.js";
import type { CombatantState, DooState } from "../state.js";

export const registry = { "dungeons-of-olde": dungeonsOfOlde } as const;

export function examplePath(name: string): string {
  return fileURLToPath(new URL(`../../../../examples/dungeons-of-olde/${name}`, import.meta.url));
}

export function loadEncounter(name: string): EncounterDefinition {
  const path = examplePath(name);
  return parseEncounterFile(parse(readFileSync(path, "utf8")), registry, path);
}

export function loadExchange(name: string): ExchangeDefinition {
  const path = examplePath(name);
  return parseExchangeFile(parse(readFileSync(path, "utf8")), registry, path);
}

export function encounterFrom(file: unknown): EncounterDefinition {
  return parseEncounterFile(file, registry, "test.yaml");
}

/** Gives `answers` to the encounter's pending choices in order. */
export function answer(e: Encounter, answers: readonly (Json | readonly number[])[]): Encounter {
  for (const a of answers) {
    const status = e.status;
    if (status.kind === "over")
      throw new Error(`the fight is over but ${JSON.stringify(a)} is left to give`);
    const choice = status.choice;
    if (choice.kind === "roll") {
      if (Array.isArray(a)) e.give(tableRoll(choice, a as number[]));
      else if (typeof a === "number") e.give({ kind: "roll", label: choice.label, value: a });
      else throw new Error(`${choice.label}: a roll is pending, got ${JSON.stringify(a)}`);
    } else {
      e.give({ kind: "decide", actor: choice.actor, question: choice.question, value: a as Json });
    }
  }
  return e;
}

export function play(
  def: EncounterDefinition,
  answers: readonly (Json | readonly number[])[],
): Encounter {
  return answer(new Encounter(def), answers);
}

export function stateOf(e: Encounter): DooState {
  return e.state as DooState;
}

export function who(e: Encounter | DooState, id: string): CombatantState {
  const s = "combatants" in e ? e : stateOf(e);
  const c = s.combatants.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no combatant ${id}`);
  return c;
}

export function texts(e: Encounter): string[] {
  return e.explanations.map(formatExplanation);
}

/** What the encounter is waiting for, as "actor:question" or "roll: label". */
export function pending(e: Encounter): string {
  const s = e.status;
  if (s.kind === "over") return "over";
  return s.choice.kind === "roll"
    ? `roll: ${s.choice.label}`
    : `${s.choice.actor}:${s.choice.question}`;
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
