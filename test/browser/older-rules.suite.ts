// A GM who upgrades Fray mid-campaign: the console on a database written by cartyrion 1.0.0
// (test/fixtures/sqlite-cartyrion-1.0.0), whose fights Fray at 1a5d078 refused to open.
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/server/start.js";
import { ACTION_TIMEOUT_MS, shoot, theBrowser, LAPTOP } from "./support.js";
import "./each-file.js";

const OLD_DATABASE = new URL(
  "../fixtures/sqlite-cartyrion-1.0.0/forest-road-ambush.sqlite",
  import.meta.url,
);

/** A server on a copy of the old database, `edit`ed first; its GM's page, and what it stored. */
async function oldConsole(edit?: (db: Database.Database) => void) {
  const db = join(mkdtempSync(join(tmpdir(), "fray-older-")), "fray.sqlite");
  copyFileSync(OLD_DATABASE, db);
  if (edit !== undefined) {
    const open = new Database(db);
    edit(open);
    open.close();
  }
  const jobLimits = { threads: 1, queue: 1, timeMs: 60_000, memoryMb: 256 };
  const server: RunningServer = await startServer({ port: 0, host: "127.0.0.1", db, jobLimits });
  const context = await theBrowser().newContext({ viewport: LAPTOP });
  const page = await context.newPage();
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const answers = async (id: number) =>
    ((await (await fetch(`${server.url}/encounters/${id}`)).json()) as { answers: number }).answers;
  const close = async () => {
    await context.close();
    await server.app.close();
  };
  return { server, page, answers, close };
}

describe("a fight stored by cartyrion 1.0.0", () => {
  it("opens in the console, in its surprised round 1, and takes the next answer", async () => {
    const { server, page, answers, close } = await oldConsole();
    try {
      await page.goto(`${server.url}/#/encounters/2`);
      await expect
        .poll(() => page.locator("h1").textContent())
        .toContain("Ambush on the forest road");
      const charge = page.locator("button.choice", {
        hasText: "charge Goblin skirmisher with the dagger",
      });
      await charge.click();
      await expect.poll(() => answers(2)).toBe(17);
      expect(await shoot(page, "older-rules-opened")).toEqual({
        "older-rules-opened at 1280x800": 0,
        "older-rules-opened at 390x844": 0,
      });
    } finally {
      await close();
    }
  });

  it("a stored fight no reading replays says why, and its log downloads from the page", async () => {
    // Answer 11, the second ruling on a surprised goblin's DEX, edited into a roll.
    const { server, page, close } = await oldConsole((db) => {
      const row = db.prepare("SELECT answers FROM encounters WHERE id = 2").get() as {
        answers: string;
      };
      const answers = JSON.parse(row.answers) as object[];
      answers[10] = { kind: "roll", label: "an edited roll", value: 3 };
      db.prepare("UPDATE encounters SET answers = ? WHERE id = 2").run(JSON.stringify(answers));
    });
    try {
      await page.goto(`${server.url}/#/encounters/2`);
      const alert = page.getByRole("alert");
      await expect
        .poll(() => alert.textContent())
        .toContain("encounter 2 no longer replays with this Fray's rules");
      expect(await alert.textContent()).toContain(
        'export its log (the console\'s "Download the log"',
      );
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download the log (JSON lines)" }).click(),
      ]);
      const lines = readFileSync(await download.path(), "utf8")
        .trim()
        .split("\n");
      expect(JSON.parse(lines[0]!)).toMatchObject({ type: "encounter", ruleset: "cartyrion" });
      expect(lines).toHaveLength(17);
      expect(await shoot(page, "older-rules-refused")).toEqual({
        "older-rules-refused at 1280x800": 0,
        "older-rules-refused at 390x844": 0,
      });
    } finally {
      await close();
    }
  });
});
