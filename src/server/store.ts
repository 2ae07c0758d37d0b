// Where the HTTP API keeps its encounters: one small asynchronous interface, so that a hosted
// deployment can put PostgreSQL behind it; SQLite by default (sqlite-store.ts). Every write is one statement, or one transaction inside the store: a change
// is stored whole or not at all. A record holds what replay needs (the encounter file, the seed,
// the answers and the answers undo took back), plus a few values derived from them for listing.
import { arrivalsOf } from "../app/tactics-assignment.js";
import type { Answer } from "../engine/answers.js";
import type { JsonObject } from "../engine/json.js";
import type { Outcome } from "../engine/ruleset.js";
import type { HeldShare } from "./held-dice.js";
import type { PlayerLinkStore } from "./player-link-store.js";
import type { RosterStore } from "./roster-store.js";
import type { ScreenStore } from "./screen-store.js";

/** What changes as an encounter is played: its answers, and what is derived from them. */
export interface EncounterProgress {
  /** The answers given so far: the encounter's log. */
  readonly answers: readonly Answer[];
  /** The answers undo took back, the next one to redo first. */
  readonly redo: readonly Answer[];
  /** Rounds completed. */
  readonly round: number;
  /** How the fight ended, or null while it goes on. */
  readonly outcome: Outcome | null;
  /**
   * The names of the fight's combatants, which the console's list finds a fight by: its file's,
   * then the late arrivals' its answers brought in (`namesOf`).
   */
  readonly names: readonly string[];
}

export interface NewEncounter extends EncounterProgress {
  readonly title: string;
  readonly ruleset: string;
  /** The encounter file as parsed: a log's header holds the same. */
  readonly file: JsonObject;
  readonly seed: number;
  /** The encounter this one branched from, after how many of its answers. */
  readonly branchOf: { readonly id: number; readonly at: number } | null;
}

export interface EncounterRecord extends NewEncounter {
  readonly id: number;
  /** 1 when stored, one more with every change; a change that names an older one is refused. */
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  /**
   * Not stored: the part of an opposed roll this server holds until the other comes
   * (held-dice.ts), given to what tells of the encounter with the record it read.
   */
  readonly held?: HeldShare;
}

/**
 * What the encounters' list (GET /encounters) shows of one: its record without the file, the seed
 * and the answers, which it only counts. The stores keep the counts beside the answers and read
 * the list without the answers: reading every record whole took 7-10 s at 10,000 encounters
 * (docs/benchmarks.md, "The encounters' list").
 */
export interface EncounterListing extends Pick<
  EncounterRecord,
  | "id"
  | "title"
  | "ruleset"
  | "round"
  | "outcome"
  | "branchOf"
  | "version"
  | "createdAt"
  | "updatedAt"
> {
  /** How many answers the log holds. */
  readonly answerCount: number;
  /** How many answers redo would give back. */
  readonly redoCount: number;
  /** The names of the file's combatants, which the console's list finds a fight by. */
  readonly names: readonly string[];
}

/**
 * The names of an encounter file's combatants (a combatant without one by its id), then those of
 * the late arrivals `answers` bring in: the list found a fight by Grub but not by the Hill Giant
 * who joined it.
 */
export function namesOf(file: JsonObject, answers: readonly Answer[] = []): string[] {
  const combatants = Array.isArray(file["combatants"]) ? file["combatants"] : [];
  const listed = combatants.flatMap((c) => {
    if (typeof c !== "object" || c === null || Array.isArray(c)) return [];
    const name = c["name"] ?? c["id"];
    return typeof name === "string" ? [name] : [];
  });
  return [...listed, ...arrivalsOf(answers).map((a) => a.name)];
}

/** What the encounters' list shows of `record`. */
export function listingOf(record: EncounterRecord): EncounterListing {
  const { id, title, ruleset, round, outcome, branchOf, version, createdAt, updatedAt } = record;
  return {
    id,
    title,
    ruleset,
    round,
    outcome,
    branchOf,
    version,
    createdAt,
    updatedAt,
    answerCount: record.answers.length,
    redoCount: record.redo.length,
    names: [...record.names],
  };
}

export interface EncounterStore {
  /** Every encounter as the list shows it, oldest first: read without its file and answers. */
  list(): Promise<EncounterListing[]>;
  get(id: number): Promise<EncounterRecord | undefined>;
  /**
   * Encounter `id` as the list shows it, read without its file and answers: what its ETag is made
   * of, which a page that polls asks for (a 304 read the whole record, 10,000 answers and all).
   */
  listing(id: number): Promise<EncounterListing | undefined>;
  /** How many encounters the store holds (branches too): what the cap on them counts. */
  count(): Promise<number>;
  insert(encounter: NewEncounter): Promise<EncounterRecord>;
  /**
   * Stores the encounter `make` gives when the store holds none, and returns it; null when it
   * holds one (and `make` is not called). Of several servers starting together on one empty
   * database, exactly one stores it (the demo).
   */
  insertIfEmpty(make: () => NewEncounter): Promise<EncounterRecord | null>;
  /**
   * Stores the progress of encounter `id`, read at `version`, as version + 1; throws a
   * ConflictError when it changed since (or is gone). Of several updates at one version, one is
   * stored and the others throw: this is what keeps two answers from both being accepted. With
   * `file`, the encounter's file is stored in the same write (a late arrival's tactics).
   */
  update(
    id: number,
    version: number,
    progress: EncounterProgress,
    file?: JsonObject,
  ): Promise<EncounterRecord>;
  /**
   * Stores encounter `id`'s file, read at `version`, as version + 1 (its answers unchanged);
   * throws a ConflictError as `update` does. The combatants' tactics are the file's: PUT
   * /encounters/:id/tactics changes them this way (the combatants, and their names, stay).
   */
  updateFile(id: number, version: number, file: JsonObject): Promise<EncounterRecord>;
  /** The players' links (player-link-store.ts). */
  readonly playerLinks: PlayerLinkStore;
  /** The parties and bestiaries of each ruleset (roster-store.ts). */
  readonly rosters: RosterStore;
  /** Which players' screens are open, on this server and the others of the database. */
  readonly screens: ScreenStore;
  /** Deletes encounter `id` and its players' links, both or neither; false when there was none. */
  remove(id: number): Promise<boolean>;
  close(): Promise<void>;
}
