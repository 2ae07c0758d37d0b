// Starts the HTTP API on a SQLite database: what `fray serve` runs. An empty database gets the
// demo encounter, so that there is a fight to open.
import { FrayError } from "../core/errors.js";
import { buildApp, type App } from "./app.js";
import { storeDemoIfEmpty } from "./demo.js";
import type { EncounterJson } from "./encounter-json.js";
import { SqliteStore } from "./sqlite-store.js";

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  /** The SQLite database file (created if need be). */
  readonly db: string;
}

export interface RunningServer {
  readonly app: App;
  readonly url: string;
  /** The demo encounter, when this start stored it. */
  readonly demo: EncounterJson | null;
}

function openStore(path: string): SqliteStore {
  try {
    return new SqliteStore(path);
  } catch (error) {
    if (error instanceof FrayError) throw error;
    throw new FrayError(
      `--db ${path}: cannot open the database: ${(error as Error).message}`,
      "--db",
      "give a SQLite file, or a new file in a folder that exists",
    );
  }
}

/** Listens until `app.close()`, which closes the database too. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const store = openStore(options.db);
  const demo = storeDemoIfEmpty(store);
  const app = await buildApp({ store, logErrors: true });
  app.addHook("onClose", () => store.close());
  try {
    const url = await app.listen({ port: options.port, host: options.host });
    return { app, url, demo };
  } catch (error) {
    await app.close();
    throw new FrayError(
      `--host ${options.host} --port ${options.port}: cannot listen: ${(error as Error).message}`,
      "--port",
      "choose another port, or stop what listens on this one",
    );
  }
}
