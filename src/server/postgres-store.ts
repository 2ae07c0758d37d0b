// The encounter store on PostgreSQL (`fray serve --db postgres://user@host/db`), for many tables
// and several server processes on one database: the same rows as SQLite's (sqlite-store.ts), the
// answers and the file as JSON, the players' links beside them (postgres-player-links.ts). A
// change is one UPDATE at the version read, so that of two processes answering the same question
// one is stored (the row's lock makes the second see the new version and match nothing). The
// tables are made and upgraded by versioned migrations (postgres-migrations.ts) when it opens.
import pg from "pg";
import type { Answer } from "../engine/answers.js";
import type { JsonObject } from "../engine/json.js";
import type { Outcome } from "../engine/ruleset.js";
import { changedMeanwhile } from "./errors.js";
import {
  LISTED,
  listingFromRow,
  summaryFromRow,
  type ListedReader,
  type ListedRow,
} from "./listing-row.js";
import { PostgresPlayerLinks } from "./postgres-player-links.js";
import { PostgresScreens } from "./postgres-screens.js";
import { migrate } from "./postgres-migrations.js";
import { PostgresRosters } from "./postgres-rosters.js";
import {
  type EncounterListing,
  type EncounterProgress,
  type EncounterRecord,
  type EncounterStore,
  type NewEncounter,
} from "./store.js";

interface Row extends ListedRow<Outcome, string[], Date> {
  file: JsonObject;
  /** BIGINT, which node-postgres gives as a string (a seed is up to 2^32 - 1). */
  seed: string;
  answers: Answer[];
  redo: Answer[];
}

type Listed = ListedRow<Outcome, string[], Date>;

/** The outcome and the names as jsonb (which node-postgres parses), the times as its Dates. */
const READ: ListedReader<Outcome, string[], Date> = {
  outcome: (kept) => kept,
  names: (kept) => kept,
  time: (kept) => kept.toISOString(),
};

function fromRow(row: Row): EncounterRecord {
  return {
    ...summaryFromRow(row, READ),
    file: row.file,
    seed: Number(row.seed),
    answers: row.answers,
    redo: row.redo,
    names: READ.names(row.names),
  };
}

/**
 * The progress as the query's parameters, its names last: JSON as text, since node-postgres sends
 * arrays as PostgreSQL's.
 */
function progressParams(p: EncounterProgress): unknown[] {
  return [
    JSON.stringify(p.answers),
    JSON.stringify(p.redo),
    p.answers.length,
    p.redo.length,
    p.round,
    p.outcome === null ? null : JSON.stringify(p.outcome),
    JSON.stringify(p.names),
  ];
}

/** `--db` as messages show it: a `postgres://` address without its password. */
export function shownAddress(url: string): string {
  if (!isPostgresAddress(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://…";
  }
}

/** Whether `--db` names a PostgreSQL database rather than a SQLite file. */
export function isPostgresAddress(db: string): boolean {
  return /^postgres(ql)?:\/\//.test(db);
}

/** The advisory lock the servers of one database take turns on to store the first encounter. */
const FIRST_ENCOUNTER_LOCK = 0x66726175; // "frau": beside the migrations' "fray"

export class PostgresStore implements EncounterStore {
  readonly playerLinks: PostgresPlayerLinks;
  readonly rosters: PostgresRosters;
  readonly screens: PostgresScreens;

  private constructor(
    /** The pool of connections every query takes one from (events.ts listens on its own). */
    readonly pool: pg.Pool,
    private readonly now: () => Date,
  ) {
    this.playerLinks = new PostgresPlayerLinks(pool, now);
    this.rosters = new PostgresRosters(pool, now);
    this.screens = new PostgresScreens(pool);
  }

  /** Connects to `url` and brings its tables to this version's schema (created if need be). */
  static async open(url: string, now: () => Date = () => new Date()): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // A connection that fails while idle in the pool is dropped and replaced; without a
    // listener its error would end the process.
    pool.on("error", () => undefined);
    try {
      await migrate(pool, shownAddress(url));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresStore(pool, now);
  }

  async list(): Promise<EncounterListing[]> {
    const { rows } = await this.pool.query<Listed>(`SELECT ${LISTED} FROM encounters ORDER BY id`);
    return rows.map((row) => listingFromRow(row, READ));
  }

  async get(id: number): Promise<EncounterRecord | undefined> {
    const { rows } = await this.pool.query<Row>("SELECT * FROM encounters WHERE id = $1", [id]);
    return rows[0] === undefined ? undefined : fromRow(rows[0]);
  }

  async listing(id: number): Promise<EncounterListing | undefined> {
    const { rows } = await this.pool.query<Listed>(
      `SELECT ${LISTED} FROM encounters WHERE id = $1`,
      [id],
    );
    return rows[0] === undefined ? undefined : listingFromRow(rows[0], READ);
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>("SELECT count(*) AS n FROM encounters");
    return Number(rows[0]?.n ?? 0);
  }

  insert(encounter: NewEncounter): Promise<EncounterRecord> {
    return this.insertWith(this.pool, encounter);
  }

  async insertIfEmpty(make: () => NewEncounter): Promise<EncounterRecord | null> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      // The servers of one database take turns here (a lock held to the end of the
      // transaction), so that the second looks only once the first's insert is committed.
      await client.query("SELECT pg_advisory_xact_lock($1)", [FIRST_ENCOUNTER_LOCK]);
      const { rowCount } = await client.query("SELECT 1 FROM encounters LIMIT 1");
      const stored = rowCount === 0 ? await this.insertWith(client, make()) : null;
      await client.query("COMMIT");
      return stored;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async insertWith(
    db: pg.Pool | pg.PoolClient,
    encounter: NewEncounter,
  ): Promise<EncounterRecord> {
    const { rows } = await db.query<Row>(
      `INSERT INTO encounters (title, ruleset, file, seed, answers, redo, answer_count,
         redo_count, round, outcome, names, branch_of, branch_at, version, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1, $14, $14)
       RETURNING *`,
      [
        encounter.title,
        encounter.ruleset,
        JSON.stringify(encounter.file),
        encounter.seed,
        ...progressParams(encounter),
        encounter.branchOf?.id ?? null,
        encounter.branchOf?.at ?? null,
        this.now(),
      ],
    );
    return fromRow(rows[0]!);
  }

  async update(
    id: number,
    version: number,
    progress: EncounterProgress,
    file?: JsonObject,
  ): Promise<EncounterRecord> {
    const { rows } = await this.pool.query<Row>(
      `UPDATE encounters SET answers = $1, redo = $2, answer_count = $3, redo_count = $4,
         round = $5, outcome = $6, names = $7, file = COALESCE($11, file),
         version = version + 1, updated_at = $8
       WHERE id = $9 AND version = $10
       RETURNING *`,
      [
        ...progressParams(progress),
        this.now(),
        id,
        version,
        file === undefined ? null : JSON.stringify(file),
      ],
    );
    if (rows[0] === undefined) throw changedMeanwhile(id, version);
    return fromRow(rows[0]);
  }

  async updateFile(id: number, version: number, file: JsonObject): Promise<EncounterRecord> {
    const { rows } = await this.pool.query<Row>(
      `UPDATE encounters SET file = $1, version = version + 1, updated_at = $2
       WHERE id = $3 AND version = $4
       RETURNING *`,
      [JSON.stringify(file), this.now(), id, version],
    );
    if (rows[0] === undefined) throw changedMeanwhile(id, version);
    return fromRow(rows[0]);
  }

  /** Its players' links go with it (ON DELETE CASCADE): one statement, both or neither. */
  async remove(id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query("DELETE FROM encounters WHERE id = $1", [id]);
    return rowCount === 1;
  }

  async close(): Promise<void> {
    await this.screens.close();
    await this.pool.end();
  }
}
