// The encounter store on SQLite (libsql, a better-sqlite3-compatible binding whose prebuilt
// binaries are npm packages): one row per encounter, its answers and redo stack as JSON; the
// players' links and the rosters in tables of their own (sqlite-player-links.ts,
// sqlite-rosters.ts). A file, or ":memory:" for
// tests. Writes go through transactions, so a failed request leaves every row as it was.
import Database from "libsql";
import type { Answer } from "../engine/answers.js";
import type { JsonObject } from "../engine/json.js";
import type { Outcome } from "../engine/ruleset.js";
import { changedMeanwhile, ConflictError } from "./errors.js";
import {
  LISTED,
  listingFromRow,
  summaryFromRow,
  type ListedReader,
  type ListedRow,
} from "./listing-row.js";
import { settle } from "./settle.js";
import { PLAYER_LINKS_SCHEMA, SqlitePlayerLinks } from "./sqlite-player-links.js";
import { ROSTERS_SCHEMA, SqliteRosters } from "./sqlite-rosters.js";
import {
  namesOf,
  type EncounterListing,
  type EncounterProgress,
  type EncounterRecord,
  type EncounterStore,
  type NewEncounter,
} from "./store.js";
import { LocalScreens } from "./screen-store.js";

/**
 * Bumped whenever the tables change; a database of a newer schema is refused. Every table is
 * created if missing, so an older database gets the new ones (2: the players' links; 3: the
 * rosters; 4: the counts of answers and redo, and the index the list reads, `upgradeToListing`;
 * 5: the combatants' names, which the list finds a fight by, `upgradeToNames`; 6: where the
 * players' links moved on to, `player_moves`, and the late arrivals' names of an older database,
 * `upgradeToArrivals`).
 */
export const SCHEMA_VERSION = 6;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS encounters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  file TEXT NOT NULL,
  seed INTEGER NOT NULL,
  answers TEXT NOT NULL,
  redo TEXT NOT NULL,
  answer_count INTEGER NOT NULL,
  redo_count INTEGER NOT NULL,
  names TEXT NOT NULL,
  round INTEGER NOT NULL,
  outcome TEXT,
  branch_of INTEGER,
  branch_at INTEGER,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`;

/**
 * The list's columns as an index of their own, which the list reads alone (a covering index):
 * a row's file and answers (10 KB and more) fill overflow pages that a read of the row's later
 * columns goes through, and its counts come last in a database upgraded from schema 3.
 */
const LISTED_INDEX = `CREATE INDEX IF NOT EXISTS encounters_listed ON encounters (${LISTED})`;

/** The encounters' list, oldest first. */
export const LIST_QUERY = `SELECT ${LISTED} FROM encounters ORDER BY id`;

/** The counts of a database of schema 3 or older, worked out once from its answers. */
function upgradeToListing(db: Database.Database): void {
  const columns = db.prepare("PRAGMA table_info(encounters)").all() as { name: string }[];
  if (columns.some((c) => c.name === "answer_count")) return;
  db.transaction(() => {
    db.exec(`ALTER TABLE encounters ADD COLUMN answer_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE encounters ADD COLUMN redo_count INTEGER NOT NULL DEFAULT 0;
      UPDATE encounters SET answer_count = json_array_length(answers),
        redo_count = json_array_length(redo)`);
  }).immediate();
}

/**
 * The combatants' names of a database of schema 4 or older, read once from their files; the
 * list's index made again with them (LISTED_INDEX).
 */
function upgradeToNames(db: Database.Database): void {
  const columns = db.prepare("PRAGMA table_info(encounters)").all() as { name: string }[];
  if (columns.some((c) => c.name === "names")) return;
  db.transaction(() => {
    db.exec(`ALTER TABLE encounters ADD COLUMN names TEXT NOT NULL DEFAULT '[]';
      UPDATE encounters SET names = (SELECT json_group_array(
          coalesce(json_extract(c.value, '$.name'), json_extract(c.value, '$.id')))
        FROM json_each(encounters.file, '$.combatants') AS c);
      DROP INDEX IF EXISTS encounters_listed`);
  }).immediate();
}

/**
 * The late arrivals' names of a database of schema 5 or older (`from`), read once from the
 * answers of the encounters that bring one in: its names were its files' alone, written so until
 * the names were the fight's (store.ts, namesOf), so the list missed an arrival until the fight's
 * next answer wrote them again. Schema 6 came after, so its names are the fight's already.
 */
function upgradeToArrivals(db: Database.Database, from: number): void {
  if (from >= 6) return;
  const rows = db
    .prepare(`SELECT id, file, answers FROM encounters WHERE answers LIKE '%"add-combatant"%'`)
    .all() as { id: number; file: string; answers: string }[];
  const write = db.prepare("UPDATE encounters SET names = ? WHERE id = ?");
  db.transaction(() => {
    for (const row of rows) {
      const file = JSON.parse(row.file) as JsonObject;
      const names = namesOf(file, JSON.parse(row.answers) as Answer[]);
      write.run(JSON.stringify(names), row.id);
    }
  }).immediate();
}

interface Row extends ListedRow<string, string, string> {
  file: string;
  seed: number;
  answers: string;
  redo: string;
}

type Listed = ListedRow<string, string, string>;

/** The outcome and the names as JSON text, the times as ISO text. */
const READ: ListedReader<string, string, string> = {
  outcome: (kept) => JSON.parse(kept) as Outcome,
  names: (kept) => JSON.parse(kept) as string[],
  time: (kept) => kept,
};

function fromRow(row: Row): EncounterRecord {
  return {
    ...summaryFromRow(row, READ),
    file: JSON.parse(row.file) as JsonObject,
    seed: row.seed,
    answers: JSON.parse(row.answers) as Answer[],
    redo: JSON.parse(row.redo) as Answer[],
    names: READ.names(row.names),
  };
}

function progressColumns(p: EncounterProgress) {
  return {
    answers: JSON.stringify(p.answers),
    redo: JSON.stringify(p.redo),
    answerCount: p.answers.length,
    redoCount: p.redo.length,
    round: p.round,
    outcome: p.outcome === null ? null : JSON.stringify(p.outcome),
    names: JSON.stringify(p.names),
  };
}

export class SqliteStore implements EncounterStore {
  private readonly db: Database.Database;
  readonly playerLinks: SqlitePlayerLinks;
  readonly rosters: SqliteRosters;
  /** One process serves a SQLite database: its screens are all there are. */
  readonly screens = new LocalScreens();

  /** Opens (and creates if need be) the database at `path`; ":memory:" keeps it in memory. */
  constructor(
    path: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = new Database(path);
    this.db.pragma("journal_mode = WAL");
    const { user_version: version } = this.db.prepare("PRAGMA user_version").get() as {
      user_version: number;
    };
    if (version > SCHEMA_VERSION) {
      this.db.close();
      throw new ConflictError(
        `${path}: the database was written by a newer Fray (schema ${version}, this one knows ${SCHEMA_VERSION})`,
        path,
        "upgrade Fray, or start with another --db file",
      );
    }
    this.db.exec(SCHEMA);
    upgradeToListing(this.db);
    upgradeToNames(this.db);
    upgradeToArrivals(this.db, version);
    this.db.exec(LISTED_INDEX);
    this.db.exec(PLAYER_LINKS_SCHEMA);
    this.playerLinks = new SqlitePlayerLinks(this.db, now);
    this.db.exec(ROSTERS_SCHEMA);
    this.rosters = new SqliteRosters(this.db, now);
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }

  list(): Promise<EncounterListing[]> {
    return settle(() =>
      (this.db.prepare(LIST_QUERY).all() as Listed[]).map((row) => listingFromRow(row, READ)),
    );
  }

  get(id: number): Promise<EncounterRecord | undefined> {
    return settle(() => this.read(id));
  }

  listing(id: number): Promise<EncounterListing | undefined> {
    return settle(() => {
      const row = this.db.prepare(`SELECT ${LISTED} FROM encounters WHERE id = ?`).get(id) as
        Listed | undefined;
      return row === undefined ? undefined : listingFromRow(row, READ);
    });
  }

  count(): Promise<number> {
    return settle(
      () => (this.db.prepare("SELECT count(*) AS n FROM encounters").get() as { n: number }).n,
    );
  }

  insert(encounter: NewEncounter): Promise<EncounterRecord> {
    return settle(() => this.insertNow(encounter));
  }

  insertIfEmpty(make: () => NewEncounter): Promise<EncounterRecord | null> {
    // An immediate transaction takes the database's write lock before it looks: another
    // process's insert cannot come between the look and the insert.
    return settle(() =>
      this.db
        .transaction(() =>
          this.db.prepare("SELECT 1 FROM encounters LIMIT 1").get() === undefined
            ? this.insertNow(make())
            : null,
        )
        .immediate(),
    );
  }

  update(
    id: number,
    version: number,
    progress: EncounterProgress,
    file?: JsonObject,
  ): Promise<EncounterRecord> {
    return settle(() => this.updateNow(id, version, progress, file));
  }

  updateFile(id: number, version: number, file: JsonObject): Promise<EncounterRecord> {
    return settle(() => {
      const { changes } = this.db
        .prepare(
          `UPDATE encounters SET file = @file, version = version + 1, updated_at = @at
           WHERE id = @id AND version = @version`,
        )
        .run({ file: JSON.stringify(file), at: this.now().toISOString(), id, version });
      if (changes !== 1) throw changedMeanwhile(id, version);
      return this.read(id)!;
    });
  }

  remove(id: number): Promise<boolean> {
    return settle(() =>
      this.db
        .transaction(() => {
          this.playerLinks.removeAll(id);
          return this.db.prepare("DELETE FROM encounters WHERE id = ?").run(id).changes === 1;
        })
        .immediate(),
    );
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }

  private read(id: number): EncounterRecord | undefined {
    const row = this.db.prepare("SELECT * FROM encounters WHERE id = ?").get(id) as Row | undefined;
    return row === undefined ? undefined : fromRow(row);
  }

  private insertNow(encounter: NewEncounter): EncounterRecord {
    const at = this.now().toISOString();
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO encounters (title, ruleset, file, names, seed, answers, redo, answer_count,
           redo_count, round, outcome, branch_of, branch_at, version, created_at, updated_at)
         VALUES (@title, @ruleset, @file, @names, @seed, @answers, @redo, @answerCount,
           @redoCount, @round, @outcome, @branchOf, @branchAt, 1, @at, @at)`,
      )
      .run({
        title: encounter.title,
        ruleset: encounter.ruleset,
        file: JSON.stringify(encounter.file),
        seed: encounter.seed,
        ...progressColumns(encounter),
        branchOf: encounter.branchOf?.id ?? null,
        branchAt: encounter.branchOf?.at ?? null,
        at,
      });
    return this.read(Number(lastInsertRowid))!;
  }

  private updateNow(
    id: number,
    version: number,
    progress: EncounterProgress,
    file?: JsonObject,
  ): EncounterRecord {
    const { changes } = this.db
      .prepare(
        `UPDATE encounters SET answers = @answers, redo = @redo, answer_count = @answerCount,
           redo_count = @redoCount, round = @round, outcome = @outcome,
           file = COALESCE(@file, file), names = @names,
           version = version + 1, updated_at = @at
         WHERE id = @id AND version = @version`,
      )
      .run({
        ...progressColumns(progress),
        file: file === undefined ? null : JSON.stringify(file),
        at: this.now().toISOString(),
        id,
        version,
      });
    if (changes !== 1) throw changedMeanwhile(id, version);
    return this.read(id)!;
  }
}
