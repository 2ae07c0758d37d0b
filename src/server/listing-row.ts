// What the SQLite and the PostgreSQL store read alike of an encounter's row: the columns of its
// listing (store.ts's EncounterListing), which a record's row holds too. Each store keeps the
// outcome and the times its own way (SQLite's JSON text and ISO text, PostgreSQL's jsonb and
// timestamptz, the names' JSON text and jsonb), and says how to read them.
import type { Outcome } from "../engine/ruleset.js";
import type { EncounterListing, EncounterRecord } from "./store.js";

/** The columns the encounters' list reads (no file, no answers), as both stores name them. */
export const LISTED = `id, title, ruleset, round, outcome, branch_of, branch_at, version, created_at,
  updated_at, answer_count, redo_count, names`;

/**
 * A listing's columns as a store gives them: its outcome as `O`, its combatants' names as `N`,
 * its times as `T`.
 */
export interface ListedRow<O, N, T> {
  id: number;
  title: string;
  ruleset: string;
  round: number;
  outcome: O | null;
  branch_of: number | null;
  branch_at: number | null;
  version: number;
  created_at: T;
  updated_at: T;
  answer_count: number;
  redo_count: number;
  /** The combatants' names. */
  names: N;
}

/** How a store reads the outcome, the names and the times it keeps. */
export interface ListedReader<O, N, T> {
  readonly outcome: (kept: O) => Outcome;
  readonly names: (kept: N) => string[];
  readonly time: (kept: T) => string;
}

/** What a record and a listing share, from the columns both read. */
export function summaryFromRow<O, N, T>(
  row: Omit<ListedRow<O, N, T>, "answer_count" | "redo_count" | "names">,
  read: ListedReader<O, N, T>,
): Omit<EncounterListing, "answerCount" | "redoCount" | "names"> {
  return {
    id: row.id,
    title: row.title,
    ruleset: row.ruleset,
    round: row.round,
    outcome: row.outcome === null ? null : read.outcome(row.outcome),
    branchOf: branchOfRow(row),
    version: row.version,
    createdAt: read.time(row.created_at),
    updatedAt: read.time(row.updated_at),
  };
}

/** A listing from its row. */
export function listingFromRow<O, N, T>(
  row: ListedRow<O, N, T>,
  read: ListedReader<O, N, T>,
): EncounterListing {
  return {
    ...summaryFromRow(row, read),
    answerCount: row.answer_count,
    redoCount: row.redo_count,
    names: read.names(row.names),
  };
}

function branchOfRow(row: {
  branch_of: number | null;
  branch_at: number | null;
}): EncounterRecord["branchOf"] {
  return row.branch_of === null || row.branch_at === null
    ? null
    : { id: row.branch_of, at: row.branch_at };
}
