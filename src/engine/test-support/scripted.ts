// Test helpers every ruleset's tests use: load a ruleset's example files, and play an encounter
// with scripted answers the way a table does (a number for a roll's answer, a list for dice typed
// in one by one, anything else for a decision).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
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
