// Fights stored before a rules change: a database written by cartyrion 1.0.0, which asked the
// GM's ruling on a surprised combatant's DEX at every blow (test/fixtures/sqlite-cartyrion-1.0.0).
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp, type App } from "./app.js";
import { SqliteStore } from "./sqlite-store.js";
import { CLOCK, send, testApp } from "./test-support/app.js";
import { postgresBackend } from "./test-support/stores.js";

const OLD_DATABASE = new URL(
  "../../test/fixtures/sqlite-cartyrion-1.0.0/forest-road-ambush.sqlite",
  import.meta.url,
);

const opened: App[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

/** A copy of the database cartyrion 1.0.0 wrote. */
function oldDatabase(): string {
  const path = join(mkdtempSync(join(tmpdir(), "fray-older-")), "fray.sqlite");
  copyFileSync(OLD_DATABASE, path);
  return path;
}

/** A server on `path`, by default a copy of the database cartyrion 1.0.0 wrote. */
async function oldServer(path = oldDatabase()): Promise<App> {
  const app = await testApp(path);
  opened.push(app);
  return app;
}

/** The switches of encounter `id`'s file as the database at `path` holds it. */
function storedSwitches(path: string, id: number): unknown {
  const db = new Database(path, { readonly: true });
  const row = db.prepare("SELECT file FROM encounters WHERE id = ?").get(id) as { file: string };
  db.close();
  return (JSON.parse(row.file) as { switches?: unknown }).switches;
}

const READING =
  "played under Fray's cartyrion 1.0.0 reading: the DEX ruling at every blow (switch surprisedDexRuling)";

describe("a fight stored by cartyrion 1.0.0", () => {
  const inPostgres = "in PostgreSQL, opens and plays on under 1.0.0's reading";
  // Skipped, saying how to start PostgreSQL, where it is not running (as the other stores' tests).
  if (postgresBackend.unavailable !== null)
    it.skip(`${inPostgres} (skipped: ${postgresBackend.unavailable})`, () => undefined);
  else
    it(inPostgres, async () => {
      // The old database's record of the ambush in round 1, as a PostgreSQL database keeps it
      // (the same file, seed and answers; the stores hold no version).
      const old = new SqliteStore(oldDatabase(), CLOCK);
      const { id, version, createdAt, updatedAt, ...record } = (await old.get(2))!;
      await old.close();
      expect({ id, version, createdAt, updatedAt }).toMatchObject({ id: 2, version: 1 });
      const store = await postgresBackend.open(await postgresBackend.newDatabase(), CLOCK);
      const stored = await store.insert(record);
      const app = await buildApp({ store });
      app.addHook("onClose", () => store.close());
      opened.push(app);
      const url = `/encounters/${stored.id}`;
      expect((await send(app, "GET", url)).body).toMatchObject({ answers: 16, status: "pending" });
      await send(app, "POST", `${url}/answer`, { choice: "charge:goblin-3:dagger" });
      const ran = await send(app, "POST", `${url}/answer`, { choice: 40 });
      expect(ran.status).toBe(200);
      expect(ran.body.pending).toMatchObject({ actor: "gm", question: "dex-applies" });
      expect((await store.get(stored.id))?.file["switches"]).toEqual({
        surprisedDexRuling: "blow",
      });
    });

  it("opens where it stood, in its surprised round 1, and plays on under 1.0.0's reading, said once", async () => {
    const path = oldDatabase();
    const app = await oldServer(path);
    const opened = await send(app, "GET", "/encounters/2");
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ answers: 16, round: 0, status: "pending" });
    expect(opened.body.pending).toMatchObject({ kind: "decide", actor: "cedryk" });
    // Cedryk charges the goblin skirmisher 40 ft: the GM is asked about its DEX again, as 1.0.0
    // asked at every blow (1.1.0 would hold the first ruling, made at Wren's shot).
    const charged = await send(app, "POST", "/encounters/2/answer", {
      choice: "charge:goblin-3:dagger",
    });
    expect(charged.status).toBe(200);
    // Its file holds the reading from its first change on: an undo past the rulings does not
    // bring it under 1.1.0's, and later replays need no try under it.
    expect(storedSwitches(path, 2)).toEqual({ surprisedDexRuling: "blow" });
    expect(storedSwitches(path, 3)).toBeUndefined();
    const ran = await send(app, "POST", "/encounters/2/answer", { choice: 40 });
    expect(ran.status).toBe(200);
    expect(ran.body.pending).toMatchObject({
      kind: "decide",
      actor: "gm",
      question: "dex-applies",
      prompt: expect.stringContaining("still count against this blow?"),
    });
    const said = (ran.body.explanations as { text: string }[]).filter((e) => e.text === READING);
    expect(said).toHaveLength(1);
    // Stored, and read again as the GM left it.
    const again = await send(app, "GET", "/encounters/2");
    expect(again.body).toMatchObject({ answers: 18, version: 3 });
  });

  it("replays the ended fight to its end, and exports its log, which replays", async () => {
    const app = await oldServer();
    const ended = await send(app, "GET", "/encounters/3");
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ answers: 77, round: 5, status: "over" });
    const log = await app.inject({ method: "GET", url: "/encounters/3/log" });
    expect(log.statusCode).toBe(200);
    const resumed = await send(app, "POST", "/encounters/from-log", { log: log.body });
    expect(resumed.status).toBe(201);
    expect(resumed.body).toMatchObject({ answers: 77, round: 5, status: "over" });
  });

  it("lists a stored fight no reading replays, refuses to open it with a 409 saying why and how out, and exports its log as stored", async () => {
    const path = oldDatabase();
    // Answer 11, the second ruling, edited into a roll: 1.1.0 takes it for Janine's damage and
    // refuses her damage next; 1.0.0's reading refuses the roll itself.
    const db = new Database(path);
    const row = db.prepare("SELECT answers FROM encounters WHERE id = 2").get() as {
      answers: string;
    };
    const answers = JSON.parse(row.answers) as object[];
    answers[10] = { kind: "roll", label: "an edited roll", value: 3 };
    db.prepare("UPDATE encounters SET answers = ? WHERE id = 2").run(JSON.stringify(answers));
    db.close();
    const app = await oldServer(path);
    const listed = await send<{ encounters: { id: number }[] }>(app, "GET", "/encounters");
    expect(listed.status).toBe(200);
    expect(listed.body.encounters.map((e) => e.id)).toEqual([1, 2, 3]);
    const refused = await send(app, "GET", "/encounters/2");
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error:
        "encounter 2 no longer replays with this Fray's rules: answer 12 is a roll (Janine the Pious's damage) but the rules ask party: next",
      where: "encounter 2: answer 12",
      hint: 'export its log (the console\'s "Download the log", or GET /encounters/2/log) and replay it with the Fray that played it (fray replay); nothing of it is lost',
    });
    const log = await app.inject({ method: "GET", url: "/encounters/2/log" });
    expect(log.statusCode).toBe(200);
    const lines = log.body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: "encounter", ruleset: "cartyrion", seed: 1 });
    expect(lines[0]).not.toHaveProperty("rulesetVersion");
    expect(lines.slice(1).map((l) => l["n"])).toEqual(answers.map((_, i) => i + 1));
    expect(lines[11]).toMatchObject({ type: "answer", n: 11, kind: "roll", value: 3 });
  });
});
