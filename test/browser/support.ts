// What the console's browser tests share: one server on a new SQLite file for each test file
// (test/browser/*.suite.ts; each-file.ts starts and stops it) and one Chromium for the test
// files of a fork, pages opened on it, requests to the API as a script would send them, the
// accessibility check (axe-core) and the screenshots of the main screens for people to look at
// (test/browser/screenshots/).
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import axe from "axe-core";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "playwright-core";
import { CONSOLE_DIR } from "../../src/server/console-routes.js";
import { DEFAULT_JOB_LIMITS, startJobs, type ServerJobs } from "../../src/server/jobs.js";
import { startServer, type RunningServer } from "../../src/server/start.js";
import { expect } from "vitest";
import { CHROMIUM } from "../browser-tests.js";

export const SCREENSHOTS = new URL("./screenshots/", import.meta.url);

/**
 * The jobs' worker module of the build (`npm run build`): the server runs from the TypeScript
 * sources, whose jobs would otherwise run on the thread that answers requests.
 */
const JOB_WORKER = new URL("../../dist/server/job-worker.js", import.meta.url);

/**
 * How long a Playwright call on a page (a click, a fill, a select) waits for its element before it
 * fails. A failing call waits this long and no longer; one that holds returns at once. 20 s was
 * too short on the shared machine: at load 24 the builder's form after a ruleset was picked took
 * longer to draw (screens.suite, 2026-11-29), no check of it failing. Timings are not the claim.
 */
export const ACTION_TIMEOUT_MS = 60_000;

/** The screens' sizes: a laptop, a tablet held upright, and a phone. */
export const LAPTOP = { width: 1280, height: 800 };
export const TABLET = { width: 820, height: 1180 };
export const PHONE = { width: 390, height: 844 };

let server: RunningServer | undefined;
let browser: Browser | undefined;
/**
 * The job runner of the fork's servers, one after another: a job thread's first job loads the
 * build (about a second of a core), so the files of a fork share its threads, as they share
 * Chromium. A file that leaves a job running closes it (its server's jobs stopped, as a server's
 * close stops its own), and the next file starts another.
 */
let jobs: ServerJobs | undefined;

export async function startConsole(): Promise<void> {
  if (!existsSync(join(CONSOLE_DIR, "index.html"))) {
    throw new Error(`${CONSOLE_DIR} is missing: run \`npm run build\` first`);
  }
  if (!existsSync(fileURLToPath(JOB_WORKER))) {
    throw new Error(`${fileURLToPath(JOB_WORKER)} is missing: run \`npm run build\` first`);
  }
  const db = join(mkdtempSync(join(tmpdir(), "fray-console-")), "fray.sqlite");
  // Heavy work on worker threads, as fray serve runs it: the page goes on being answered while
  // the whole fight's odds are worked out, and cancelling them stops their thread.
  jobs ??= startJobs({ ...DEFAULT_JOB_LIMITS, timeMs: 600_000 }, JOB_WORKER);
  server = await startServer({ port: 0, host: "127.0.0.1", db, jobs });
  // Chromium is launched once for the test files of a fork (the "browser" project shares a fork's
  // modules, vitest.config.ts): a launch costs seconds of a core, a page's context a fraction of
  // one, and every test opens its pages in contexts of their own. It goes with the fork: Playwright
  // closes it when the process ends.
  browser ??= await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // V8's optimizing compilers (Maglev, TurboFan) off in the pages: each test's page runs
      // the console for seconds, not long enough for the optimized code to repay compiling it
      // (about a tenth of the renderers' CPU; docs/benchmarks.md, "The test suite").
      "--js-flags=--no-opt --no-maglev",
    ],
  });
}

/**
 * Closes the file's server, and the pages a test left open on it (the next file starts with
 * Chromium as launched), and the job runner if a job still runs on it.
 */
export async function stopConsole(): Promise<void> {
  idle = undefined;
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  if (jobs !== undefined && jobs.busy > 0) {
    await jobs.close();
    jobs = undefined;
  }
  await server?.app.close();
  server = undefined;
}

export function serverUrl(): string {
  if (server === undefined) throw new Error("startConsole() first");
  return server.url;
}

export function theBrowser(): Browser {
  if (browser === undefined) throw new Error("startConsole() first");
  return browser;
}

/** A phone's page, in a context of its own: touch, no hover, ACTION_TIMEOUT_MS for each call. */
export async function phoneContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await theBrowser().newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return { context, page };
}

/** The GM's page a test of this file was done with (`done`), to be opened again by `open`. */
let idle: Page | undefined;

/** A GM's route of the console that `open` may reach inside the app: an encounter's, or the list. */
const GM_ROUTE = /^(?:#\/encounters\/\d+|#\/)$/;

/**
 * A page at the console's `hash` (`#/encounters/1`), laptop-sized unless told. An encounter's
 * page or the list ("" or "#/") is opened on the GM's page the last test was `done` with, as a
 * GM goes from one to the other, by the console's own navigation: the app leaves the page it
 * was on and mounts the new one. A new page is a renderer process loading and starting the
 * console, about three times the CPU of that navigation (docs/benchmarks.md, "The test suite");
 * the other routes (a player's screen, the builder) and a page of the route already shown
 * get a new page in a context of its own.
 */
export async function open(hash: string, viewport = LAPTOP): Promise<Page> {
  const route = hash === "" ? "#/" : hash;
  const reused = idle;
  idle = undefined;
  if (reused !== undefined) {
    if (GM_ROUTE.test(route) && (new URL(reused.url()).hash || "#/") !== route) {
      await reused.setViewportSize(viewport);
      // The hash changes at once, the page a render later: until the app has left the page it
      // was on (its <main> gone), a locator could find the last encounter's buttons.
      const left = await reused.$("main");
      await reused.goto(`${serverUrl()}/${route}`);
      if (left !== null) {
        await reused.waitForFunction((main) => !main.isConnected, left);
        await left.dispose();
      }
      return reused;
    }
    await reused.close();
  }
  const page = await theBrowser().newPage({ viewport });
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  await page.goto(`${serverUrl()}/${hash}`);
  return page;
}

/**
 * The test is done with `page`, a GM's page from `open` with no route, dialog handler or
 * script of the test's own left on it: the next `open` of this file may go on with it, else
 * it is closed with the file's others.
 */
export async function done(page: Page): Promise<void> {
  if (idle !== undefined && idle !== page) await idle.close();
  idle = page;
}

/** The status line of a combatant's card. */
export const statusOf = (page: Page, id: string) =>
  page.locator(`article[data-combatant="${id}"] .card-status`);

/** Types dice into the roll's box and enters them with the button. */
export async function typeDice(page: Page, dice: string): Promise<void> {
  await page.getByLabel("dice rolled").fill(dice);
  await page.getByRole("button", { name: "Enter dice" }).click();
}

/**
 * Presses the number keys of `digits` as a person does, 50 ms apart by the keys' own time: the
 * events carry their press time (CDP's `timestamp`, the page's `event.timeStamp`), so a busy
 * machine that delivers the second key late does not split "21" into 2 and 1.
 */
export async function pressDigits(page: Page, digits: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  for (const [i, key] of [...digits].entries()) {
    const event = { key, code: `Digit${key}`, windowsVirtualKeyCode: key.charCodeAt(0) };
    const timestamp = start + i * 0.05;
    await cdp.send("Input.dispatchKeyEvent", { type: "keyDown", text: key, timestamp, ...event });
    await cdp.send("Input.dispatchKeyEvent", {
      type: "keyUp",
      timestamp: timestamp + 0.01,
      ...event,
    });
  }
  await cdp.detach();
}

/** A GET of the API as a program sends it (saying it is meant for Fray: the advisor's needs it), its JSON body. */
export async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${serverUrl()}${path}`, { headers: { "fray-request": "1" } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A request to the API as another tab, a bot or a script would send it. */
export async function post<T = { id: number; version: number }>(path: string, body: object = {}) {
  const response = await fetch(`${serverUrl()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const exampleText = (path: string) =>
  readFileSync(new URL(`../../examples/${path}`, import.meta.url), "utf8");

/** A player's link to encounter `id` (`{ side }` or `{ combatants }`), made through the API: the screen's hash. */
export async function playerHash(id: number, plays: object, name = "Anna"): Promise<string> {
  const { token } = await post<{ token: string }>(`/encounters/${id}/players`, { name, ...plays });
  return `#/play/${token}`;
}

/** A new encounter from one of examples/ (`tnt/duel.yaml`), made through the API: its id. */
export async function newExample(path: string): Promise<number> {
  return (await post("/encounters", { file: exampleText(path) })).id;
}

/**
 * cartyrion's worked example (Resolving Combat) after Tombril's first blow with the chapter's
 * dice: initiative 5, the policy's attack, damage 5 3 4 3 2 (the giant at 37 SP).
 */
export async function tombrilAfterFirstBlow(): Promise<number> {
  const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
  await post(`/encounters/${id}/answer`, { dice: [5] });
  await post(`/encounters/${id}/policy`);
  await post(`/encounters/${id}/answer`, { dice: [5, 3, 4, 3, 2] });
  return id;
}

/** The contrast ratio (WCAG 2) of two CSS colours "rgb(r, g, b)". */
export function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/\d+/g) ?? []).slice(0, 3).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The serious and critical accessibility violations axe-core finds on the page, one a line. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's devtools protocol: the console's Content-Security-Policy
  // refuses an inline script tag, as it would refuse one injected by anybody else.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.targets.join(", ")}`);
}

/**
 * Screenshots of the page as it is, at a laptop's size and a phone's, into
 * test/browser/screenshots/<name>-1280x800.png and -390x844.png (not committed): for people
 * to look at after a change of the layout. Gives, for each size, how much wider than the
 * screen the page is (0: nothing to scroll sideways). With `subject`, it is scrolled into view at
 * each size (a phone's narrower page moves it). The page is left at its first size.
 */
export async function shoot(
  page: Page,
  name: string,
  subject?: Locator,
): Promise<Record<string, number>> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const first = page.viewportSize() ?? LAPTOP;
  const overflow: Record<string, number> = {};
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    await subject?.scrollIntoViewIfNeeded();
    const path = new URL(`${name}-${size.width}x${size.height}.png`, SCREENSHOTS);
    await page.screenshot({ path: path.pathname, fullPage: false });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    overflow[`${name} at ${size.width}x${size.height}`] = Math.max(0, width - size.width);
  }
  await page.setViewportSize(first);
  return overflow;
}

/**
 * What `panel`'s _Copy for a spreadsheet_ copies, a line each: pressed on `page` with the
 * clipboard granted, once the panel says it copied `what` ("the fight odds").
 */
export async function copiedFigures(page: Page, panel: Locator, what: string): Promise<string[]> {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: serverUrl(),
  });
  await panel.getByRole("button", { name: "Copy for a spreadsheet" }).click();
  await expect
    .poll(() => panel.locator(".copy-figures [role=status]").textContent())
    .toBe(`Copied ${what}, a cell a tab: paste them into a spreadsheet.`);
  return (await page.evaluate(() => navigator.clipboard.readText())).split("\n");
}
