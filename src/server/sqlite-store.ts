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
import { settle } from "./settle.js";
import { PLAYER_LINKS_SCHEMA, SqlitePlayerLinks } from "./sqlite-player-links.js";
import { ROSTERS_SCHEMA, SqliteRosters } from "./sqlite-rosters.js";
import type { EncounterProgress, EncounterRecord, EncounterStore, NewEncounter } from "./store.js";
import { LocalScreens } from "./screen-store.js";

/**
 * Bumped whenever the tables change; a database of a newer schema is refused. Every table is
 * created if missing, so an older database gets the new ones (2: the players' links; 3: the rosters).
 */
const SCHEMA_VERSION = 3;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS encounters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  file TEXT NOT NULL,
  seed INTEGER NOT NULL,
  answers TEXT NOT NULL,
  redo TEXT NOT NULL,
  round INTEGER NOT NULL,
  outcome TEXT,
  branch_of INTEGER,
  branch_at INTEGER,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`;

interface Row {
  id: number;
  title: string;
  ruleset: string;
  file: string;
  seed: number;
  answers: string;
  redo: string;
  round: number;
  outcome: string | null;
  branch_of: number | null;
  branch_at: number | null;
  version: number;
  created_at: string;
  updated_at: string;
}

function fromRow(row: Row): EncounterRecord {
  return {
    id: row.id,
    title: row.title,
    ruleset: row.ruleset,
    file: JSON.parse(row.file) as JsonObject,
    seed: row.seed,
    answers: JSON.parse(row.answers) as Answer[],
    redo: JSON.parse(row.redo) as Answer[],
    round: row.round,
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
    branchOf:
      row.branch_of === null || row.branch_at === null
        ? null
        : { id: row.branch_of, at: row.branch_at },
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function progressColumns(p: EncounterProgress) {
  return {
    answers: JSON.stringify(p.answers),
    redo: JSON.stringify(p.redo),
    round: p.round,
    outcome: p.outcome === null ? null : JSON.stringify(p.outcome),
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
    this.db.exec(PLAYER_LINKS_SCHEMA);
    this.playerLinks = new SqlitePlayerLinks(this.db, now);
    this.db.exec(ROSTERS_SCHEMA);
    this.rosters = new SqliteRosters(this.db, now);
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }

  list(): Promise<EncounterRecord[]> {
    return settle(() =>
      (this.db.prepare("SELECT * FROM encounters ORDER BY id").all() as Row[]).map(fromRow),
    );
  }

  get(id: number): Promise<EncounterRecord | undefined> {
    return settle(() => this.read(id));
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
        `INSERT INTO encounters (title, ruleset, file, seed, answers, redo, round, outcome,
           branch_of, branch_at, version, created_at, updated_at)
         VALUES (@title, @ruleset, @file, @seed, @answers, @redo, @round, @outcome,
           @branchOf, @branchAt, 1, @at, @at)`,
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
        `UPDATE encounters SET answers = @answers, redo = @redo, round = @round,
           outcome = @outcome, file = COALESCE(@file, file), version = version + 1,
           updated_at = @at
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
