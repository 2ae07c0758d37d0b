// The encounters the HTTP API keeps: created from an encounter file or a log, rebuilt by replay
// from the stored answers (Encounter.fromAnswers) for every request, changed inside one store
// transaction, so that a refused request changes nothing and a restarted server finds every
// encounter as it was, redo included. Every change is published (events.ts) once stored.
import type { Answer } from "../engine/answers.js";
import { autoStep } from "../engine/autoplay.js";
import { seededRoll, tableRoll } from "../engine/drivers/live.js";
import type { PendingChoiceData, PendingDecision, PendingRoll } from "../engine/drivers/pending.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile, type EncounterDefinition } from "../engine/encounter-file.js";
import { gmChangeSchema } from "../engine/gm-changes.js";
import { InputError, inputErrorFromZod } from "../engine/input-error.js";
import type { Json } from "../engine/json.js";
import type { Outcome } from "../engine/ruleset.js";
import { logLines, readLog } from "../engine/log.js";
import { redoDecisions, undoDecisions } from "../engine/undo-decisions.js";
import { rulesetModuleUrl, rulesets } from "../app/rulesets.js";
import type { AdviceTask } from "./advice-worker.js";
import { ConflictError, NotFoundError } from "./errors.js";
import {
  encounterJson,
  summaryJson,
  type EncounterJson,
  type EncounterSummaryJson,
} from "./encounter-json.js";
import { LocalEvents, type EncounterEvents } from "./events.js";
import { gmJson, type GmJson } from "./gm-json.js";
import type { EncounterProgress, EncounterRecord, EncounterStore } from "./store.js";

/** What a simulation of a stored encounter plays: its fight, from where it stands or its start. */
export interface SimulationStart {
  readonly definition: EncounterDefinition;
  /** The answers given so far (the fights start where they lead); undefined: from the start. */
  readonly answers: readonly Answer[] | undefined;
  readonly seed: number;
}

/** What one step of undo or redo is: one answer, or a decision with the rolls after it. */
export type StepUnit = "answer" | "decision";

/** What a reply tells of an encounter: the GM's JSON, or a player's (player-json.ts). */
export type Render<T> = (record: EncounterRecord, encounter: Encounter) => T;

/** A move at the pending choice: an answer, Fray's dice for a roll, a decision's policy. */
export type Move =
  | { readonly kind: "answer"; readonly answer: AnswerRequest }
  | { readonly kind: "roll" }
  | { readonly kind: "policy" };

/** Refuses a pending choice that the one asking may not answer (throws), before it is answered. */
export type MoveCheck = (choice: PendingChoiceData, encounter: Encounter) => void;

/** An answer to the pending choice as a request gives it: exactly one of the three. */
export interface AnswerRequest {
  readonly choice?: unknown;
  readonly dice?: readonly number[];
  readonly total?: number;
}

function progressOf(encounter: Encounter, redo: readonly Answer[]): EncounterProgress {
  const status = encounter.status;
  return {
    answers: encounter.log,
    redo,
    round: encounter.round,
    outcome: status.kind === "over" ? status.outcome : null,
  };
}

/** The refusal of an answer (or advice) once the fight is over. */
function fightOver(outcome: Outcome): ConflictError {
  return new ConflictError(
    `the fight is over (${outcome.reason}): there is nothing to answer`,
    "status",
    "undo to go back, or branch at an earlier answer",
  );
}

function pending(encounter: Encounter): PendingChoiceData {
  const status = encounter.status;
  if (status.kind === "over") throw fightOver(status.outcome);
  return status.choice;
}

function pendingRoll(encounter: Encounter): PendingRoll {
  const choice = pending(encounter);
  if (choice.kind !== "roll") {
    throw new ConflictError(
      `${choice.actor}: ${choice.question}: the rules ask for a decision, not a roll`,
      "pending",
      'answer with {"choice": value}, or POST policy',
    );
  }
  return choice;
}

function pendingDecision(encounter: Encounter): PendingDecision {
  const choice = pending(encounter);
  if (choice.kind !== "decide") {
    throw new ConflictError(
      `${choice.label}: the rules ask for a roll, not a decision`,
      "pending",
      'answer with {"dice": [...]} or {"total": n}, or POST roll',
    );
  }
  return choice;
}

/** The answer a request gives, checked against the pending choice as `fray play` checks it. */
function answerOf(encounter: Encounter, request: AnswerRequest): Answer {
  const given = (["choice", "dice", "total"] as const).filter((k) => request[k] !== undefined);
  if (given.length !== 1) {
    throw new InputError(
      given.length === 0
        ? "body: give the answer as choice, dice or total"
        : `body: give one answer, not ${given.join(" and ")}`,
      "body",
      'a decision takes {"choice": value}; a roll {"dice": [5, 3, 4]} or {"total": 12}',
    );
  }
  if (request.choice !== undefined) {
    const { actor, question } = pendingDecision(encounter);
    return { kind: "decide", actor, question, value: request.choice as Json };
  }
  const choice = pendingRoll(encounter);
  if (request.dice !== undefined) return tableRoll(choice, request.dice);
  return { kind: "roll", label: choice.label, value: request.total!, by: "table" };
}

/**
 * The HTTP entity tag of an encounter: it changes with every change (its version), and an id
 * reused after a delete gets another (its creation time).
 */
export function encounterTag(
  encounter: Pick<EncounterSummaryJson, "id" | "version" | "createdAt">,
): string {
  return `"${encounter.id}.${encounter.version}.${Date.parse(encounter.createdAt)}"`;
}

export class Encounters {
  constructor(
    private readonly store: EncounterStore,
    readonly events: EncounterEvents = new LocalEvents(),
  ) {}

  list(): EncounterSummaryJson[] {
    return this.store.list().map(summaryJson);
  }

  get(id: number): EncounterJson {
    return this.read(id, encounterJson);
  }

  /** Encounter `id` as `render` tells it, replayed from its record. */
  read<T>(id: number, render: Render<T>): T {
    const record = this.record(id);
    return render(record, this.rebuild(record));
  }

  /** The ETag of encounter `id` as stored, read without a replay (see `encounterTag`). */
  tag(id: number): string {
    return encounterTag(summaryJson(this.record(id)));
  }

  /** A new encounter from an encounter file's content; `source` names it in errors. */
  create(content: unknown, source: string, seed: number | undefined): EncounterJson {
    const definition = parseEncounterFile(content, rulesets, source);
    return this.insert(new Encounter(definition), seed ?? definition.seed ?? 1, null);
  }

  /** A fight resumed where its log ends. */
  resume(logText: string, source: string, seed: number | undefined): EncounterJson {
    const saved = readLog(logText, rulesets, source);
    const definition = saved.encounter.definition;
    return this.insert(saved.encounter, seed ?? saved.seed ?? definition.seed ?? 1, null);
  }

  /** A new encounter with the first `at` answers of encounter `id`: a "what if". */
  branch(id: number, at: number | undefined): EncounterJson {
    const record = this.record(id);
    const length = record.answers.length;
    if (at !== undefined && at > length) {
      throw new InputError(
        `at: ${at}: encounter ${id} has only ${length} answers`,
        "body.at",
        `give a number from 0 to ${length}`,
      );
    }
    const encounter = this.rebuild(record).branch(at ?? length);
    return this.insert(encounter, record.seed, { id, at: at ?? length });
  }

  remove(id: number): void {
    if (!this.store.remove(id)) throw this.notFound(id);
    this.events.publish({ encounter: id, kind: "deleted" });
  }

  /** The encounter's log as JSON lines (fray-log/1). */
  log(id: number): string {
    const record = this.record(id);
    return logLines(this.rebuild(record), record.seed).join("\n") + "\n";
  }

  /**
   * What the advisor needs for the next decision (advisor.ts runs it off this thread); refused
   * when the fight is over. Rolls before the decision are made from the seed and not stored.
   */
  adviceTask(id: number, samples: number): AdviceTask {
    const record = this.record(id);
    // The stored outcome says whether the fight is over: no replay here, the worker replays it.
    if (record.outcome !== null) throw fightOver(record.outcome);
    const { file, answers, seed } = record;
    const module =
      typeof file["ruleset"] === "string" ? rulesetModuleUrl(file["ruleset"]) : undefined;
    return {
      file,
      source: `encounter ${id}`,
      answers,
      seed,
      samples,
      ...(module === undefined ? {} : { rulesetModule: module }),
    };
  }

  /** The fight to simulate: from where the encounter stands (it must not be over) or its start. */
  simulationStart(id: number, from: "here" | "start"): SimulationStart {
    const record = this.record(id);
    const encounter = this.rebuild(record);
    const start = { definition: encounter.definition, seed: record.seed };
    switch (from) {
      case "start":
        return { ...start, answers: undefined };
      case "here": {
        const status = encounter.status;
        if (status.kind === "over") {
          throw new ConflictError(
            `the fight is over (${status.outcome.reason}): nothing is left to simulate from here`,
            "status",
            'simulate from the start ({"from": "start"}), or undo to go back',
          );
        }
        return { ...start, answers: encounter.log };
      }
    }
  }

  answer(id: number, version: number | undefined, request: AnswerRequest): EncounterJson {
    return this.play(id, version, { kind: "answer", answer: request }, encounterJson);
  }

  /** What the GM may change by hand where the fight stands. */
  gm(id: number): GmJson {
    return gmJson(this.rebuild(this.record(id)));
  }

  /** A change of the GM's hand, checked by the engine and the ruleset, logged as an answer. */
  changeByHand(
    id: number,
    version: number | undefined,
    change: Record<string, unknown>,
  ): EncounterJson {
    const parsed = gmChangeSchema.safeParse(change);
    if (!parsed.success) throw inputErrorFromZod("body", ["change"], parsed.error);
    return this.change(id, version, (encounter) => {
      pending(encounter);
      encounter.give({ kind: "gm", change: parsed.data });
    });
  }

  /** Answers the pending decision with its policy's answer. */
  decideByPolicy(id: number, version: number | undefined): EncounterJson {
    return this.play(id, version, { kind: "policy" }, encounterJson);
  }

  /** Answers the pending roll with Fray's dice (roll k of the encounter: stream k of the seed). */
  roll(id: number, version: number | undefined): EncounterJson {
    return this.play(id, version, { kind: "roll" }, encounterJson);
  }

  /** Makes `move` at the pending choice, once `check` (when given) has let it through. */
  play<T>(
    id: number,
    version: number | undefined,
    move: Move,
    render: Render<T>,
    check?: MoveCheck,
  ): T {
    const apply = (encounter: Encounter, seed: number) => {
      check?.(pending(encounter), encounter);
      switch (move.kind) {
        case "answer":
          return encounter.give(answerOf(encounter, move.answer));
        case "roll":
          return encounter.give(seededRoll(pendingRoll(encounter), seed));
        case "policy":
          pendingDecision(encounter);
          return void encounter.decideByPolicy();
      }
    };
    return this.change(id, version, apply, render);
  }

  /** Rolls and decides by policy to the end of the current round or of the fight. */
  autoplay(id: number, version: number | undefined, until: "round" | "end"): EncounterJson {
    return this.change(id, version, (encounter, seed) => {
      pending(encounter);
      const round = encounter.round;
      while ((until === "end" || encounter.round === round) && autoStep(encounter, seed));
    });
  }

  /** Takes back `steps` answers, or `steps` decisions each with the rolls after it. */
  undo(id: number, version: number | undefined, steps: number, unit: StepUnit): EncounterJson {
    return this.change(id, version, (encounter) => {
      const taken =
        unit === "decision" ? undoDecisions(encounter, steps).answers : encounter.undo(steps);
      if (taken === 0) throw new ConflictError("nothing to undo: no answer given yet", "steps");
    });
  }

  /** Gives back what undo took: `steps` answers, or `steps` decisions with their rolls. */
  redo(id: number, version: number | undefined, steps: number, unit: StepUnit): EncounterJson {
    return this.change(id, version, (encounter) => {
      const given =
        unit === "decision" ? redoDecisions(encounter, steps).answers : encounter.redo(steps);
      if (given === 0) {
        throw new ConflictError("nothing to redo", "steps", "redo gives back what undo took");
      }
    });
  }

  private notFound(id: number): NotFoundError {
    return new NotFoundError(`no encounter ${id}`, "id", "GET /encounters lists them");
  }

  private record(id: number): EncounterRecord {
    const record = this.store.get(id);
    if (record === undefined) throw this.notFound(id);
    return record;
  }

  /** The encounter replayed from its record, with undo's answers ready to redo. */
  private rebuild(record: EncounterRecord): Encounter {
    const definition = parseEncounterFile(record.file, rulesets, `encounter ${record.id}`);
    const encounter = Encounter.fromAnswers(definition, [...record.answers, ...record.redo]);
    if (record.redo.length > 0) encounter.undo(record.redo.length);
    return encounter;
  }

  private insert(
    encounter: Encounter,
    seed: number,
    branchOf: EncounterRecord["branchOf"],
  ): EncounterJson {
    const definition = encounter.definition;
    const record = this.store.insert({
      title: definition.title,
      ruleset: definition.ruleset.id,
      file: definition.file,
      seed,
      branchOf,
      ...progressOf(encounter, []),
    });
    return encounterJson(record, encounter);
  }

  /**
   * Applies `apply` to encounter `id` and stores the result, all in one transaction: when
   * `apply` throws, nothing is stored. `version`, when given, must be the stored one.
   */
  private change<T = EncounterJson>(
    id: number,
    version: number | undefined,
    apply: (encounter: Encounter, seed: number) => void,
    render: Render<T> = encounterJson as Render<T>,
  ): T {
    const changed = this.store.transaction(() => {
      const record = this.record(id);
      if (version !== undefined && version !== record.version) {
        throw new ConflictError(
          `encounter ${id} is at version ${record.version}, not ${version}: it changed since`,
          "version",
          "get it again, then retry",
        );
      }
      const encounter = this.rebuild(record);
      apply(encounter, record.seed);
      // Undo, redo and answers keep the answers given and the ones undo took back on one line:
      // what redo can give back is the part of that line past the log.
      const line = [...record.answers, ...record.redo];
      const at = encounter.log.length;
      const redo = line.slice(at, at + encounter.canRedo);
      const saved = this.store.update(id, record.version, progressOf(encounter, redo));
      return render(saved, encounter);
    });
    this.events.publish({ encounter: id, kind: "changed" });
    return changed;
  }
}
