// The encounter stores the tests run against (store.test.ts and the HTTP tests that store): SQLite
// always, in a new file per database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteStore } from "../sqlite-store.js";
import type { EncounterStore } from "../store.js";

export interface StoreBackend {
  readonly name: string;
  /** A new empty database: what `fray serve --db` takes. */
  newDatabase(): Promise<string>;
  open(db: string, now: () => Date): Promise<EncounterStore>;
}

const sqlite: StoreBackend = {
  name: "SQLite",
  newDatabase: () =>
    Promise.resolve(join(mkdtempSync(join(tmpdir(), "fray-store-")), "fray.sqlite")),
  open: (db, now) => Promise.resolve(new SqliteStore(db, now)),
};

export function storeBackends(): StoreBackend[] {
  return [sqlite];
}
