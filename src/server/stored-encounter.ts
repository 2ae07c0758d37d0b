// An encounter as the store keeps it, replayed, played and turned into what the API answers: the
// part of the HTTP API's encounters that needs no store, shared by the thread that answers
// requests (encounters.ts) and the jobs on worker threads (jobs.ts). Everything here takes and
// gives plain data, which crosses threads.
import type { Answer } from "../engine/answers.js";
import { autoStep } from "../engine/autoplay.js";
import type { PendingChoiceData } from "../engine/drivers/pending.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { InputError } from "../engine/input-error.js";
import { readLog, replayWritten } from "../engine/log.js";
import { AnswerError } from "../engine/drivers/validate.js";
import type { JsonObject } from "../engine/json.js";
import type { Outcome } from "../engine/ruleset.js";
import { envLimit } from "../app/env-limits.js";
import { rulesets } from "../app/rulesets.js";
import { ConflictError } from "./errors.js";
import { checkLogLength } from "./log-cap.js";
import { replayJson, type ReplayJson } from "./encounter-json.js";
import {
  namesOf,
  type EncounterProgress,
  type EncounterRecord,
  type NewEncounter,
} from "./store.js";

/**
 * Most combatants one encounter on the server may have, unless FRAY_MAX_COMBATANTS (`fray serve
 * --max-combatants`) says otherwise (docs/http-api.md, "Limits"): every request replays the
 * encounter from its answers.
 */
export const MAX_COMBATANTS = 100;

/** The environment variable that raises MAX_COMBATANTS. */
export const COMBATANTS_VARIABLE = "FRAY_MAX_COMBATANTS";

/** What replay needs of a stored encounter. */
export type StoredEncounter = Pick<EncounterRecord, "id" | "file" | "answers" | "redo" | "seed">;

/** A new encounter: its record to store, and what its replay shows. */
export interface Built {
  readonly record: NewEncounter;
  readonly replay: ReplayJson;
}

/** A stored encounter after a change: its progress to store, and what its replay shows. */
export interface Changed {
  readonly progress: EncounterProgress;
  readonly replay: ReplayJson;
}

/**
 * Refuses an encounter file with more combatants than the server plays, before anything of it is
 * built (a file's combatants are checked one by one, and replayed at every request).
 */
export function checkEncounterSize(content: unknown, source: string): void {
  const combatants =
    typeof content === "object" && content !== null
      ? (content as Record<string, unknown>)["combatants"]
      : undefined;
  const most = envLimit(COMBATANTS_VARIABLE, MAX_COMBATANTS);
  if (!Array.isArray(combatants) || combatants.length <= most) return;
  throw new InputError(
    `${source}: combatants: ${combatants.length}, over the limit of ${most} combatants in an encounter on the server`,
    `${source}: combatants`,
    "play or simulate a larger fight with the fray command (fray play, fray sim), which has no such limit; or start the server with fray serve --max-combatants <n>",
  );
}

/** The refusal of an answer (or advice) once the fight is over. */
export function fightOver(outcome: Outcome): ConflictError {
  return new ConflictError(
    `the fight is over (${outcome.reason}): there is nothing to answer`,
    "status",
    "undo to go back, or branch at an earlier answer",
  );
}

export function pending(encounter: Encounter): PendingChoiceData {
  const status = encounter.status;
  if (status.kind === "over") throw fightOver(status.outcome);
  return status.choice;
}

/** The cap on a stored encounter's log that auto-play stops at (log-cap.ts). */
export interface LogCap {
  /** The encounter, for the refusal. */
  readonly id: number;
  /** Most answers its log holds: the server's thread reads it, a job's thread is given it. */
  readonly most: number;
}

/**
 * Rolls and decides by policy to the end of the current round or of the fight. With `cap`, the
 * answer that would pass it is not played: log-cap's 409 is thrown there, so that a fight that
 * would not end within the cap costs no more than the cap's answers.
 */
export function autoplay(
  encounter: Encounter,
  seed: number,
  until: "round" | "end",
  cap?: LogCap,
): void {
  pending(encounter);
  const round = encounter.round;
  const before = encounter.log.length;
  while ((until === "end" || encounter.round === round) && encounter.status.kind !== "over") {
    if (cap !== undefined) {
      const of = { encounter: cap.id, autoplay: true };
      checkLogLength(encounter.log.length + 1, before, of, cap.most);
    }
    autoStep(encounter, seed);
  }
}

export function progressOf(encounter: Encounter, redo: readonly Answer[]): EncounterProgress {
  const status = encounter.status;
  return {
    answers: encounter.log,
    redo,
    round: encounter.round,
    outcome: status.kind === "over" ? status.outcome : null,
    names: namesOf(encounter.definition.file, encounter.log),
  };
}

/**
 * A stored fight this Fray's rules no longer replay (its ruleset changed, and no older reading of
 * it fits its answers, log.ts replayWritten): a 409 whose way out is its log, which the Fray that
 * played it replays (GET /encounters/{id}/log writes it without a replay).
 */
export class UnreplayableError extends ConflictError {
  static of(id: number, refused: AnswerError): UnreplayableError {
    return new UnreplayableError(
      `encounter ${id} no longer replays with this Fray's rules: ${refused.message}`,
      `encounter ${id}: ${refused.where ?? "answers"}`,
      `export its log (the console's "Download the log", or GET /encounters/${id}/log) and replay it with the Fray that played it (fray replay); nothing of it is lost`,
    );
  }
}

/**
 * The encounter replayed from its record, with undo's answers ready to redo. A record does not
 * say which version of its ruleset played it: answers this version refuses are replayed under the
 * ruleset's older readings (log.ts replayWritten), and an UnreplayableError when none fits.
 */
export function rebuild(stored: StoredEncounter): Encounter {
  const definition = parseEncounterFile(stored.file, rulesets, `encounter ${stored.id}`);
  let encounter: Encounter;
  try {
    encounter = replayWritten(definition, [...stored.answers, ...stored.redo], undefined);
  } catch (error) {
    if (error instanceof AnswerError) throw UnreplayableError.of(stored.id, error);
    throw error;
  }
  if (stored.redo.length > 0) encounter.undo(stored.redo.length);
  return encounter;
}

/**
 * The file `encounter` was replayed from when an older reading of its ruleset replayed it (its
 * switches set so, log.ts replayWritten), to store with its next change: the fight then goes on
 * under that reading, after an undo too, and its later replays need no try under this one
 * (encounter 3 of test/fixtures/sqlite-cartyrion-1.0.0: 1.25 times a replay's time). Undefined
 * when it is the record's.
 */
export function readingFile(stored: StoredEncounter, encounter: Encounter): JsonObject | undefined {
  const file = encounter.definition.file;
  const same = JSON.stringify(file["switches"]) === JSON.stringify(stored.file["switches"]);
  return same ? undefined : file;
}

/** A new record of `encounter` (played from `seed`), and its replay. */
export function built(
  encounter: Encounter,
  seed: number,
  branchOf: NewEncounter["branchOf"],
): Built {
  const definition = encounter.definition;
  return {
    record: {
      title: definition.title,
      ruleset: definition.ruleset.id,
      file: definition.file,
      seed,
      branchOf,
      ...progressOf(encounter, []),
    },
    replay: replayJson(encounter),
  };
}

/** A new encounter from an encounter file's content; `source` names it in errors. */
export function fromFile(content: unknown, source: string, seed: number | undefined): Built {
  checkEncounterSize(content, source);
  const definition = parseEncounterFile(content, rulesets, source);
  return built(new Encounter(definition), seed ?? definition.seed ?? 1, null);
}

/**
 * A fight resumed where its log ends; a log of more than `mostAnswers` answers (log-cap.ts) is
 * refused once read, before its replay.
 */
export function fromLog(
  logText: string,
  source: string,
  seed: number | undefined,
  mostAnswers?: number,
): Built {
  const header = logText.slice(0, logText.indexOf("\n") >>> 0);
  try {
    checkEncounterSize(
      (JSON.parse(header) as { file?: unknown }).file,
      `${source}:1 (encounter file)`,
    );
  } catch (error) {
    // A header that is not JSON is reported, with its line, by readLog.
    if (error instanceof InputError) throw error;
  }
  const saved = readLog(logText, rulesets, source, (answers) =>
    checkLogLength(answers, 0, "new", mostAnswers),
  );
  const definition = saved.encounter.definition;
  return built(saved.encounter, seed ?? saved.seed ?? definition.seed ?? 1, null);
}

/**
 * `stored` replayed, then changed by `apply`: the encounter, and its progress to store, with what
 * redo can give back. Undo, redo and answers keep the answers given and the ones undo took back
 * on one line: what redo can give back is the part of that line past the log.
 */
export function playOn(
  stored: StoredEncounter,
  apply: (encounter: Encounter, seed: number) => void,
): { readonly encounter: Encounter; readonly progress: EncounterProgress } {
  const encounter = rebuild(stored);
  apply(encounter, stored.seed);
  const line = [...stored.answers, ...stored.redo];
  const at = encounter.log.length;
  const redo = line.slice(at, at + encounter.canRedo);
  return { encounter, progress: progressOf(encounter, redo) };
}

/** `stored` after `apply` as plain data (a job's result): its progress and its replay. */
export function changed(
  stored: StoredEncounter,
  apply: (encounter: Encounter, seed: number) => void,
): Changed {
  const { encounter, progress } = playOn(stored, apply);
  return { progress, replay: replayJson(encounter) };
}
