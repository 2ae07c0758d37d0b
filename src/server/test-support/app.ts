// Test helpers: the app on a SQLite store (in memory, or a file to reopen) with a fixed clock,
// requests through Fastify's inject (no port), and the examples' files.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, vi } from "vitest";
import { buildApp, type App } from "../app.js";
import type { EncounterJson } from "../encounter-json.js";
import { SqliteStore } from "../sqlite-store.js";

export const CLOCK = () => new Date("2026-11-22T03:00:00.000Z");

/** A GM secret for the tests of a server other machines could reach. */
export const GM_SECRET = "the-gm-secret-of-the-tests";

/**
 * The app on a new store at `path` (":memory:" by default); closing the app closes the store.
 * With `gmSecret`, the GM's routes need it (a server on 0.0.0.0); else the local GM is trusted.
 */
export async function testApp(path = ":memory:", gmSecret: string | null = null): Promise<App> {
  const store = new SqliteStore(path, CLOCK);
  const app = await buildApp({ store, gmSecret });
  app.addHook("onClose", () => store.close());
  return app;
}

/**
 * A new app (`testApp()`) before each test of the file, given to `use`, and after it closed and
 * the environment's stubs undone (`vi.stubEnv`: the caps the tests lower).
 */
export function appForEachTest(use: (app: App) => void): void {
  let app: App | undefined;
  beforeEach(async () => {
    app = await testApp();
    use(app);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await app?.close();
    app = undefined;
  });
}

export function examplePath(path: string): string {
  return fileURLToPath(new URL(`../../../examples/${path}`, import.meta.url));
}

export function exampleText(path: string): string {
  return readFileSync(examplePath(path), "utf8");
}

export const TOMBRIL = "cartyrion/tombril-and-the-hill-giant.yaml";

export interface Reply<T> {
  readonly status: number;
  readonly body: T;
}

/**
 * Sends a JSON request (or none), with `credential` as its bearer, and parses the JSON reply. A
 * POST without a body and a GET say they are meant for Fray with the header programs send
 * (request-guard.ts: a GET that starts work needs it), as the console does.
 */
export async function send<T = EncounterJson>(
  app: App,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  credential?: string,
): Promise<Reply<T>> {
  const res = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: {
      ...(credential === undefined ? {} : { authorization: `Bearer ${credential}` }),
      ...(method === "GET" || (payload === undefined && method === "POST")
        ? { "fray-request": "1" }
        : {}),
    },
  });
  return { status: res.statusCode, body: (res.body === "" ? null : res.json()) as T };
}

/** Creates the Tombril example and returns it. */
export async function createTombril(app: App, seed?: number): Promise<EncounterJson> {
  const file = exampleText(TOMBRIL);
  const created = await send(
    app,
    "POST",
    "/encounters",
    seed === undefined ? { file } : { file, seed },
  );
  if (created.status !== 201)
    throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

/** The GM's status line of one combatant: "37/68 SP, 0/30 injuries". */
export function gmStatus(encounter: EncounterJson, id: string): string {
  const view = encounter.views.gm.find((v) => v.id === id);
  if (view === undefined) throw new Error(`no combatant ${id}`);
  return view.status;
}
