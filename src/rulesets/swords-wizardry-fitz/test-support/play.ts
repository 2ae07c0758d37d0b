// Test helpers: load the ruleset's example files, and play an encounter with scripted answers the
// way a table does (a number for a roll's answer, a list for dice typed in one by one, anything
// else for a decision).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { tableRoll } from "../../../engine/drivers/live.js";
import { Encounter } from "../../../engine/encounter.js";
import {
  parseEncounterFile,
  parseExchangeFile,
  type EncounterDefinition,
  type ExchangeDefinition,
} from "../../../engine/encounter-file.js";
import { formatExplanation } from "../../../engine/explanation.js";
import type { Json } from "../../../engine/json.js";
import { swordsWizardryFitz } from "../index.js";
import type { Fighter, SwState } from "../state.js";

export const registry = { "swords-wizardry-fitz": swordsWizardryFitz } as const;

export function examplePath(name: string): string {
  return fileURLToPath(
    new URL(`../../../../examples/swords-wizardry-fitz/${name}`, import.meta.url),
  );
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

export function stateOf(e: Encounter): SwState {
  return e.state as SwState;
}

export function who(e: Encounter | SwState, id: string): Fighter {
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

/** A small encounter: `party` on side "party" at 0 ft, `foes` on side "foes" at `distance`. */
export function skirmish(
  party: readonly Record<string, Json>[],
  foes: readonly Record<string, Json>[],
  options: Record<string, Json> = {},
  switches: Record<string, Json> = {},
): EncounterDefinition {
  return encounterFrom({
    ruleset: "swords-wizardry-fitz",
    sides: [{ id: "party" }, { id: "foes" }],
    options: { surprise: "none", distance: 5, ...options },
    switches,
    combatants: [
      ...party.map((c) => ({
        side: "party",
        ...("hitDice" in c ? {} : { level: 1 }),
        hitPoints: 8,
        ...c,
      })),
      ...foes.map((c) => ({
        side: "foes",
        ...("hitDice" in c ? {} : { level: 1 }),
        hitPoints: 8,
        ...c,
      })),
    ],
  });
}
