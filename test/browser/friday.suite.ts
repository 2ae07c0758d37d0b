// A Friday session rehearsed from a fresh clone (docs/console.md, "A Friday session, rehearsed"):
// what a GM following the README met between the quick start and the table. The players' links
// of the quick start's server (loopback) open on no phone, and the panel says so and what to do;
// the GM's page, on a server other machines reach, goes on after Ctrl-C and a start again on the
// same database, where a new GM secret at each start refused it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "../../src/server/start.js";
import { ACTION_TIMEOUT_MS, done, open, shoot, theBrowser, LAPTOP } from "./support.js";
import "./each-file.js";

describe("a Friday session from a fresh clone", () => {
  it("on the quick start's server, a player's link says no phone can open it, and how to serve them", async () => {
    const page = await open("#/encounters/1");
    await page.getByRole("button", { name: /^Players/ }).click();
    const panel = page.getByRole("region", { name: "players" });
    await panel.getByLabel("Player's name").fill("Anna");
    await panel.getByLabel("Tombril", { exact: true }).check();
    await panel.getByRole("button", { name: "Make a link" }).click();
    const link = panel.getByRole("textbox", { name: "Anna's link" });
    await expect.poll(() => link.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/play\/fp_/);
    const warning = panel.getByText("This server answers this machine only (127.0.0.1)");
    await expect
      .poll(() => warning.textContent())
      .toContain(
        "no phone can open this link. Stop it (Ctrl-C), start it with fray serve --host 0.0.0.0",
      );
    // Above the link and its QR code, on the first screen of a laptop: read before a phone scans.
    const box = (await warning.boundingBox())!;
    const qr = (await panel.getByRole("img", { name: "Anna's link as a QR code" }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(qr.y);
    expect(box.y + box.height).toBeLessThanOrEqual(LAPTOP.height);
    expect(await shoot(page, "friday-loopback-link", warning)).toEqual({
      "friday-loopback-link at 1280x800": 0,
      "friday-loopback-link at 390x844": 0,
    });
    await page.keyboard.press("Escape");
    await done(page);
  });

  it("on --host 0.0.0.0, a page opened at the machine's network address logs no console error", async () => {
    // The rehearsal's phones opened http://192.0.2.2:port: each page load logged that the
    // Cross-Origin-Opener-Policy header was ignored (browsers honour it on https and loopback
    // only), an error in the console of every phone and of the GM's page.
    const db = join(mkdtempSync(join(tmpdir(), "fray-friday-")), "fray.sqlite");
    const jobLimits = { threads: 1, queue: 1, timeMs: 60_000, memoryMb: 256 };
    const server = await startServer({ port: 0, host: "0.0.0.0", db, jobLimits });
    const context = await theBrowser().newContext({ viewport: LAPTOP });
    try {
      const gmLink = server.gmLinks?.find((l) => !/^http:\/\/(127\.|localhost|\[::1\])/.test(l));
      expect(gmLink, `a network address among ${server.gmLinks?.join(", ")}`).toBeDefined();
      const page = await context.newPage();
      page.setDefaultTimeout(ACTION_TIMEOUT_MS);
      const errors: string[] = [];
      page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
      page.on("pageerror", (e) => void errors.push(e.message));
      await page.goto(gmLink!);
      await page.getByRole("link", { name: "Tombril and the Hill Giant" }).click();
      await expect.poll(() => page.getByRole("button", { name: /Fray rolls/ }).count()).toBe(1);
      await page.reload();
      await expect.poll(() => page.getByRole("button", { name: /Fray rolls/ }).count()).toBe(1);
      expect(errors, errors.join("\n")).toEqual([]);
      // On this machine's loopback name, where browsers honour it, the header is still sent.
      const port = new URL(server.url).port;
      const headers = async (host: string) => (await fetch(`http://${host}:${port}/`)).headers;
      expect((await headers("127.0.0.1")).get("cross-origin-opener-policy")).toBe("same-origin");
      expect((await headers(new URL(gmLink!).hostname)).get("cross-origin-opener-policy")).toBe(
        null,
      );
    } finally {
      await context.close();
      await server.app.close();
    }
  });

  it("on --host 0.0.0.0, the GM's page goes on after Ctrl-C and a start again on the same database", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "fray-friday-")), "fray.sqlite");
    const jobLimits = { threads: 1, queue: 1, timeMs: 60_000, memoryMb: 256 };
    const first = await startServer({ port: 0, host: "0.0.0.0", db, jobLimits });
    const hash = new URL(first.gmLinks![0]!).hash;
    const port = new URL(first.url).port;
    const secret = decodeURIComponent(hash.replace("#/gm/", ""));
    const answers = async () => {
      const reply = await fetch(`http://127.0.0.1:${port}/encounters/1`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      return ((await reply.json()) as { answers: number }).answers;
    };
    const context = await theBrowser().newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    try {
      // The GM opens the printed link once; the page keeps the secret and opens the demo fight.
      await page.goto(`http://127.0.0.1:${port}/${hash}`);
      await page.getByRole("link", { name: "Tombril and the Hill Giant" }).click();
      await page.getByRole("button", { name: /Fray rolls/ }).click();
      await expect.poll(answers).toBe(1);
      await first.app.close();
      const again = await startServer({ port: Number(port), host: "0.0.0.0", db, jobLimits });
      try {
        expect(again.gmLinks![0]).toBe(first.gmLinks![0]);
        await page.reload();
        await expect
          .poll(() => page.getByRole("heading", { level: 1 }).textContent())
          .toContain("Tombril and the Hill Giant");
        expect(await page.getByText("not the GM's secret").count()).toBe(0);
        await page.getByRole("button", { name: /Undo the last decision/ }).click();
        await expect.poll(() => page.getByText(/^Took back:/).count()).toBe(1);
        expect(await answers()).toBe(0);
      } finally {
        await again.app.close();
      }
    } finally {
      await context.close();
    }
  });
});
