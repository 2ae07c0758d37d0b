// What the HTTP API tells of an encounter: its record's summary (for lists, without replay) and,
// for one encounter, the state rebuilt by replay: the pending choice and how to answer it, what
// the GM and each side see, and the explanations of everything that happened.
import { z } from "zod";
import { rollAsked, rollPromptText } from "../engine/roll-prompt.js";
import type { PendingChoiceData, PendingRoll } from "../engine/drivers/pending.js";
import { partEachDie, shareRoll, sharesOf } from "../engine/drivers/shares.js";
import { heldFor, shareLabel, type HeldShare } from "./held-dice.js";
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

/**
 * The pending choice and how to answer it. At an opposed roll with a part held (`held`), the
 * part still missing (or `part`): its dice alone are asked (held-dice.ts).
 */
export function pendingJson(
  choice: PendingChoiceData,
  encounter: Encounter,
  held?: HeldShare,
  /** At an opposed roll, the part asked (a player's own die), when not the one missing. */
  part?: number,
): PendingJson {
  switch (choice.kind) {
    case "roll": {
      const given = heldFor(held, choice, encounter);
      const missing = part ?? (given === undefined ? undefined : 1 - given.part);
      const roll =
        missing === undefined
          ? choice
          : shareRoll(choice, missing, shareLabel(choice, missing, encounter));
      const whole = rollAsked(roll);
      // A part asked alone is typed die by die when it has several (a Defense Check's 2d8).
      const asked =
        missing === undefined ? whole : { ...whole, eachDie: partEachDie(roll.spec.notation) };
      return {
        kind: "roll",
        actor: choice.actor ?? null,
        opposed: choice.spec.opposed ?? null,
        shares: sharesJson(choice, given),
        ...asked,
        prompt: rollPromptText(asked),
        answer: `POST answer with {"dice": [...]} (the ${roll.spec.notation} as rolled) or {"total": n}; or POST roll to let Fray roll`,
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

/** An opposed roll's parts, the one held with its dice (null for a roll of one's dice). */
function sharesJson(choice: PendingRoll, given: HeldShare | undefined) {
  const shares = sharesOf(choice);
  if (shares === undefined) return null;
  return shares.map((share, part) => {
    const held = given?.part === part ? given : undefined;
    return {
      ...share,
      given: held !== undefined,
      dice: held === undefined ? null : [...held.dice],
      player: held?.player ?? null,
    };
  });
}

/** What replay gives of an encounter: the pending choice, the views, the log, the explanations. */
export type ReplayJson = Omit<EncounterJson, keyof EncounterSummaryJson | "seed">;

/** The part of an encounter's JSON that its replay gives (the rest is its record's). */
export function replayJson(encounter: Encounter, held?: HeldShare): ReplayJson {
  const status = encounter.status;
  const sides = encounter.definition.setup.sides;
  return {
    sides: sides.map(({ id, name }) => ({ id, name })),
    pending: status.kind === "pending" ? pendingJson(status.choice, encounter, held) : null,
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
  return storedJson(record, replayJson(encounter, record.held));
}
