// The encounter stores the tests run against (store.test.ts and the tests of several servers on
// one database): SQLite always, in a new file per database; PostgreSQL on the server named by
// FRAY_TEST_PG_URL, a new database on it per test (`eval "$(bash test/postgres.sh)"` starts one).
// Without it the PostgreSQL tests are skipped, saying how to start one; CI (.ci/run) starts one,
// and fails a run that skips any test.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openStore } from "../open-store.js";
import type { EncounterStore } from "../store.js";

export interface StoreBackend {
  readonly name: string;
  /** Why this backend cannot be tested here (and how to make it), or null. */
  readonly unavailable: string | null;
  /** A new empty database: what `fray serve --db` takes. */
  newDatabase(): Promise<string>;
  open(db: string, now: () => Date): Promise<EncounterStore>;
}

export const sqliteBackend: StoreBackend = {
  name: "SQLite",
  unavailable: null,
  newDatabase: () =>
    Promise.resolve(join(mkdtempSync(join(tmpdir(), "fray-store-")), "fray.sqlite")),
  open: openStore,
};

const PG_URL = process.env["FRAY_TEST_PG_URL"];
let databases = 0;

export const postgresBackend: StoreBackend = {
  name: "PostgreSQL",
  unavailable:
    PG_URL === undefined || PG_URL === ""
      ? 'no PostgreSQL to test against: start one with `eval "$(bash test/postgres.sh)"` (it needs Debian\'s postgresql package) or set FRAY_TEST_PG_URL=postgres://user@host/db, then run the tests again'
      : null,
  async newDatabase() {
    const name = `fray_test_${process.pid}_${++databases}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(PG_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  },
  open: openStore,
};

export function storeBackends(): StoreBackend[] {
  return [sqliteBackend, postgresBackend];
}
