// What the server promises about the answers it acknowledges: of 20 answers sent at once against
// the same version exactly one is taken and the others get a 409 (nothing lost, nothing applied
// twice), also when they are split over two server processes on one PostgreSQL database; a
// player following an encounter on one process is told an answer given on the other, and the GM
// on one process sees whether a player's screen is open on the other; and a
// server killed with SIGKILL in the middle of a stream of answers loses none it acknowledged,
// its database intact (SQLite and PostgreSQL). The servers run from the tsc build in child
// processes (a child cannot load TypeScript).
import { spawn } from "node:child_process";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tscBuild } from "../test-support/tsc-build.js";
import type { EncounterJson } from "./encounter-json.js";
import { openStore } from "./open-store.js";
import type { NewPlayerLinkJson } from "./player-links.js";
import type { PlayerStateJson } from "./player-json.js";
import { TOMBRIL, createTombril, exampleText, testApp } from "./test-support/app.js";
import { follow } from "./test-support/sse.js";
import {
  postgresBackend,
  sqliteBackend,
  storeBackends,
  type StoreBackend,
} from "./test-support/stores.js";

async function post<T = EncounterJson>(
  url: string,
  body: object,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

interface Served {
  readonly url: string;
  /** Kills the process with SIGKILL and resolves once it has exited. */
  kill(): Promise<void>;
  /** Stops it as Ctrl-C would (its database closed) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** The server on database `db` (as `fray serve --db` opens it) in a process of its own, from the build, on a free port. */
async function serve(db: string): Promise<Served> {
  const build = tscBuild("server/open-store.js");
  const script = `const { buildApp } = await import(${JSON.stringify(build.url("server/app.js"))});
const { openDatabase } = await import(${JSON.stringify(build.url("server/open-store.js"))});
const { store, events, close } = await openDatabase(${JSON.stringify(db)}, (e) => console.error(e));
const app = await buildApp({ store, events });
app.addHook("onClose", close);
process.once("SIGTERM", () => void app.close());
process.stdout.write(await app.listen({ port: 0, host: "127.0.0.1" }) + "\\n");`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.trim().split("\n")[0]!);
    });
    child.once("exit", () => reject(new Error(`the server did not start: ${out}`)));
  });
  return {
    url,
    kill: () => (child.kill("SIGKILL"), exited),
    stop: () => (child.kill("SIGTERM"), exited),
  };
}

describe("concurrent answers", () => {
  it("takes exactly one of 20 answers sent at once against the same version; the others get 409", async () => {
    const app = await testApp();
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const created = await createTombril(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`${base}/encounters/${created.id}/roll`, { version: created.version }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toMatchObject({
        error: `encounter ${created.id} is at version ${created.version + 1}, not ${created.version}: it changed since`,
      });
    }
    const now = (await (await fetch(`${base}/encounters/${created.id}`)).json()) as EncounterJson;
    expect(now.version).toBe(created.version + 1);
    expect(now.log).toHaveLength(1);
    await app.close();
  });
});

describe.each(storeBackends())(
  "a server on $name killed with SIGKILL during a stream of answers",
  (backend: StoreBackend) => {
    if (backend.unavailable !== null) {
      it.skip(`(skipped: ${backend.unavailable})`, () => undefined);
      return;
    }
    it("loses none of the answers it acknowledged, and its database is intact", async () => {
      const db = await backend.newDatabase();
      const server = await serve(db);
      const base = server.url;

      // A stream of answers: each the next roll or decision of a fight (by Fray's dice or
      // policy), a new fight when one ends; every acknowledged version is remembered.
      const acknowledged = new Map<number, number>();
      const file = exampleText("tnt/duel.yaml");
      let current = (await post(`${base}/encounters`, { file })).body;
      acknowledged.set(current.id, current.version);
      let killed = false;
      const stream = (async () => {
        for (;;) {
          const action =
            current.pending === null
              ? undefined
              : current.pending.kind === "roll"
                ? "roll"
                : "policy";
          const reply =
            action === undefined
              ? await post(`${base}/encounters`, { file })
              : await post(`${base}/encounters/${current.id}/${action}`, {
                  version: current.version,
                });
          current = reply.body;
          acknowledged.set(current.id, current.version);
        }
      })().catch(() => {
        // The connection refused or reset once the server is killed: the stream ends.
        expect(killed).toBe(true);
      });
      for (
        let waited = 0;
        [...acknowledged.values()].reduce((a, b) => a + b, 0) < 60;
        waited += 10
      ) {
        if (waited > 60_000) throw new Error("the stream did not get 60 answers acknowledged");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      killed = true;
      await server.kill();
      await stream;

      if (backend === sqliteBackend) {
        const check = new Database(db);
        expect(check.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
        check.close();
      }
      const store = await openStore(db);
      for (const [id, version] of acknowledged) {
        const record = await store.get(id);
        expect(record, `encounter ${id}`).toBeDefined();
        // The answer in flight when the server was killed may have been stored unacknowledged.
        expect(record!.version - version, `encounter ${id}`).toBeGreaterThanOrEqual(0);
        expect(record!.version - version, `encounter ${id}`).toBeLessThanOrEqual(1);
        expect(record!.answers.length + record!.redo.length).toBe(record!.version - 1);
      }
      await store.close();
    });
  },
);

const onPostgres = postgresBackend.unavailable === null ? describe : describe.skip;

onPostgres("two server processes on one PostgreSQL database", () => {
  // The two processes are started once, together, for the three tests (each on an encounter of
  // its own): a server process loads the whole build, seconds of a core each.
  let servers: Served[] = [];
  beforeAll(async () => {
    const db = await postgresBackend.newDatabase();
    servers = await Promise.all([serve(db), serve(db)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  const twoServers = (): [string, string] => [servers[0]!.url, servers[1]!.url];

  it("take exactly one of 20 answers split over both against the same version; the others get 409", async () => {
    const [a, b] = twoServers();
    const created = (await post(`${a}/encounters`, { file: exampleText(TOMBRIL) })).body;
    const { id, version } = created;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(`${i % 2 === 0 ? a : b}/encounters/${id}/roll`, { version }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const refused of answers.filter((r) => r.status === 409)) {
      // Refused before its change (the version read is already old), or by the store (another
      // process stored first, between its read and its write).
      expect((refused.body as unknown as { error: string }).error).toMatch(
        new RegExp(
          `^encounter ${id} (is at version ${version + 1}, not ${version}: it changed since|changed while this request ran \\(it was at version ${version}\\))$`,
        ),
      );
    }
    for (const server of [a, b]) {
      const now = (await (await fetch(`${server}/encounters/${id}`)).json()) as EncounterJson;
      expect(now.version).toBe(version + 1);
      expect(now.log).toHaveLength(1);
    }
  });

  it("tell a player following on one process the answer given on the other", async () => {
    const [a, b] = twoServers();
    const created = (await post(`${a}/encounters`, { file: exampleText(TOMBRIL) })).body;
    const side = created.sides[0]!.id;
    const anna = (
      await post<NewPlayerLinkJson>(`${a}/encounters/${created.id}/players`, {
        name: "Anna",
        side,
      })
    ).body;
    const { followed } = await follow(`${b}/player/events`, anna.token);
    const first = await followed!.next((e) => e.type === "state");
    expect(first.id).toBe(String(created.version));
    const rolled = await post(`${a}/encounters/${created.id}/roll`, { version: created.version });
    expect(rolled.status).toBe(200);
    const told = await followed!.next((e) => e.type === "state" && e.id !== first.id, 30_000);
    expect(told.id).toBe(String(rolled.body.version));
    expect((told.data as PlayerStateJson).version).toBe(rolled.body.version);
    followed!.close();
  });

  it("show the GM on one process that a player's screen is open on the other, and then closed", async () => {
    const [a, b] = twoServers();
    const created = (await post(`${a}/encounters`, { file: exampleText(TOMBRIL) })).body;
    const anna = (
      await post<NewPlayerLinkJson>(`${a}/encounters/${created.id}/players`, {
        name: "Anna",
        side: created.sides[0]!.id,
      })
    ).body;
    const { followed: gm } = await follow(`${a}/encounters/${created.id}/events`);
    const connected = (e: { type: string; data: unknown }) =>
      (e.data as { players: { name: string; connected: boolean }[] }).players.find(
        (p) => p.name === "Anna",
      )?.connected;
    expect(connected(await gm!.next((e) => e.type === "players"))).toBe(false);
    // Anna opens her screen on the other process: the GM's page is told she is there.
    const { followed: phone } = await follow(`${b}/player/events`, anna.token);
    await phone!.next((e) => e.type === "state");
    await gm!.next((e) => e.type === "players" && connected(e) === true, 30_000);
    const listed = (await (await fetch(`${a}/encounters/${created.id}/players`)).json()) as {
      players: { connected: boolean }[];
    };
    expect(listed.players.map((p) => p.connected)).toEqual([true]);
    // She closes it: the GM's page is told she left.
    phone!.close();
    await gm!.next((e) => e.type === "players" && connected(e) === false, 30_000);
    gm!.close();
  });
});
