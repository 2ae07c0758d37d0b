// The encounters the HTTP API keeps: created from an encounter file or a log, rebuilt by replay
// from the stored answers (Encounter.fromAnswers) for every request, and stored again only at the
// version it was read at (store.ts), so that a refused request changes nothing, of two answers to
// one question one is stored, and a restarted server finds every encounter as it was, redo
// included. What may take long (creating, autoplay, simulating,
// advice) runs as a job on a worker thread (jobs.ts), and its result is stored only if the
// encounter did not change meanwhile. Every change is published (events.ts) once stored.
import { playerOf, type Answer, type AnsweredBy, type GmChange } from "../engine/answers.js";
import { seededRoll, tableRoll, tableTotal } from "../engine/drivers/live.js";
import type { PendingChoiceData, PendingDecision, PendingRoll } from "../engine/drivers/pending.js";
import type { Encounter } from "../engine/encounter.js";
import { gmChangeSchema } from "../engine/gm-changes.js";
import { rerollLast } from "../engine/reroll.js";
import { InputError, inputErrorFromZod } from "../engine/input-error.js";
import type { Json, JsonObject } from "../engine/json.js";
import { logLines, unreplayedLogLines } from "../engine/log.js";
import { redoDecisions, undoDecisions } from "../engine/undo-decisions.js";
import { checkRoomForEncounter } from "./encounter-cap.js";
import { ConflictError, ForbiddenError, NotFoundError } from "./errors.js";
import { checkLogLength, logCap } from "./log-cap.js";
import {
  encounterJson,
  storedJson,
  summaryJson,
  type EncounterJson,
  type EncounterSummaryJson,
} from "./encounter-json.js";
import type { EncounterEvents } from "./events.js";
import { heldFor, heldKey, HeldDice, shareLabel, type HeldShare } from "./held-dice.js";
import { joinedShares, seededShare, sharesOf, typedShare } from "../engine/drivers/shares.js";
import { gmJson, type GmJson } from "./gm-json.js";
import type { FightOddsResult } from "../app/fight-odds.js";
import type {
  AdviceResult,
  AdviceTask,
  FightOddsTask,
  FileBody,
  ServerJobs,
  SimulationJson,
} from "./jobs.js";
import type {
  EncounterListing,
  EncounterProgress,
  EncounterRecord,
  EncounterStore,
} from "./store.js";
import {
  built,
  fightOver,
  pending,
  playOn,
  readingFile,
  rebuild,
  UnreplayableError,
  type Built,
} from "./stored-encounter.js";
import {
  apiTacticsEntry,
  arrivalsOf,
  withArrivalTactics,
  withTactics,
  type TacticsAssignment,
} from "../app/tactics-assignment.js";
import { rulesets } from "../app/rulesets.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { Memo } from "../engine/memo.js";

/** How many times a part of an opposed roll is tried when another part was stored meanwhile. */
const PART_TRIES = 3;

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

/**
 * Which part of an opposed roll a move gives (RollSpec.shares: a player's own die), or undefined
 * for the whole roll, or the part still missing when one is held (the GM's).
 */
export type ShareOf = (choice: PendingRoll, encounter: Encounter) => number | undefined;

/** An answer to the pending choice as a request gives it: exactly one of the three. */
export interface AnswerRequest {
  readonly choice?: unknown;
  readonly dice?: readonly number[];
  readonly total?: number;
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

/**
 * A late arrival named as a combatant in the fight already is refused when the GM submits it (an
 * encounter file refuses the same), so that options and results never read alike; a stored log
 * that holds one still replays, since the check is here and not in the engine's change.
 */
function refuseNameTaken(encounter: Encounter, arrival: Record<string, unknown>): void {
  const named = arrival.name ?? arrival.id;
  if (typeof named !== "string") return;
  const spoken = (name: string) => name.trim().toLowerCase();
  const names = new Set(encounter.gmCombatants().map((c) => spoken(c.name)));
  if (!names.has(spoken(named))) return;
  const base = named.trim();
  let n = 2;
  while (names.has(spoken(`${base} ${n}`))) n += 1;
  const where = "change.combatant: name";
  throw new InputError(
    `${where}: "${base}" is taken by a combatant in the fight; each needs a name of its own, or their options read alike`,
    where,
    `call it "${base} ${n}"`,
  );
}

/**
 * Who gave an opposed roll's parts, as the log keeps it (AnsweredBy): the players by their
 * links' names in the roll's order, the GM's part as "the GM" ("Anna and Ben", "Ben and the
 * GM"), so that the GM's log says whose dice came in and a side reads the dice of its own
 * player's roll alone; nobody when the GM gave both.
 */
function rollersOf(parts: readonly { readonly player?: string | undefined }[]): AnsweredBy {
  if (parts.every((p) => p.player === undefined)) return {};
  return { player: [...new Set(parts.map((p) => p.player ?? "the GM"))].join(" and ") };
}

/**
 * Refuses a player's part of an opposed roll given already: the roll waits for the other's, and
 * the player's screen says so (a die given by mistake, the GM undoes).
 */
function refuseTwice(choice: PendingRoll, part: number, encounter: Encounter): never {
  const other = shareLabel(choice, 1 - part, encounter).slice(choice.label.length + 2);
  throw new ForbiddenError(
    `the roll waits for ${other}, not yours: this link plays ${sharesOf(choice)![part]!.combatant}, whose ${sharesOf(choice)![part]!.name} is in`,
    "pending",
    "wait for the other die; the GM can take yours back with undo",
  );
}

/** The dice a request gives for a part of an opposed roll (`label`): its dice, or one die's total. */
function shareDice(request: AnswerRequest, label: string): readonly number[] {
  if (request.dice !== undefined) return request.dice;
  if (request.total !== undefined && request.choice === undefined) return [request.total];
  throw new InputError(
    `body: ${label} is a roll: give its dice`,
    "body",
    'type the dice rolled: {"dice": [14]}',
  );
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
  return tableTotal(choice, request.total!);
}

/**
 * The HTTP entity tag of an encounter: it changes with every change (its version), and an id
 * reused after a delete gets another (its creation time). A weak tag (`W/`): the same encounter
 * is the same whether its reply is sent compressed or not (compressed-body.ts). While this server
 * holds a part of an opposed roll (`held`, in its memory only: held-dice.ts), ".h" after: the
 * same version after a restart, or from another server, asks the roll whole, and is not a 304.
 */
export function encounterTag(
  encounter: Pick<EncounterSummaryJson, "id" | "version" | "createdAt">,
  held = false,
): string {
  const tag = `${encounter.id}.${encounter.version}.${Date.parse(encounter.createdAt)}`;
  return `W/"${tag}${held ? ".h" : ""}"`;
}

/**
 * Whether a request's If-None-Match names entity tag `tag`: one of its tags is `tag`, strong or
 * weak alike, or it is `*` (RFC 9110, If-None-Match: the weak comparison).
 */
export function namesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => opaque(t) === opaque(tag));
}

/** Whole-fight odds of a stored encounter as a request asks for them. */
export interface FightOddsRequest {
  readonly from: "here" | "start";
  readonly maxStates: number;
  readonly maxRounds: number;
  readonly maxRuns?: number | undefined;
  readonly decisions?: Readonly<Record<string, Json>> | undefined;
}

/** A simulation of a stored encounter as a request asks for it. */
export interface EncounterSimulationRequest {
  readonly from: "here" | "start";
  readonly runs: number;
  readonly seed?: number | undefined;
  readonly maxRounds: number;
  readonly untilCi?: number | undefined;
  /** Tactics over the encounter's for these fights only. */
  readonly tactics?: TacticsAssignment | undefined;
}

/**
 * How many replayed encounters a server keeps for reading (`Encounters.replayed`): the ones being
 * played now, a few at a table, each a few hundred answers.
 */
const REPLAYS_KEPT = 16;

/** What a replay is kept by: the stored version (the ETag) and the answers it replays. */
function replayKey(record: EncounterRecord): string {
  return `${encounterTag(record)} ${record.answers.length} ${record.redo.length}`;
}

export class Encounters {
  /**
   * Replays kept by stored version, for reading only: a GET, the push to the pages that follow
   * an encounter, its log, the GM's hand and a branch each replayed the whole fight, once per
   * request, though nothing had changed (docs/benchmarks.md, "The server's replays kept").
   */
  private readonly replays = new Memo<string, Encounter>(REPLAYS_KEPT);
  /** The parts of opposed rolls given before the other (held-dice.ts). */
  private readonly held = new HeldDice();

  constructor(
    private readonly store: EncounterStore,
    readonly events: EncounterEvents,
    private readonly jobs: ServerJobs,
  ) {}

  async list(): Promise<EncounterSummaryJson[]> {
    return (await this.store.list()).map(summaryJson);
  }

  get(id: number): Promise<EncounterJson> {
    return this.read(id, encounterJson);
  }

  /** Encounter `id` as `render` tells it, replayed from its record. */
  async read<T>(id: number, render: Render<T>): Promise<T> {
    const record = await this.record(id);
    return render(record, this.replayed(record));
  }

  /** Whether this server holds a part of an opposed roll of encounter `id` (held-dice.ts). */
  holds(id: number): boolean {
    return this.held.of(id) !== undefined;
  }

  /**
   * Encounter `id` as the list shows it, read without its file and answers: what its ETag
   * (`encounterTag`) is made of, for a 304 without reading its answers or replaying them.
   */
  async listing(id: number): Promise<EncounterListing> {
    const listing = await this.store.listing(id);
    if (listing === undefined) throw this.notFound(id);
    return listing;
  }

  /** A new encounter from an encounter file (its text or content); `source` names it in errors. */
  async create(
    file: FileBody,
    source: string,
    seed: number | undefined,
    signal?: AbortSignal,
  ): Promise<EncounterJson> {
    await this.roomForOne();
    return this.insert(await this.jobs.run("create", { file, source, seed }, signal));
  }

  /**
   * An encounter file checked as `create` checks it, stored nowhere: what a form building one
   * asks as the GM types. Its title and ruleset, or the error `create` would throw.
   */
  async check(
    file: FileBody,
    source: string,
    signal?: AbortSignal,
  ): Promise<{ title: string; ruleset: string }> {
    const { record } = await this.jobs.run("create", { file, source, seed: undefined }, signal);
    return { title: record.title, ruleset: record.ruleset };
  }

  /** A fight resumed where its log ends. */
  async resume(
    log: string,
    source: string,
    seed: number | undefined,
    signal?: AbortSignal,
  ): Promise<EncounterJson> {
    await this.roomForOne();
    const task = { log, source, seed, mostAnswers: logCap() };
    return this.insert(await this.jobs.run("resume", task, signal));
  }

  /** A new encounter with the first `at` answers of encounter `id`: a "what if". */
  async branch(
    id: number,
    at: number | undefined,
    seed: number | undefined = undefined,
  ): Promise<EncounterJson> {
    const record = await this.record(id);
    await this.roomForOne();
    const length = record.answers.length;
    if (at !== undefined && at > length) {
      throw new InputError(
        `at: ${at}: encounter ${id} has only ${length} answers`,
        "body.at",
        `give a number from 0 to ${length}`,
      );
    }
    const encounter = this.replayed(record).branch(at ?? length);
    return this.insert(built(encounter, seed ?? record.seed, { id, at: at ?? length }));
  }

  async remove(id: number): Promise<void> {
    if (!(await this.store.remove(id))) throw this.notFound(id);
    this.held.drop(id);
    this.events.publish({ encounter: id, kind: "deleted" });
  }

  /** The encounter's log as JSON lines (fray-log/1). */
  async log(id: number): Promise<string> {
    const record = await this.record(id);
    let lines: string[];
    try {
      lines = logLines(this.replayed(record), record.seed);
    } catch (error) {
      // A fight these rules no longer replay: its answers as given, for the Fray that played it.
      if (!(error instanceof UnreplayableError)) throw error;
      lines = unreplayedLogLines(record, record.seed);
    }
    return lines.join("\n") + "\n";
  }

  /**
   * The advisor at the next decision (a job); refused when the fight is over. Rolls before the
   * decision are made from the seed and not stored.
   */
  async advise(
    id: number,
    request: Pick<AdviceTask, "samples" | "horizon" | "maxStates">,
    signal?: AbortSignal,
  ): Promise<AdviceResult> {
    const record = await this.record(id);
    // The stored outcome says whether the fight is over: no replay here, the job replays it.
    if (record.outcome !== null) throw fightOver(record.outcome);
    const { file, answers, seed } = record;
    return this.jobs.run(
      "advise",
      { file, source: `encounter ${id}`, answers, seed, ...request },
      signal,
    );
  }

  /** Exact odds of the whole fight (a job) from where the encounter stands or its start. */
  async fightOdds(
    id: number,
    request: FightOddsRequest,
    signal?: AbortSignal,
  ): Promise<FightOddsResult> {
    const { task } = await this.fightOddsTask(id, request);
    return this.jobs.run("fightOdds", task, signal);
  }

  /** The job of the whole fight's odds as `request` asks for them, and the version they are of. */
  async fightOddsTask(
    id: number,
    request: FightOddsRequest,
  ): Promise<{ task: FightOddsTask; version: number }> {
    const record = await this.record(id);
    const { maxStates, maxRounds, maxRuns, decisions } = request;
    const task: FightOddsTask = {
      file: record.file,
      source: `encounter ${id}`,
      answers: request.from === "here" ? record.answers : [],
      decisions,
      maxStates,
      maxRounds,
      maxRuns,
    };
    return { task, version: record.version };
  }

  /** A simulation (a job) from where the encounter stands (it must not be over) or its start. */
  async simulate(
    id: number,
    request: EncounterSimulationRequest,
    signal?: AbortSignal,
  ): Promise<SimulationJson> {
    const record = await this.record(id);
    if (request.from === "here" && record.outcome !== null) {
      throw new ConflictError(
        `the fight is over (${record.outcome.reason}): nothing is left to simulate from here`,
        "status",
        'simulate from the start ({"from": "start"}), or undo to go back',
      );
    }
    const { runs, maxRounds, untilCi, tactics } = request;
    return this.jobs.run(
      "simulate",
      {
        file: record.file,
        source: `encounter ${id}`,
        answers: request.from === "here" ? record.answers : undefined,
        seed: request.seed ?? record.seed,
        runs,
        maxRounds,
        untilCi,
        tactics,
      },
      signal,
    );
  }

  answer(id: number, version: number | undefined, request: AnswerRequest): Promise<EncounterJson> {
    return this.play(id, version, { kind: "answer", answer: request }, encounterJson);
  }

  /** What the GM may change by hand where the fight stands. */
  async gm(id: number): Promise<GmJson> {
    return gmJson(this.replayed(await this.record(id)));
  }

  /** A change of the GM's hand, checked by the engine and the ruleset, logged as an answer. */
  async changeByHand(
    id: number,
    version: number | undefined,
    change: Record<string, unknown>,
  ): Promise<EncounterJson> {
    const parsed = gmChangeSchema.safeParse(change);
    if (!parsed.success) throw inputErrorFromZod("body", ["change"], parsed.error);
    const given = parsed.data;
    if (given.op === "add-combatant") return this.bringIn(id, version, given);
    return this.change(id, version, (encounter) => {
      pending(encounter);
      encounter.give({ kind: "gm", change: given });
    });
  }

  /**
   * A late arrival. Its tactics (the block's `tactics`, when given) are the encounter's
   * definition, as the file's combatants' are (the file's `arrivalTactics`), not the log's: the
   * block goes to the log without them, and the answer and the file are stored in one write.
   */
  private async bringIn(
    id: number,
    version: number | undefined,
    given: Extract<GmChange, { op: "add-combatant" }>,
  ): Promise<EncounterJson> {
    const { tactics, ...combatant } = given.combatant;
    const change = { ...given, combatant };
    const record = await this.current(id, version);
    const give = (encounter: Encounter) => {
      pending(encounter);
      refuseNameTaken(encounter, combatant);
      encounter.give({ kind: "gm", change });
    };
    // The block first, checked as any arrival's; then its tactics, played from the new file.
    const played = playOn(record, give);
    const file =
      withArrivalTactics(
        parseEncounterFile(record.file, rulesets, `encounter ${id}`),
        String(combatant["id"]),
        tactics,
        rulesets,
        "change.combatant",
        ["tactics"],
      )?.file ?? null;
    const { encounter, progress } = file === null ? played : playOn({ ...record, file }, give);
    const saved = await this.storeProgress(record, progress, file ?? undefined);
    this.keep(saved, encounter);
    try {
      return encounterJson(saved, encounter);
    } finally {
      this.events.publish({ encounter: id, kind: "changed" });
    }
  }

  /**
   * Gives combatants other tactics from now on. Tactics are the encounter's definition (who plays
   * the combatants nobody at the table plays), not its state: they are its file's, changed here,
   * and the answers stay as they are. Every answer, a tactic's too, is in the log, so the fight
   * replays to the same state under any tactics; what changes is how the policy, auto-play, the
   * advisor and the odds answer the decisions still to come (docs/console.md, "Tactics").
   */
  async setTactics(
    id: number,
    version: number | undefined,
    tactics: TacticsAssignment,
  ): Promise<EncounterJson> {
    const record = await this.current(id, version);
    const source = `encounter ${id}`;
    const definition = withTactics(
      parseEncounterFile(record.file, rulesets, source),
      tactics,
      rulesets,
      "tactics",
      apiTacticsEntry,
      arrivalsOf(record.answers),
    );
    const file = definition.file;
    const encounter = rebuild({ ...record, file });
    const saved = await this.store.updateFile(id, record.version, file);
    this.keep(saved, encounter);
    try {
      return encounterJson(saved, encounter);
    } finally {
      this.events.publish({ encounter: id, kind: "changed" });
    }
  }

  /** Answers the pending decision with its policy's answer. */
  decideByPolicy(id: number, version: number | undefined): Promise<EncounterJson> {
    return this.play(id, version, { kind: "policy" }, encounterJson);
  }

  /** Answers the pending roll with Fray's dice (roll k of the encounter: stream k of the seed). */
  roll(id: number, version: number | undefined): Promise<EncounterJson> {
    return this.play(id, version, { kind: "roll" }, encounterJson);
  }

  /**
   * Rolls the last answer, a roll, again with Fray's dice at the GM's request: another attempt
   * of the seed, logged with the dice it replaced (engine/reroll.ts); undo takes it back.
   */
  reroll(id: number, version: number | undefined): Promise<EncounterJson> {
    return this.change(id, version, (encounter, seed) => void rerollLast(encounter, seed));
  }

  /**
   * Makes `move` at the pending choice, once `check` (when given) has let it through; `by` names
   * the player who made it from their screen (the log keeps it), and is empty for the GM. At an
   * opposed roll (RollSpec.shares) a move gives the part `shareOf` names (a player's own die),
   * or, without it, the part still missing when one is held (the GM's), else the whole roll: a
   * part given before the other is held (held-dice.ts), the second answers the roll with both.
   */
  async play<T>(
    id: number,
    version: number | undefined,
    move: Move,
    render: Render<T>,
    check?: MoveCheck,
    by: AnsweredBy = {},
    shareOf?: ShareOf,
  ): Promise<T> {
    for (let tries = 1; ; tries += 1) {
      let parted = false;
      try {
        return await this.playOnce(id, version, move, render, check, by, shareOf, () => {
          parted = true;
        });
      } catch (error) {
        // Both parts of an opposed roll given at once (two players rolling together): the one
        // stored second was read before the first was held, and is made again on the roll as it
        // now is (the version it was made at still fits while the roll waits).
        if (!parted || tries === PART_TRIES || !(error instanceof ConflictError)) throw error;
      }
    }
  }

  /** `play` once; `parted` is told when the move gives a part of an opposed roll. */
  private playOnce<T>(
    id: number,
    version: number | undefined,
    move: Move,
    render: Render<T>,
    check: MoveCheck | undefined,
    by: AnsweredBy,
    shareOf: ShareOf | undefined,
    parted: () => void,
  ): Promise<T> {
    const held = this.held.of(id);
    let toHold: Omit<HeldShare, "since"> | undefined;
    const apply = (encounter: Encounter, seed: number) => {
      const choice = pending(encounter);
      check?.(choice, encounter);
      if (choice.kind === "roll" && move.kind !== "policy" && sharesOf(choice) !== undefined) {
        const given = heldFor(held, choice, encounter);
        const part =
          shareOf?.(choice, encounter) ?? (given === undefined ? undefined : 1 - given.part);
        if (part !== undefined) {
          parted();
          const label = shareLabel(choice, part, encounter);
          const dice =
            move.kind === "roll"
              ? seededShare(choice, seed, part)
              : typedShare(choice, part, label, shareDice(move.answer, label));
          const mine = { part, dice, fray: move.kind === "roll", player: by.player };
          if (given?.part === part && shareOf !== undefined) refuseTwice(choice, part, encounter);
          if (given === undefined || given.part === part) {
            toHold = { key: heldKey(choice, encounter), ...mine };
            return;
          }
          const parts = part === 0 ? [mine, given] : [given, mine];
          return encounter.give({ ...joinedShares(choice, seed, parts), ...rollersOf(parts) });
        }
      }
      switch (move.kind) {
        case "answer":
          return encounter.give({ ...answerOf(encounter, move.answer), ...playerOf(by) });
        case "roll":
          return encounter.give({ ...seededRoll(pendingRoll(encounter), seed), ...playerOf(by) });
        case "policy":
          pendingDecision(encounter);
          return void encounter.decideByPolicy(by);
      }
    };
    // A part held since the version the move was made at changed nothing else of the roll.
    const at = version !== undefined && held !== undefined && version >= held.since;
    return this.change(id, at ? undefined : version, apply, render, () => toHold);
  }

  /**
   * Rolls and decides by policy to the end of the current round or of the fight (a job); stored
   * unless the encounter changed meanwhile (409).
   */
  async autoplay(
    id: number,
    version: number | undefined,
    until: "round" | "end",
    signal?: AbortSignal,
  ): Promise<EncounterJson> {
    const read = await this.current(id, version);
    if (read.outcome !== null) throw fightOver(read.outcome);
    const record = await this.withHeldAnswered(read);
    const { file, answers, redo, seed } = record;
    // A log at its cap is refused before the job: auto-play adds one answer at least. The job
    // stops where the log would pass the cap (it ran to the fight's end, then was refused).
    const mostAnswers = logCap();
    checkLogLength(answers.length + 1, answers.length, { encounter: id }, mostAnswers);
    const done = await this.jobs.run(
      "autoplay",
      { stored: { id, file, answers, redo, seed }, until, mostAnswers },
      signal,
    );
    const saved = await this.storeProgress(record, done.progress);
    this.held.drop(id);
    this.events.publish({ encounter: id, kind: "changed" });
    return storedJson(saved, done.replay);
  }

  /**
   * `record` with the opposed roll whose part is held answered first, Fray rolling the part
   * missing (as the GM's _Fray rolls_ does), so that auto-play does not roll the whole roll again
   * over a player's die; `record` itself when no part is held.
   */
  private async withHeldAnswered(record: EncounterRecord): Promise<EncounterRecord> {
    const status = this.replayed(record).status;
    const choice = status.kind === "pending" ? status.choice : undefined;
    if (
      choice?.kind !== "roll" ||
      heldFor(record.held, choice, this.replayed(record)) === undefined
    )
      return record;
    await this.play(record.id, record.version, { kind: "roll" }, () => undefined);
    return this.record(record.id);
  }

  /** Takes back `steps` answers, or `steps` decisions each with the rolls after it. */
  undo(
    id: number,
    version: number | undefined,
    steps: number,
    unit: StepUnit,
  ): Promise<EncounterJson> {
    // A part of an opposed roll held is the last thing given: undo takes it back first.
    let dropHeld = false;
    const held = this.held.of(id);
    const apply = (encounter: Encounter) => {
      const status = encounter.status;
      const choice = status.kind === "pending" ? status.choice : undefined;
      if (choice?.kind === "roll" && heldFor(held, choice, encounter) !== undefined) {
        dropHeld = true;
        return;
      }
      const taken =
        unit === "decision" ? undoDecisions(encounter, steps).answers : encounter.undo(steps);
      if (taken === 0) throw new ConflictError("nothing to undo: no answer given yet", "steps");
    };
    return this.change(id, version, apply, encounterJson, () => (dropHeld ? null : undefined));
  }

  /** Gives back what undo took: `steps` answers, or `steps` decisions with their rolls. */
  redo(
    id: number,
    version: number | undefined,
    steps: number,
    unit: StepUnit,
  ): Promise<EncounterJson> {
    return this.change(id, version, (encounter) => {
      const given =
        unit === "decision" ? redoDecisions(encounter, steps).answers : encounter.redo(steps);
      if (given === 0) {
        throw new ConflictError("nothing to redo", "steps", "redo gives back what undo took");
      }
    });
  }

  /**
   * Encounter `record` replayed, to read and never to change: the replay kept for its stored
   * version when there is one. Every change stores a new version (and a change replays afresh,
   * `playOn`), so a kept replay is the encounter as stored; a server beside this one on the same
   * store changes the version too.
   */
  private replayed(record: EncounterRecord): Encounter {
    return this.replays.get(replayKey(record), () => rebuild(record));
  }

  /** Keeps `encounter`, as a change left it, for the reads of `saved`, its stored version. */
  private keep(saved: EncounterRecord, encounter: Encounter): void {
    this.replays.put(replayKey(saved), encounter);
  }

  private notFound(id: number): NotFoundError {
    return new NotFoundError(`no encounter ${id}`, "id", "GET /encounters lists them");
  }

  private async record(id: number): Promise<EncounterRecord> {
    const record = await this.store.get(id);
    if (record === undefined) throw this.notFound(id);
    return this.withHeld(record);
  }

  /** `record` with the part of an opposed roll held for it, if one is. */
  private withHeld(record: EncounterRecord): EncounterRecord {
    const held = this.held.of(record.id);
    return held === undefined ? record : { ...record, held };
  }

  /** Encounter `id` as stored; `version`, when given, must be the stored one. */
  private async current(id: number, version: number | undefined): Promise<EncounterRecord> {
    const record = await this.record(id);
    if (version !== undefined && version !== record.version) {
      throw new ConflictError(
        `encounter ${id} is at version ${record.version}, not ${version}: it changed since`,
        "version",
        "get it again, then retry",
      );
    }
    return record;
  }

  /** Refuses a new encounter, before any work, when the database holds as many as it may. */
  private async roomForOne(): Promise<void> {
    checkRoomForEncounter(await this.store.count());
  }

  private async insert({ record, replay }: Built): Promise<EncounterJson> {
    checkLogLength(record.answers.length, 0, "new");
    return storedJson(await this.store.insert(record), replay);
  }

  /**
   * Stores `progress` of `record` at the version it was read at (see `change`), with `file` when
   * given; a log grown past its cap is refused (log-cap.ts).
   */
  private storeProgress(
    record: EncounterRecord,
    progress: EncounterProgress,
    file?: JsonObject,
  ): Promise<EncounterRecord> {
    checkLogLength(progress.answers.length, record.answers.length, { encounter: record.id });
    return this.store.update(record.id, record.version, progress, file);
  }

  /**
   * Applies `apply` to encounter `id` as read and stores the result at the version read: when
   * `apply` throws, nothing is stored; when another change was stored meanwhile, this one is
   * refused (a 409). `version`, when given, must be the stored one.
   */
  private async change<T = EncounterJson>(
    id: number,
    version: number | undefined,
    apply: (encounter: Encounter, seed: number) => void,
    render: Render<T> = encounterJson as Render<T>,
    /** A part of an opposed roll to hold once stored; null: drop the one held. */
    hold: () => Omit<HeldShare, "since"> | null | undefined = () => undefined,
  ): Promise<T> {
    const record = await this.current(id, version);
    const { encounter, progress } = playOn(record, apply);
    const stored = await this.storeProgress(record, progress, readingFile(record, encounter));
    const status = encounter.status;
    const choice = status.kind === "pending" ? status.choice : undefined;
    this.held.keepOnly(id, choice?.kind === "roll" ? heldKey(choice, encounter) : undefined);
    const part = hold();
    if (part === null) this.held.drop(id);
    else if (part !== undefined) this.held.hold(id, { ...part, since: record.version });
    const saved = this.withHeld(stored);
    this.keep(saved, encounter);
    try {
      return render(saved, encounter);
    } finally {
      this.events.publish({ encounter: id, kind: "changed" });
    }
  }
}
