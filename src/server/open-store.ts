// Opens the store `--db` names: a PostgreSQL database (`postgres://user@host/db`) or a SQLite file
// (created if need be), with a clear error when it cannot; and where its changes are published:
// across processes on PostgreSQL (postgres-events.ts), in this one on SQLite.
import { FrayError } from "../core/errors.js";
import { isPostgresAddress, PostgresStore, shownAddress } from "./postgres-store.js";
import { SqliteStore } from "./sqlite-store.js";
import { LocalEvents, type EncounterEvents } from "./events.js";
import { PostgresEvents } from "./postgres-events.js";
import type { EncounterStore } from "./store.js";

export interface OpenedDatabase {
  readonly store: EncounterStore;
  readonly events: EncounterEvents;
  /** Stops listening for the other processes' events, then closes the store. */
  close(): Promise<void>;
}

/** The store `db` names and its events; `failed` is told what goes wrong with the events. */
export async function openDatabase(
  db: string,
  failed: (error: unknown) => void,
): Promise<OpenedDatabase> {
  const store = await openStore(db);
  if (!(store instanceof PostgresStore)) {
    return { store, events: new LocalEvents(), close: () => store.close() };
  }
  try {
    const events = await PostgresEvents.start(db, store.pool, failed);
    return {
      store,
      events,
      close: async () => {
        await events.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

export async function openStore(
  db: string,
  now: () => Date = () => new Date(),
): Promise<EncounterStore> {
  const postgres = isPostgresAddress(db);
  try {
    return postgres ? await PostgresStore.open(db, now) : new SqliteStore(db, now);
  } catch (error) {
    if (error instanceof FrayError) throw error;
    const message = (error as Error).message;
    throw postgres
      ? new FrayError(
          `--db ${shownAddress(db)}: cannot open the database: ${message}`,
          "--db",
          "check that PostgreSQL runs there and that the user may connect and create tables (postgres://user:password@host:5432/db)",
        )
      : new FrayError(
          `--db ${db}: cannot open the database: ${message}`,
          "--db",
          "give a SQLite file, or a new file in a folder that exists",
        );
  }
}
