// Test helpers every ruleset's tests use: load a ruleset's example files, build small encounters
// and find combatants in a state, and play an encounter with scripted answers the way a table
// does (a number for a roll's answer, a list for dice typed in one by one, anything else for a
// decision).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { autoStep } from "../autoplay.js";
import type { Choice } from "../choice.js";
import { tableRoll } from "../drivers/live.js";
import { Encounter } from "../encounter.js";
import {
  parseEncounterFile,
  parseExchangeFile,
  type EncounterDefinition,
  type ExchangeDefinition,
  type RulesetRegistry,
} from "../encounter-file.js";
import { formatExplanation } from "../explanation.js";
import type { Json } from "../json.js";
import type { Ruleset } from "../ruleset.js";

export type ScriptedAnswer = Json | readonly number[];

/** Loaders for the files of examples/<id>/, parsed with `registry`. */
export function exampleFiles(registry: RulesetRegistry, id: string) {
  const examplePath = (name: string): string =>
    fileURLToPath(new URL(`../../../examples/${id}/${name}`, import.meta.url));
  return {
    examplePath,
    loadEncounter(name: string): EncounterDefinition {
      const path = examplePath(name);
      return parseEncounterFile(parse(readFileSync(path, "utf8")), registry, path);
    },
    loadExchange(name: string): ExchangeDefinition {
      const path = examplePath(name);
      return parseExchangeFile(parse(readFileSync(path, "utf8")), registry, path);
    },
    encounterFrom(file: unknown): EncounterDefinition {
      return parseEncounterFile(file, registry, "test.yaml");
    },
  };
}

/** What a skirmish (`rulesetKit`) gives its combatants and the encounter unless told otherwise. */
export interface SkirmishDefaults {
  readonly options: Readonly<Record<string, Json>>;
  /** The stats a combatant has unless `given` has its own. */
  stats(given: Readonly<Record<string, Json>>): Record<string, Json>;
}

/**
 * The example files of a ruleset whose state lists its combatants in `combatants`, and helpers
 * over its states: `stateOf`, `who` (a combatant by id), and `skirmish`, a small encounter of
 * `party` on side "party" against `foes` on side "foes".
 */
export function rulesetKit<S extends { readonly combatants: readonly { readonly id: string }[] }>(
  ruleset: Ruleset<S>,
  defaults: SkirmishDefaults,
) {
  const registry: RulesetRegistry = { [ruleset.id]: ruleset };
  const files = exampleFiles(registry, ruleset.id);
  const stateOf = (e: Encounter): S => e.state as S;
  return {
    registry,
    ...files,
    stateOf,
    who(e: Encounter | S, id: string): S["combatants"][number] {
      const s = "combatants" in e ? e : stateOf(e);
      const c = s.combatants.find((x) => x.id === id);
      if (c === undefined) throw new Error(`no combatant ${id}`);
      return c;
    },
    skirmish(
      party: readonly Record<string, Json>[],
      foes: readonly Record<string, Json>[],
      options: Record<string, Json> = {},
      switches: Record<string, Json> = {},
    ): EncounterDefinition {
      return files.encounterFrom({
        ruleset: ruleset.id,
        sides: [{ id: "party" }, { id: "foes" }],
        options: { ...defaults.options, ...options },
        switches,
        combatants: [
          ...party.map((c) => ({ side: "party", ...defaults.stats(c), ...c })),
          ...foes.map((c) => ({ side: "foes", ...defaults.stats(c), ...c })),
        ],
      });
    },
  };
}

/** Gives `answers` to the encounter's pending choices in order. */
export function answer(e: Encounter, answers: readonly ScriptedAnswer[]): Encounter {
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

export function play(def: EncounterDefinition, answers: readonly ScriptedAnswer[]): Encounter {
  return answer(new Encounter(def), answers);
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

/**
 * Plays `e` by its policies and the dice of `seed` up to `actor`'s decision `question`, and
 * returns its listed options.
 */
export function choicesAt(
  e: Encounter,
  seed: number,
  actor: string,
  question: string,
): readonly Choice<Json>[] {
  for (;;) {
    const status = e.status;
    if (
      status.kind === "pending" &&
      status.choice.kind === "decide" &&
      status.choice.actor === actor &&
      status.choice.question === question
    )
      return status.choice.options.choices ?? [];
    if (!autoStep(e, seed)) throw new Error(`the fight ended before ${actor} decided ${question}`);
  }
}

/** The values of `choices` by their group, groups in the order they first come. */
export function groupValues(choices: readonly Choice<Json>[]): Map<string, Json[]> {
  const out = new Map<string, Json[]>();
  for (const c of choices) {
    const group = c.group ?? "none";
    out.set(group, [...(out.get(group) ?? []), c.value]);
  }
  return out;
}
