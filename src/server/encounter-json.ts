// What the HTTP API tells of an encounter: its record's summary (for lists, without replay) and,
// for one encounter, the state rebuilt by replay: the pending choice and how to answer it, what
// the GM and each side see, and the explanations of everything that happened.
import { z } from "zod";
import { rollAsked, rollPromptText } from "../engine/roll-prompt.js";
import type { PendingChoiceData } from "../engine/drivers/pending.js";
import type { Encounter } from "../engine/encounter.js";
import { blowSoFar, lastResult } from "../engine/last-result.js";
import { gameOf } from "../app/rulesets.js";
import { arrivalsIn, playedTactics } from "../app/tactics-assignment.js";
import type { encounterSchema, encounterSummarySchema } from "./schemas.js";
import { listingOf, type EncounterListing, type EncounterRecord } from "./store.js";

export type EncounterSummaryJson = z.input<typeof encounterSummarySchema>;
export type EncounterJson = z.input<typeof encounterSchema>;
type PendingJson = NonNullable<EncounterJson["pending"]>;

export function summaryJson(record: EncounterListing): EncounterSummaryJson {
  return {
    id: record.id,
    title: record.title,
    ruleset: record.ruleset,
    game: gameOf(record.ruleset),
    round: record.round,
    status: record.outcome === null ? "pending" : "over",
    outcome: record.outcome,
    answers: record.answerCount,
    canRedo: record.redoCount,
    version: record.version,
    branchOf: record.branchOf,
    combatants: [...record.names],
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export function pendingJson(choice: PendingChoiceData, encounter: Encounter): PendingJson {
  switch (choice.kind) {
    case "roll": {
      const asked = rollAsked(choice);
      return {
        kind: "roll",
        actor: choice.actor ?? null,
        opposed: choice.spec.opposed ?? null,
        ...asked,
        prompt: rollPromptText(asked),
        answer: `POST answer with {"dice": [...]} (the ${choice.spec.notation} as rolled) or {"total": n}; or POST roll to let Fray roll`,
      };
    }
    case "decide": {
      const { prompt, choices, schema } = choice.options;
      return {
        kind: "decide",
        actor: choice.actor,
        question: choice.question,
        prompt,
        choices: choices === undefined ? null : [...choices],
        default: encounter.definition.playbook.answer(
          choice.actor,
          choice.question,
          choice.options,
        ),
        schema: z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }),
        answer: `POST answer with {"choice": value}; or POST policy to take the default`,
      };
    }
  }
}

/** What replay gives of an encounter: the pending choice, the views, the log, the explanations. */
export type ReplayJson = Omit<EncounterJson, keyof EncounterSummaryJson | "seed">;

/** The part of an encounter's JSON that its replay gives (the rest is its record's). */
export function replayJson(encounter: Encounter): ReplayJson {
  const status = encounter.status;
  const sides = encounter.definition.setup.sides;
  return {
    sides: sides.map(({ id, name }) => ({ id, name })),
    pending: status.kind === "pending" ? pendingJson(status.choice, encounter) : null,
    order: encounter.order(),
    lastResult: lastResult(encounter),
    blowSoFar: blowSoFar(encounter),
    views: {
      gm: [...encounter.view({ kind: "gm" })],
      sides: Object.fromEntries(
        sides.map((s) => [s.id, [...encounter.view({ kind: "side", side: s.id })]]),
      ),
    },
    tactics: playedTactics(encounter.definition, arrivalsIn(encounter)),
    log: [...encounter.log],
    explanations: [...encounter.explanations],
  };
}

/** An encounter as stored (`record`) and as its replay gives it (`replay`, see replayJson). */
export function storedJson(record: EncounterRecord, replay: ReplayJson): EncounterJson {
  return { ...summaryJson(listingOf(record)), seed: record.seed, ...replay };
}

/** An encounter as stored (`record`) and as replayed from it (`encounter`). */
export function encounterJson(record: EncounterRecord, encounter: Encounter): EncounterJson {
  return storedJson(record, replayJson(encounter));
}
