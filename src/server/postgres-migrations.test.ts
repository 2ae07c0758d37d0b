// The PostgreSQL store's migrations: a database of schema 1 (encounters only, before the players'
// links and the counts the list reads) is upgraded when a server opens it, its encounters kept
// and counted; one of a newer Fray is refused.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ConflictError } from "./errors.js";
import { MIGRATIONS, migrate } from "./postgres-migrations.js";
import { CLOCK } from "./test-support/app.js";
import { postgresBackend as backend } from "./test-support/stores.js";

const tested = backend.unavailable === null ? describe : describe.skip;

tested("the PostgreSQL store's migrations", () => {
  it("upgrades a database of schema 1 to this one, keeping its encounters", async () => {
    const db = await backend.newDatabase();
    const pool = new pg.Pool({ connectionString: db });
    expect(await migrate(pool, db, 1)).toBe(0);
    await pool.query(
      `INSERT INTO encounters (title, ruleset, file, seed, answers, redo, round, outcome,
         branch_of, branch_at, version, created_at, updated_at)
       VALUES ('old fight', 'tnt', '{"title": "old fight", "combatants": [{"id": "grub", "name": "Grub"}, {"id": "kell"}]}', 7, '[{"kind": "roll"}, {"kind": "roll"}]',
         '[{"kind": "roll"}]', 0, NULL, NULL, NULL,
         1, '2026-01-02T03:04:05.000Z', '2026-01-02T03:04:05.000Z')`,
    );
    await pool.end();

    const store = await backend.open(db, CLOCK);
    try {
      const [listed] = await store.list();
      // Schema 5 counts the answers and the redo of the encounters stored before it.
      expect(listed).toMatchObject({ title: "old fight", answerCount: 2, redoCount: 1 });
      // Schema 6 lists the names of their combatants, which the console's list finds them by.
      expect(listed).toMatchObject({ names: ["Grub", "kell"] });
      const old = await store.get(listed!.id);
      expect(old).toMatchObject({
        title: "old fight",
        file: { title: "old fight", combatants: [{ id: "grub", name: "Grub" }, { id: "kell" }] },
        seed: 7,
        version: 1,
        createdAt: "2026-01-02T03:04:05.000Z",
      });
      const link = await store.playerLinks.insert({
        encounterId: old!.id,
        tokenHash: "a".repeat(64),
        name: "Anna",
        side: "party",
        combatants: null,
      });
      expect(await store.playerLinks.list(old!.id)).toEqual([link]);
    } finally {
      await store.close();
    }
    const check = new pg.Client({ connectionString: db });
    await check.connect();
    const { rows } = await check.query("SELECT version FROM fray_schema");
    await check.end();
    expect(rows).toEqual([{ version: MIGRATIONS.length }]);
  });

  it("lists the late arrivals of a database of schema 7 as soon as it opens it, not after the fight's next answer", async () => {
    // As a Fray of schema 7 wrote them before the names were the fight's: its file's alone, the
    // Ogre its answers brought in left out until the fight's next answer (Gorbag, taken back by
    // undo, waits in the redo stack: not in the fight).
    const db = await backend.newDatabase();
    const pool = new pg.Pool({ connectionString: db });
    await migrate(pool, db, 7);
    const arrival = (id: string, name: string) => ({
      kind: "gm",
      change: { op: "add-combatant", combatant: { id, name, side: "opponents", level: 4 } },
    });
    const row = async (title: string, answers: unknown[], redo: unknown[]) =>
      pool.query(
        `INSERT INTO encounters (title, ruleset, file, seed, answers, redo, answer_count,
           redo_count, names, round, outcome, branch_of, branch_at, version, created_at,
           updated_at)
         VALUES ($1, 'cartyrion', $2, 7, $3, $4, $5, $6, '["Tombril", "Hill Giant"]', 0, NULL,
           NULL, NULL, 2, '2026-01-02T03:04:05.000Z', '2026-01-02T03:04:05.000Z')`,
        [
          title,
          JSON.stringify({
            combatants: [
              { id: "tombril", name: "Tombril" },
              { id: "giant", name: "Hill Giant" },
            ],
          }),
          JSON.stringify(answers),
          JSON.stringify(redo),
          answers.length,
          redo.length,
        ],
      );
    await row(
      "with an ogre",
      [{ kind: "roll" }, arrival("ogre", "Ogre")],
      [arrival("gorbag", "Gorbag")],
    );
    await row("without", [{ kind: "roll" }], []);
    await pool.end();

    const store = await backend.open(db, CLOCK);
    try {
      const listed = await store.list();
      expect(listed.map((e) => [e.title, e.names])).toEqual([
        ["with an ogre", ["Tombril", "Hill Giant", "Ogre"]],
        ["without", ["Tombril", "Hill Giant"]],
      ]);
      expect((await store.get(listed[0]!.id))?.names).toEqual(["Tombril", "Hill Giant", "Ogre"]);
    } finally {
      await store.close();
    }
  });

  it("refuses a database of a newer Fray, leaving it as it is", async () => {
    const db = await backend.newDatabase();
    const pool = new pg.Pool({ connectionString: db });
    await migrate(pool, db);
    await pool.query("UPDATE fray_schema SET version = 99");
    await pool.end();
    const opening = backend.open(db, CLOCK);
    await expect(opening).rejects.toThrow(ConflictError);
    await expect(opening).rejects.toThrow(
      `the database was written by a newer Fray (schema 99, this one knows ${MIGRATIONS.length})`,
    );
  });
});

if (backend.unavailable !== null) {
  describe("the PostgreSQL store's migrations", () => {
    it.skip(`(skipped: ${backend.unavailable})`, () => undefined);
  });
}
