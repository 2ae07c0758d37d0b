// What the server promises about the answers it acknowledges: of 20 answers sent at once against
// the same version exactly one is taken and the others get a 409 (nothing lost, nothing applied
// twice); and a server killed with SIGKILL in the middle of a stream of answers loses none it
// acknowledged, its database intact. The second runs the server from the tsc build in a child
// process (a worker thread or a child cannot load TypeScript).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { describe, expect, it } from "vitest";
import { tscBuild } from "../test-support/tsc-build.js";
import type { EncounterJson } from "./encounter-json.js";
import { SqliteStore } from "./sqlite-store.js";
import { createTombril, exampleText, testApp } from "./test-support/app.js";

async function post(url: string, body: object): Promise<{ status: number; body: EncounterJson }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as EncounterJson };
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

describe("a server killed with SIGKILL during a stream of answers", () => {
  it("loses none of the answers it acknowledged, and its database is intact", async () => {
    const build = tscBuild("server/app.js");
    const db = join(mkdtempSync(join(tmpdir(), "fray-kill-")), "fights.sqlite");
    const script = `const { buildApp } = await import(${JSON.stringify(build.url("server/app.js"))});
const { SqliteStore } = await import(${JSON.stringify(build.url("server/sqlite-store.js"))});
const app = await buildApp({ store: new SqliteStore(${JSON.stringify(db)}) });
process.stdout.write(await app.listen({ port: 0, host: "127.0.0.1" }) + "\\n");`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const base = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolve(out.trim());
      });
      child.once("exit", () => reject(new Error(`the server did not start: ${out}`)));
    });

    // A stream of answers: each the next roll or decision of a fight (by Fray's dice or policy),
    // a new fight when one ends; every acknowledged version is remembered.
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
    for (let waited = 0; [...acknowledged.values()].reduce((a, b) => a + b, 0) < 60; waited += 10) {
      if (waited > 60_000) throw new Error("the stream did not get 60 answers acknowledged");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    killed = true;
    child.kill("SIGKILL");
    await exited;
    await stream;

    const check = new Database(db);
    expect(check.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
    check.close();
    const store = new SqliteStore(db);
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
});
