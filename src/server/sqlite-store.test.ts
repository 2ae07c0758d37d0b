// The SQLite store's own promises beside the conformance suite's (store.test.ts): a database of
// schema 3 gets the counts and the names the encounters' list reads, worked out from its answers
// and its file, and the list
// reads the index of its columns, never a row's answers or file.
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterEach, describe, expect, it } from "vitest";
import { LIST_QUERY, SCHEMA_VERSION, SqliteStore } from "./sqlite-store.js";
import { CLOCK } from "./test-support/app.js";

const newPath = () => join(mkdtempSync(join(tmpdir(), "fray-sqlite-")), "fray.sqlite");
const opened: SqliteStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

describe("the SQLite store", () => {
  it("counts the answers of a database of schema 3 once, when it opens it", async () => {
    const path = newPath();
    const old = new Database(path);
    old.exec(`CREATE TABLE encounters (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
      ruleset TEXT NOT NULL, file TEXT NOT NULL, seed INTEGER NOT NULL, answers TEXT NOT NULL,
      redo TEXT NOT NULL, round INTEGER NOT NULL, outcome TEXT, branch_of INTEGER, branch_at INTEGER,
      version INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    old
      .prepare(
        `INSERT INTO encounters (title, ruleset, file, seed, answers, redo, round, outcome,
           branch_of, branch_at, version, created_at, updated_at)
         VALUES ('old fight', 'tnt', ?, 7, ?, ?, 1, NULL, NULL, NULL, 4, 'then', 'now')`,
      )
      .run(
        JSON.stringify({ combatants: [{ id: "grub", name: "Grub" }, { id: "kell" }] }),
        JSON.stringify([{ kind: "roll" }, { kind: "roll" }, { kind: "decide" }]),
        "[1]",
      );
    old.pragma("user_version = 3");
    old.close();

    const store = new SqliteStore(path, CLOCK);
    opened.push(store);
    const [listed] = await store.list();
    expect(listed).toEqual({
      id: 1,
      title: "old fight",
      ruleset: "tnt",
      round: 1,
      outcome: null,
      branchOf: null,
      version: 4,
      createdAt: "then",
      updatedAt: "now",
      answerCount: 3,
      redoCount: 1,
      // Schema 5: the names the list finds a fight by, read once from the file.
      names: ["Grub", "kell"],
    });
    const check = new Database(path, { readonly: true });
    const plan = check.prepare(`EXPLAIN QUERY PLAN ${LIST_QUERY}`).all() as { detail: string }[];
    expect(plan.map((p) => p.detail)).toEqual([
      "SCAN encounters USING COVERING INDEX encounters_listed",
    ]);
    expect(check.prepare("PRAGMA user_version").get()).toMatchObject({
      user_version: SCHEMA_VERSION,
    });
    check.close();
  });

  it("lists the late arrivals of a database of schema 5 as soon as it opens it, not after the fight's next answer", async () => {
    // Written by the old code (test/fixtures/sqlite-schema-5/README.md): its names were its
    // files' alone, and the list found Tombril's fight by the Ogre only once it went on.
    const path = newPath();
    copyFileSync(
      new URL("../../test/fixtures/sqlite-schema-5/late-arrivals.sqlite", import.meta.url),
      path,
    );
    const store = new SqliteStore(path, CLOCK);
    opened.push(store);
    const listed = await store.list();
    expect(listed.map((e) => [e.id, e.names, e.answerCount, e.redoCount])).toEqual([
      [1, ["Tombril", "Hill Giant", "Ogre"], 1, 0],
      // Gorbag, taken back by undo, waits in the redo stack: not in the fight.
      [2, ["Chip Calhoon", "Grub", "Snaga", "Ugluk", "Uglak"], 1, 1],
    ]);
    // The record agrees with its listing, and the database is at this schema.
    expect((await store.get(2))?.names).toEqual(listed[1]!.names);
    await store.close();
    opened.splice(0);
    const check = new Database(path, { readonly: true });
    expect(check.prepare("PRAGMA user_version").get()).toMatchObject({
      user_version: SCHEMA_VERSION,
    });
    check.close();
  });

  it("lists the encounters from the index of the list's columns, without reading their answers", async () => {
    const path = newPath();
    const store = new SqliteStore(path, CLOCK);
    opened.push(store);
    const { id } = await store.insert({
      title: "a fight",
      ruleset: "tnt",
      file: { title: "a fight" },
      seed: 1,
      answers: [{ kind: "roll", label: "initiative", value: 5, by: "table" }],
      redo: [],
      round: 0,
      outcome: null,
      names: [],
      branchOf: null,
    });
    const other = new Database(path);
    const plan = other.prepare(`EXPLAIN QUERY PLAN ${LIST_QUERY}`).all() as { detail: string }[];
    expect(plan.map((p) => p.detail)).toEqual([
      "SCAN encounters USING COVERING INDEX encounters_listed",
    ]);
    // Answers that are not JSON any more would stop a list that read them.
    other.prepare("UPDATE encounters SET answers = 'not JSON', file = 'nor this'").run();
    other.close();
    expect(await store.list()).toMatchObject([{ id, title: "a fight", answerCount: 1 }]);
  });
});
