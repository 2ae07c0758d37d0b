// Players at the table, in real Chromium with three browser contexts: the GM on a laptop, two
// players on phones, each with the link the GM made on the GM's page. A player answers their
// own combatant's decision and enters their own dice; the other player's screen follows by push
// (its latency measured); a player trying another's decision is refused, saying whose it is;
// the GM undoes the player's answer and both phones follow; a revoked link closes its screen.
// Then a server that needs the GM's secret (as on --host 0.0.0.0): the GM's link opens the
// console, which sends the secret with every request and its stream; without it, nothing.
import { Buffer } from "node:buffer";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsQR from "jsqr";
import type { BrowserContext, Locator, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startServer } from "../../src/server/start.js";
import { SILENCE_MS } from "../../web/src/event-stream.js";
import {
  ACTION_TIMEOUT_MS,
  done,
  get,
  LAPTOP,
  newExample,
  open,
  PHONE,
  phoneContext,
  playerHash,
  pressDigits,
  post,
  SCREENSHOTS,
  serverUrl,
  shoot,
  statusOf,
  theBrowser,
  typeDice,
} from "./support.js";

/** A phone's page and its context, as `phone` gives them. */
type Phone = { context: BrowserContext; page: Page };

/** The phones' pages tests of this file were done with (`donePhone`), for `phone` to go on with. */
const idlePhones: Phone[] = [];

/**
 * A phone's screen at the player's link `url`. Without `prepare`, on the page of a phone a test
 * was done with, when there is one on that server: the console leaves the screen it showed and
 * mounts the new one, as when the link is followed in the same tab, with what the page counts
 * (its states shown, its alerts) cleared and the page scrolled to its top as a new page is. A new
 * page, its context's own, is a renderer loading the console: about three times that CPU
 * (docs/benchmarks.md, "The test suite"). With `prepare` (scripts, routes or a clock the test
 * sets before the page loads), always a new one.
 */
async function phone(url: string, prepare?: (page: Page) => Promise<void>): Promise<Phone> {
  const { origin, hash } = new URL(url);
  const at =
    prepare === undefined
      ? idlePhones.findIndex((p) => new URL(p.page.url()).origin === origin)
      : -1;
  if (at >= 0) {
    const reused = idlePhones.splice(at, 1)[0]!;
    const left = await reused.page.$("main");
    await reused.page.evaluate((to) => {
      const counted = window as unknown as {
        shown: unknown[];
        alerts: { buzzes: number; tones: number };
      };
      counted.shown.length = 0;
      counted.alerts.buzzes = 0;
      counted.alerts.tones = 0;
      window.scrollTo(0, 0);
      window.location.hash = to;
    }, hash);
    // Until the app has left the screen it showed (its <main> gone), a locator could find the
    // last link's screen.
    if (left !== null) {
      await reused.page.waitForFunction((main) => !main.isConnected, left);
      await left.dispose();
    }
    return reused;
  }
  const { context, page } = await phoneContext();
  // Every state the screen shows, with when and how it came (push, poll, reply); and each
  // vibration and tone of this page's load, counted.
  await page.addInitScript(() => {
    const shown: { version: number; via: string; at: number }[] = [];
    const alerts = { buzzes: 0, tones: 0 };
    Object.assign(window, { shown, alerts });
    window.addEventListener("fray-state", (e) => {
      const { version, via } = (e as CustomEvent<{ version: number; via: string }>).detail;
      shown.push({ version, via, at: Date.now() });
    });
    Object.defineProperty(navigator, "vibrate", {
      configurable: true,
      value: () => {
        alerts.buzzes++;
        return true;
      },
    });
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (when?: number) {
      alerts.tones++;
      start.call(this, when);
    };
  });
  await prepare?.(page);
  await page.goto(url);
  return { context, page };
}

/**
 * The test is done with `phone`, a page from `phone` without `prepare`, left as it loaded (no
 * route, clock, network or setting of the test's own on it): a later `phone` of this file may go
 * on with it, else it is closed with the file's others.
 */
function donePhone(phone: Phone): void {
  idlePhones.push(phone);
}

/**
 * Makes a link on the GM's page (the players panel, opened from the header's _Players_) and gives
 * its address, the panel closed again.
 */
async function makeLink(gm: Page, name: string, boxes: readonly string[]): Promise<string> {
  await gm.getByRole("button", { name: /^Players/ }).click();
  const panel = gm.getByRole("dialog").getByRole("region", { name: "players" });
  await panel.getByLabel("Player's name").fill(name);
  for (const box of boxes) await panel.getByLabel(box, { exact: true }).check();
  await panel.getByRole("button", { name: "Make a link" }).click();
  const address = panel.getByRole("textbox", { name: `${name}'s link` });
  await expect.poll(() => address.inputValue()).toContain("/#/play/fp_");
  const made = await address.inputValue();
  // The QR code beside it, as a phone's camera would read it, is the same link.
  expect(await scanned(panel.getByRole("img", { name: `${name}'s link as a QR code` }))).toBe(made);
  await shootPhone(gm, "gm-player-link");
  await gm.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  return made;
}

/**
 * What a QR reader reads from the SVG `code`: the page draws it on a canvas at 6 pixels a
 * square, and jsQR reads the canvas's pixels.
 */
async function scanned(code: Locator): Promise<string | undefined> {
  const image = await code.evaluate(async (svg) => {
    const squares = (svg as SVGSVGElement).viewBox.baseVal.width;
    const side = squares * 6;
    const source = new XMLSerializer().serializeToString(svg);
    const url = URL.createObjectURL(new Blob([source], { type: "image/svg+xml" }));
    const img = new Image(side, side);
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext("2d")!;
    context.drawImage(img, 0, 0, side, side);
    URL.revokeObjectURL(url);
    // The pixels' bytes as one base64 string: as an array, each of its 300,000 numbers crossed
    // Playwright's protocol as an object of its own, checked on both sides (seconds of a core).
    const bytes = context.getImageData(0, 0, side, side).data;
    let binary = "";
    for (let at = 0; at < bytes.length; at += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    }
    return { side, pixels: btoa(binary) };
  });
  const pixels = new Uint8ClampedArray(Buffer.from(image.pixels, "base64"));
  return jsQR(pixels, image.side, image.side)?.data;
}

/** A screenshot of the page as it is, for people to look at (test/browser/screenshots/). */
async function shootPhone(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize()!;
  const path = new URL(`${name}-${size.width}x${size.height}.png`, SCREENSHOTS).pathname;
  await page.screenshot({ path, fullPage: true });
}

const banner = (page: Page) => page.locator(".turn-banner");
/** The vibrations and tones of the page since it was (re)loaded or went to its link (`phone`). */
const alertsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { alerts: { buzzes: number; tones: number } }).alerts);
/** Waits until the screen has counted the player's choice `key` as seen ("" for none of theirs). */
const seen = (page: Page, key: string) =>
  expect.poll(() => page.locator("main").getAttribute("data-seen")).toBe(key);
/** How the screen got the state of version `version`: push, poll or reply (undefined: never). */
const viaOf = (page: Page, version: number) =>
  page.evaluate(
    (v) =>
      (window as unknown as { shown: { version: number; via: string }[] }).shown.find(
        (s) => s.version === v,
      )?.via,
    version,
  );
const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Every button a player touches is at least 44 pixels high, none wider than the phone. */
async function touchable(page: Page): Promise<void> {
  const boxes = await page
    .locator("main button, main input:not([type=checkbox]), .sound-toggle")
    .evaluateAll((all) =>
      all.map((e) => {
        const r = e.getBoundingClientRect();
        return {
          what: e.textContent || e.getAttribute("aria-label"),
          height: r.height,
          right: r.right,
        };
      }),
    );
  for (const box of boxes.filter((b) => b.what !== null && b.height > 0)) {
    expect(box.height, `${box.what}`).toBeGreaterThanOrEqual(44);
    expect(box.right, `${box.what}`).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await widthOf(page)).toBeLessThanOrEqual(PHONE.width);
}

describe("players at the table: the GM on a laptop, two players on phones", () => {
  it("each plays their own, follows the other by push, is refused another's choice, and follows the GM's undo", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const gm = await open(`#/encounters/${id}`);
    const annaUrl = await makeLink(gm, "Anna", ["Tombril"]);
    const benUrl = await makeLink(gm, "Ben", ["all of The Hill Giant"]);
    const anna = await phone(annaUrl);
    const ben = await phone(benUrl);
    const links = gm.locator(".player-links");
    await expect
      .poll(() => links.textContent())
      .toMatch(/Anna Tombril screen open.*Ben all of The Hill Giant screen open/s);
    // The links are reached from the header, on the first screen at 1280x800 (the panel was two
    // screens down, under the log), which says how many screens are open.
    const playersButton = gm.getByRole("button", { name: /^Players/ });
    await expect.poll(() => playersButton.textContent()).toBe("Players: 2, 2 open");
    const button = (await playersButton.boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(LAPTOP.height);

    // The GM rolls initiative (a roll of no one's): both phones wait, and follow.
    await typeDice(gm, "5");
    await expect.poll(() => banner(anna.page).textContent()).toBe("Your turn: Tombril");
    await expect.poll(() => banner(ben.page).textContent()).toBe("Tombril decides");
    // Ben's giant acts after Tombril: his phone says so under the banner; Anna's, whose turn it
    // is, does not.
    await expect
      .poll(() => ben.page.locator(".player-next").textContent())
      .toBe("You are next: Hill Giant");
    expect(await anna.page.locator(".player-next").count()).toBe(0);
    await shootPhone(ben.page, "player-you-are-next");
    await expect
      .poll(() => gm.locator(".player-choosing").textContent())
      .toBe("Anna is choosing for Tombril on their screen; you can still answer here.");
    // Anna's phone: the last result, then her decision with the GM's options, large enough to
    // touch; of its 19 options the first 5 (the policy's pick among them) and a button for all,
    // so that on arrival the screen shows the result, the prompt and the first options at once.
    await shootPhone(anna.page, "player-your-turn");
    const option = anna.page.locator("button.choice.policy");
    expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await widthOf(anna.page)).toBeLessThanOrEqual(PHONE.width);
    const result = (await anna.page.locator(".result-card").boundingBox())!;
    const prompt = (await anna.page.locator(".decision .prompt").boundingBox())!;
    expect(result.y).toBeLessThan(prompt.y);
    expect(result.y).toBeGreaterThanOrEqual(0);
    expect(await anna.page.locator("button.choice").count()).toBe(5);
    const fifth = (await anna.page.locator("button.choice").nth(4).boundingBox())!;
    expect(fifth.y + fifth.height).toBeLessThanOrEqual(PHONE.height);
    const unfold = anna.page.getByRole("button", { name: "Show all 19 options" });
    expect((await unfold.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // The filter finds an option folded away; the button shows them all. Its box says no key
    // ("/") to a phone.
    expect(await anna.page.getByLabel("filter options").getAttribute("placeholder")).toBe(
      "filter the 19 options",
    );
    await anna.page.getByLabel("filter options").fill("leap");
    expect(await anna.page.locator("button.choice .choice-label").allTextContents()).toEqual([
      "leap away from the foes",
    ]);
    await anna.page.getByLabel("filter options").fill("");
    await unfold.click();
    expect(await anna.page.locator("button.choice").count()).toBe(19);
    await shootPhone(anna.page, "player-all-options");
    expect(await widthOf(anna.page)).toBeLessThanOrEqual(PHONE.width);
    // Ben's phone: Tombril's health in words, the giant's in full; no choice of Tombril's.
    expect(await statusOf(ben.page, "giant").textContent()).toBe("68/68 SP, 0/30 injuries");
    expect(await statusOf(ben.page, "tombril").textContent()).not.toMatch(/\d/);
    expect(await ben.page.locator("button.choice").count()).toBe(0);

    // Ben tries Tombril's decision from his phone: refused, saying whose it is.
    const tried = await ben.page.evaluate(async () => {
      const token = window.location.hash.split("/").pop()!;
      const r = await fetch("/player/policy", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: "{}",
      });
      return { status: r.status, body: (await r.json()) as { error: string; hint: string } };
    });
    expect(tried.status).toBe(403);
    expect(tried.body.error).toBe(
      "the decision the fight waits for is Tombril's, not yours: this link plays the side opponents",
    );
    expect(tried.body.hint).toBe("wait for your turn: your screen shows your own choices");

    // Anna answers; Ben's screen follows by push (it does not poll while its stream is open, so
    // without a push nothing would come at all). The latency is printed, not asserted: tests
    // never assert timings (the push's speed is measured by bench/pg-push.js).
    const before = Number(await ben.page.locator("main").getAttribute("data-version"));
    const clicked = await anna.page.evaluate(() => {
      const at = Date.now();
      document.querySelector<HTMLButtonElement>("button.choice.policy")!.click();
      return at;
    });
    await expect.poll(() => banner(anna.page).textContent()).toBe("Your turn: Tombril");
    await expect.poll(() => anna.page.getByLabel("dice rolled").count()).toBe(1);
    // Until her dice are in, her decision is the blow under way (above her dice box, as over
    // the GM's prompt), and the result before it says so ("Before that"): no stale "last
    // result" to misread.
    const lastOf = (page: Page) => page.getByRole("region", { name: "last result" });
    const nowOf = (page: Page) => page.getByRole("region", { name: "this blow so far" });
    await expect
      .poll(() => nowOf(anna.page).locator(".so-far-heading").textContent())
      .toBe("This blow so far: Tombril: attack Hill Giant with the shortsword +2 (Anna chose)");
    expect(await lastOf(anna.page).locator("h2").textContent()).toBe("Before that");
    // Begun by a roll: the heading counts it, the roll's line says which ("the first round's
    // initiative" as heading over the same roll's line said it twice).
    expect(await lastOf(anna.page).locator(".result-heading").textContent()).toBe("A roll");
    expect(await lastOf(anna.page).locator(".result-rolls li").first().textContent()).toMatch(
      /^The first round's initiative \[5\]/,
    );
    const nowBox = (await nowOf(anna.page).boundingBox())!;
    const diceBox = (await anna.page.getByLabel("dice rolled").boundingBox())!;
    expect(nowBox.y + nowBox.height).toBeLessThanOrEqual(diceBox.y);
    expect(diceBox.y + diceBox.height).toBeLessThanOrEqual(PHONE.height);
    await shootPhone(anna.page, "player-your-roll");
    // The dice box takes the screen's width, not a sliver beside the buttons.
    const box = (await anna.page.getByLabel("dice rolled").boundingBox())!;
    expect(box.width).toBeGreaterThan(PHONE.width / 2);
    expect(box.height).toBeGreaterThanOrEqual(44);
    const pushed = await ben.page.waitForFunction(
      (v) =>
        (window as unknown as { shown: { version: number; via: string; at: number }[] }).shown.find(
          (s) => s.version > v,
        ) ?? false,
      before,
    );
    const arrival = (await pushed.jsonValue()) as { via: string; at: number };
    const latency = arrival.at - clicked;
    console.log(`push latency, Anna's answer to Ben's screen: ${latency} ms`);
    expect(arrival.via).toBe("push");
    await expect.poll(() => banner(ben.page).textContent()).toBe("Tombril rolls damage");
    // Ben sees the blow under way as his side may: a foe's decision, without its numbers.
    expect(await nowOf(ben.page).locator(".so-far-heading").textContent()).toBe(
      "This blow so far: Tombril decides (Anna chose)",
    );

    // Anna enters her dice; the GM sees them as they arrive, who typed them and who chose,
    // in the last result and in what happened, and the giant's 37 SP.
    await typeDice(anna.page, "5 3 4 3 2");
    const typed = "Anna typed [5, 3, 4, 3, 2] = 17 for Tombril's damage";
    await expect.poll(() => gm.locator(".result-rolls").textContent()).toBe(typed);
    // Who changed the fight, over the GM's prompt: "Changed elsewhere (a player, another tab or
    // the API)" left the GM to guess.
    await expect
      .poll(() => gm.locator(".elsewhere").textContent())
      .toBe("Anna answered on their screen: now 3 answers.");
    expect(await gm.locator(".result-heading").textContent()).toMatch(
      /^Tombril: .+ \(Anna chose\)$/,
    );
    const happened = gm.getByRole("region", { name: "what happened" });
    expect(await happened.locator(".answer.roll").first().textContent()).toBe(`#3 ${typed}`);
    expect(await happened.locator(".answer.decide").first().textContent()).toMatch(
      /^#2 Anna chose for Tombril: /,
    );
    // The initiative die the GM typed names no player.
    const initiative = await happened.locator(".answer.roll").last().textContent();
    expect(initiative).toMatch(/^#1 The first round's initiative \[5\] = 5table$/);
    expect(initiative).not.toContain("Anna");
    await expect.poll(() => statusOf(gm, "giant").textContent()).toContain("37/68 SP");
    await expect.poll(() => statusOf(ben.page, "giant").textContent()).toContain("37/68 SP");
    await expect.poll(() => banner(ben.page).textContent()).toBe("Your turn: Hill Giant");
    await shootPhone(anna.page, "player-waiting");
    await shootPhone(gm, "gm-with-players");
    expect(await statusOf(anna.page, "giant").textContent()).not.toMatch(/\d/);
    expect(await anna.page.locator("main").textContent()).not.toContain("37/68");
    await expect.poll(() => lastOf(anna.page).textContent()).toContain("[5, 3, 4, 3, 2]");
    // Her dice in, her step is the last result: nothing is under way.
    expect(await lastOf(anna.page).locator("h2").textContent()).toBe("Last result");
    expect(await lastOf(anna.page).locator(".result-heading").textContent()).toBe(
      "Tombril: attack Hill Giant with the shortsword +2 (Anna chose)",
    );
    expect(await nowOf(anna.page).count()).toBe(0);
    // It opens with what the blow did, in bold, as the GM's card does: the giant's stamina on
    // its own side's phone, who hit whom without it on Anna's.
    const outcomeOf = (page: Page) => lastOf(page).locator(".result-outcome");
    expect(await outcomeOf(anna.page).textContent()).toBe(
      "Tombril hits Hill Giant with the shortsword +2",
    );
    await expect
      .poll(() => outcomeOf(ben.page).textContent())
      .toMatch(/^Tombril hits Hill Giant with the shortsword \+2: -31 SP \(to 37\/68 SP\)/);
    const weight = await outcomeOf(anna.page).evaluate((e) => getComputedStyle(e).fontWeight);
    expect(Number(weight)).toBeGreaterThanOrEqual(700);

    // The GM undoes Anna's answer (her decision with her dice): both phones follow.
    await gm.getByRole("button", { name: "Undo the last decision" }).click();
    await expect.poll(() => happened.textContent()).not.toContain("Anna");
    await expect
      .poll(() => statusOf(ben.page, "giant").textContent())
      .toBe("68/68 SP, 0/30 injuries");
    await expect.poll(() => banner(ben.page).textContent()).toBe("Tombril decides");
    await expect.poll(() => banner(anna.page).textContent()).toBe("Your turn: Tombril");
    await expect.poll(() => anna.page.locator("button.choice.policy").count()).toBe(1);
    expect(await anna.page.locator("button.choice.policy .choice-n").isVisible()).toBe(true);
    expect(await widthOf(ben.page)).toBeLessThanOrEqual(PHONE.width);

    // The GM answers Tombril's decision on the GM's page instead of Anna: her phone follows
    // to her dice, the decision the GM's; she has Fray roll them, and the GM sees who did.
    await gm.locator(".next-step button.choice.policy").click();
    await expect
      .poll(() => nowOf(anna.page).locator(".so-far-heading").textContent())
      .toBe("This blow so far: Tombril: attack Hill Giant with the shortsword +2 (the GM chose)");
    // No keyboard on a phone: the button says no key (f), as the options keep their numbers.
    const frayRolls = anna.page.getByRole("button", { name: /^Fray rolls/ });
    expect(await frayRolls.locator("kbd").isVisible()).toBe(false);
    await frayRolls.click();
    await expect
      .poll(() => gm.locator(".result-rolls").textContent())
      .toMatch(/^Anna had Fray roll Tombril's damage \[/);
    expect(await gm.locator(".result-heading").textContent()).not.toContain("Anna");
    expect(await happened.locator(".answer.roll").first().textContent()).toMatch(
      /^#3 Anna had Fray roll Tombril's damage \[/,
    );

    // The GM revokes Ben's link: his screen says so, and his link opens nothing any more.
    await playersButton.click();
    await gm.getByRole("button", { name: "Revoke Ben's link" }).click();
    await expect
      .poll(() => ben.page.getByRole("alert").textContent())
      .toContain("was revoked by the GM");
    await expect.poll(() => links.textContent()).not.toContain("Ben");

    donePhone(anna);
    donePhone(ben);
    await done(gm);
  });

  it("alerts a player once for each new decision of theirs: not again for the same one, nor for another's", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const anna = await phone(`${serverUrl()}/${await playerHash(id, { combatants: ["tombril"] })}`);
    const ben = await phone(`${serverUrl()}/${await playerHash(id, { side: "opponents" }, "Ben")}`);
    const sound = anna.page.getByRole("checkbox", { name: "Sound on your turn" });
    await expect
      .poll(() => banner(anna.page).textContent())
      .toBe("The GM rolls the first round's initiative");
    expect(await sound.isChecked()).toBe(false);
    expect((await anna.page.locator(".sound-toggle").boundingBox())!.height).toBeGreaterThanOrEqual(
      44,
    );

    // The GM rolls initiative: Tombril's decision is Anna's, her phone buzzes once; not Ben's.
    await post(`/encounters/${id}/answer`, { dice: [5] });
    await seen(anna.page, "1:tombril:action");
    await seen(ben.page, "");
    expect(await alertsOf(anna.page)).toEqual({ buzzes: 1, tones: 0 });
    expect(await alertsOf(ben.page)).toEqual({ buzzes: 0, tones: 0 });
    // She turns the sound on (a new render of the same decision: no alert) and reloads: the
    // same decision alerts no more, and the sound stays on.
    await sound.check();
    expect(await alertsOf(anna.page)).toEqual({ buzzes: 1, tones: 0 });
    await anna.page.reload();
    await seen(anna.page, "1:tombril:action");
    expect(await sound.isChecked()).toBe(true);
    expect(await alertsOf(anna.page)).toEqual({ buzzes: 0, tones: 0 });
    // The GM undoes the initiative and gives it back: the same decision comes back, no alert.
    await post(`/encounters/${id}/undo`);
    await seen(anna.page, "");
    await post(`/encounters/${id}/redo`);
    await seen(anna.page, "1:tombril:action");
    expect(await alertsOf(anna.page)).toEqual({ buzzes: 0, tones: 0 });
    // The GM changes the giant's stamina by hand (an answer of the log): the same decision of
    // Anna's still waits, shown anew with the giant's new health; no alert.
    const { version } = await post(`/encounters/${id}/changes`, {
      change: { op: "set", combatant: "giant", field: "stamina", value: 66 },
    });
    await expect
      .poll(() => anna.page.locator("main").getAttribute("data-version"))
      .toBe(String(version));
    await seen(anna.page, "1:tombril:action");
    expect(await alertsOf(anna.page)).toEqual({ buzzes: 0, tones: 0 });

    // Anna picks her attack: its dice follow at once, no alert for them.
    await anna.page.locator("button.choice.policy").click();
    await seen(anna.page, "2:roll:Tombril's damage");
    await typeDice(anna.page, "5 3 4 3 2");
    // The giant's decision is Ben's: his phone buzzes, not hers; its dice follow his pick.
    await seen(ben.page, "3:giant:action");
    await seen(anna.page, "");
    expect(await alertsOf(ben.page)).toEqual({ buzzes: 1, tones: 0 });
    await ben.page.getByRole("button", { name: "Decide by the tactics" }).click();
    await seen(ben.page, "4:roll:Hill Giant's damage");
    await typeDice(ben.page, "6 5 3 6 2 6 5 1 6 2");
    await seen(ben.page, "");
    expect(await alertsOf(ben.page)).toEqual({ buzzes: 1, tones: 0 });
    expect(await alertsOf(anna.page)).toEqual({ buzzes: 0, tones: 0 });

    // Round 2: the party acts first, Tombril's new decision buzzes Anna's phone and, her sound
    // on (the page touched since), sounds its tone.
    await post(`/encounters/${id}/answer`, { dice: [6] });
    await seen(anna.page, "6:tombril:action");
    expect(await alertsOf(anna.page)).toEqual({ buzzes: 1, tones: 1 });
    expect(await alertsOf(ben.page)).toEqual({ buzzes: 1, tones: 0 });
    await shootPhone(anna.page, "player-sound-on");
    // Anna's phone keeps her sound on (a setting of this browser's): closed; Ben's goes on.
    await anna.context.close();
    donePhone(ben);
  });

  it("on a phone, a long decision in groups: its first options under their headings, all on asking, a number typed answers that option", async () => {
    const id = await newExample("dungeons-of-olde/ambush-at-the-old-bridge.yaml");
    for (let i = 0; i < 5; i += 1) await post(`/encounters/${id}/roll`);
    const url = `${serverUrl()}/${await playerHash(id, { combatants: ["archer"] }, "Tess")}`;
    const { context, page } = await phone(url);
    await expect.poll(() => banner(page).textContent()).toBe("Your turn: Fletch");
    // The options as the GM's API gives them, in the order of their groups' headings.
    const gm = (await (await fetch(`${serverUrl()}/encounters/${id}`)).json()) as {
      pending: { choices: { value: unknown; label: string; group?: string }[]; default: unknown };
    };
    const groups = ["attack", "move", "defend", "other"];
    const titles = ["Attack", "Move", "Defend", "Other"];
    const byGroup = groups.map((g) => gm.pending.choices.filter((c) => (c.group ?? "other") === g));
    const ordered = byGroup.flat();
    const headings = titles.filter((_, i) => byGroup[i]!.length > 0);
    expect(ordered).toHaveLength(28);
    expect(headings.length).toBeGreaterThanOrEqual(2);
    const policyN =
      ordered.findIndex((c) => JSON.stringify(c.value) === JSON.stringify(gm.pending.default)) + 1;
    const shown = async () =>
      page.locator("button.choice").evaluateAll((buttons) =>
        buttons.map((b) => ({
          n: Number(b.querySelector(".choice-n")!.textContent),
          label: b.querySelector(".choice-label")!.textContent!,
          group: b.closest(".choice-group")!.querySelector("h3")!.textContent!,
        })),
      );
    const expected = (n: number) => ({
      n,
      label: ordered[n - 1]!.label,
      group: titles[groups.indexOf(ordered[n - 1]!.group ?? "other")]!,
    });
    // Folded: the first 5 and the policy's pick, numbered as in the whole list, under their
    // groups' headings; a button for all 28.
    const first = [1, 2, 3, 4, 5, ...(policyN > 5 ? [policyN] : [])];
    expect(await shown()).toEqual(first.map(expected));
    expect(await page.locator(".choice-group h3").allTextContents()).toEqual(
      headings.filter((h) => first.some((n) => expected(n).group === h)),
    );
    await touchable(page);
    // On arrival the phone's screen shows the prompt and its first option: the last result's
    // rules (Turn 1's action points of everybody) wait behind a button.
    const firstOption = (await page.locator("button.choice").first().boundingBox())!;
    expect(firstOption.y + firstOption.height).toBeLessThanOrEqual(PHONE.height);
    const why = page.locator(".result-why");
    expect(await why.locator("summary").textContent()).toMatch(/^How it came about \(\d+\)$/);
    expect(await why.locator(".result-explanations").isVisible()).toBe(false);
    await shootPhone(page, "player-grouped-folded");
    await why.locator("summary").click();
    expect(await why.locator(".result-explanations li").first().isVisible()).toBe(true);
    // Each rule by its name, as on the GM's page: "Action Points", not "dungeons-of-olde, ...".
    const rules = await why.locator(".rule").allTextContents();
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.filter((r) => r.includes("dungeons-of-olde"))).toEqual([]);
    const unfold = page.getByRole("button", { name: "Show all 28 options" });
    await unfold.click();
    // All of them, under every heading, numbered 1 to 28 in the order shown.
    expect(await shown()).toEqual(ordered.map((_, i) => expected(i + 1)));
    expect(await page.locator(".choice-group h3").allTextContents()).toEqual(headings);
    await touchable(page);
    await shootPhone(page, "player-grouped-all");

    // Folded again (a reload), the player types 21: the list opens at the option shown as 21,
    // and Enter answers it.
    await page.reload();
    await expect.poll(() => page.locator("button.choice").count()).toBe(first.length);
    await pressDigits(page, "21");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toBe(`21${ordered[20]!.label}${policyN === 21 ? "tactics' pick" : ""}`);
    expect(await page.locator("button.choice").count()).toBe(28);
    await page.keyboard.press("Enter");
    await expect.poll(() => banner(page).textContent()).not.toBe("Your turn: Fletch");
    const log = (await (await fetch(`${serverUrl()}/encounters/${id}`)).json()) as {
      log: { value?: unknown; player?: string }[];
    };
    expect(log.log[5]).toMatchObject({ value: ordered[20]!.value, player: "Tess" });
    donePhone({ context, page });
  });

  it("on a phone, a number typed the moment the folded options appear selects that option", async () => {
    const id = await newExample("dungeons-of-olde/ambush-at-the-old-bridge.yaml");
    for (let i = 0; i < 5; i += 1) await post(`/encounters/${id}/roll`);
    const url = `${serverUrl()}/${await playerHash(id, { combatants: ["archer"] }, "Tess")}`;
    // "2" then "1" in the task that first draws the options, before React has run that render's
    // passive effects (a busy phone runs them in a task of their own, later): the option folded
    // away was forgotten, and option 2 stayed selected (players.suite's "21" under load).
    const { context, page } = await phone(url, async (p) => {
      await p.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector("button.choice") === null) return;
          observer.disconnect();
          for (const key of ["2", "1"]) {
            const init = { key, code: `Digit${key}`, bubbles: true, cancelable: true };
            document.body.dispatchEvent(new KeyboardEvent("keydown", init));
          }
        }).observe(document, { childList: true, subtree: true });
      });
    });
    await expect.poll(() => banner(page).textContent()).toBe("Your turn: Fletch");
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.querySelector(".choice-n")?.textContent),
      )
      .toBe("21");
    expect(await page.locator("button.choice").count()).toBe(28);
    await context.close();
  });

  it("on a phone, tnt's group fight after a round: the player's decision with its first options on the screen", async () => {
    const id = await newExample("tnt/group-fight.yaml");
    await post(`/encounters/${id}/autoplay`, { until: "round" });
    // On to Hild's next decision, every other choice by its policy or Fray's dice.
    for (let i = 0; i < 60; i += 1) {
      const { pending } = await get<{ pending: { kind: string; actor?: string } | null }>(
        `/encounters/${id}`,
      );
      if (pending === null || (pending.kind === "decide" && pending.actor === "hild")) break;
      await post(`/encounters/${id}/${pending.kind === "roll" ? "roll" : "policy"}`);
    }
    const url = `${serverUrl()}/${await playerHash(id, { combatants: ["hild"] }, "Hedda")}`;
    const { context, page } = await phone(url);
    await expect.poll(() => banner(page).textContent()).toBe("Your turn: Hild");
    // The foes' numbers the GM keeps are said by what they are, not counted ("2 more ...").
    expect(await page.locator(".withheld").textContent()).toMatch(
      /^The GM tells at the table: [^\d]+\.$/,
    );
    await shootPhone(page, "player-tnt-group");
    await touchable(page);
    const first = (await page.locator("button.choice").first().boundingBox())!;
    expect(first.y + first.height).toBeLessThanOrEqual(PHONE.height);
    donePhone({ context, page });
  });

  it("on a phone, lists what happened since the player's turn once the foes have acted, oldest first, without a foe's hit points", async () => {
    const id = await newExample("tnt/group-fight.yaml");
    const url = `${serverUrl()}/${await playerHash(id, { combatants: ["hild"] }, "Hedda")}`;
    const { context, page } = await phone(url);
    const since = page.getByRole("region", { name: "since your turn" });
    // The initiative, then Hild's first decision: nothing since her turn yet.
    type Now = {
      pending: { kind: string; actor?: string } | null;
      answers: number;
      version: number;
    };
    let now = await get<Now>(`/encounters/${id}`);
    for (let i = 0; i < 20 && now.pending?.actor !== "hild"; i += 1) {
      now = await post<Now>(
        `/encounters/${id}/${now.pending!.kind === "roll" ? "roll" : "policy"}`,
      );
    }
    await expect.poll(() => banner(page).textContent()).toBe("Your turn: Hild");
    expect(await since.count()).toBe(0);
    // Hild's attack on Cutter, her decisions tapped on the phone (the tactics' pick), then the
    // foes' turns (Weasel's, Knuckles's) and Oswin's, up to Hild's next decision, each by its
    // policy or Fray's dice.
    const lastOf = page.getByRole("region", { name: "last result" });
    const blow = page.getByRole("region", { name: "this blow so far" });
    let begun = 0;
    for (let i = 0; i < 60; i += 1) {
      if (now.answers < 13 && now.pending?.kind === "decide" && now.pending.actor === "hild") {
        await expect
          .poll(() => page.locator("main").getAttribute("data-version"))
          .toBe(`${now.version}`);
        // Her declaration the last result and the blow's beginning: its heading is said once,
        // under "This blow so far" (it read "Hild: one attack with 3 dice (Hedda chose)" under
        // "Last result" too), the card with nothing more to say not shown.
        if (
          (await blow.count()) === 1 &&
          (await lastOf.locator("h2", { hasText: "Before that" }).count()) === 0
        ) {
          begun += 1;
          const heading = (await blow.locator(".so-far-heading").textContent())!;
          expect(heading).toMatch(/^This blow so far: Hild: /u);
          expect(await lastOf.locator(".result-heading").count()).toBe(0);
        }
        await page.locator("button.choice.policy").click();
        const before = now.answers;
        await expect
          .poll(async () => (now = await get<Now>(`/encounters/${id}`)).answers)
          .toBeGreaterThan(before);
        continue;
      }
      now = await post<Now>(
        `/encounters/${id}/${now.pending!.kind === "roll" ? "roll" : "policy"}`,
      );
      if (now.answers > 13 && now.pending?.kind === "decide" && now.pending.actor === "hild") break;
    }
    expect(begun).toBeGreaterThan(0);
    // Pushed to the phone: her own blow (chosen on her phone), then both foes' (their
    // choices' dice are the GM's), the last result (Oswin's) above.
    await expect
      .poll(() => since.locator("li").allTextContents())
      .toEqual([
        // The condition her blow left on her, as the GM's last result lists it.
        "Hild: one attack with 3 dice at Cutter (onset range); attack in anger (set one die aside) — Hild hits Cutter with the longsword; Hild: now attacks in anger",
        "Weasel attacks Hild — Weasel hits Hild with the dagger: -1 HP (to 19/20 HP)",
        "Knuckles attacks Hild — Knuckles misses Hild",
      ]);
    expect(await since.textContent()).not.toMatch(/\/18 HP/u);
    await shootPhone(page, "player-since-turn");
    await touchable(page);
    // Her choice stays on the screen: the list goes under it on her turn.
    const first = (await page.locator("button.choice").first().boundingBox())!;
    expect(first.y + first.height).toBeLessThanOrEqual(PHONE.height);
    // Two changes by the GM's hand on Oswin: Oswin's blow and the first change join the list,
    // five in all; the phone shows the newest three and folds the two oldest.
    for (const hp of [18, 17]) {
      await post(`/encounters/${id}/changes`, {
        change: { op: "set", combatant: "oswin", field: "hp", value: hp },
      });
    }
    const more = since.getByRole("button", { name: "Show 2 more" });
    await expect.poll(() => more.count()).toBe(1);
    await expect.poll(() => since.locator("li").count()).toBe(5);
    const shown = () => since.locator("li:visible").allTextContents();
    expect(await shown()).toEqual([
      "Knuckles attacks Hild — Knuckles misses Hild",
      expect.stringMatching(/^Oswin/u),
      "The GM sets Oswin's Hit points to 18 (was 20) — Oswin: -2 HP (to 18/20 HP)",
    ]);
    await more.click();
    expect(await shown()).toHaveLength(5);
    expect(await more.count()).toBe(0);
    donePhone({ context, page });
  });

  it("on a phone, a player's turn in a fight of nine: their choice over the turn order, its first three options on the screen", async () => {
    const id = await newExample("cartyrion/ambush-on-the-forest-road.yaml");
    // On to Wren's first decision, every other choice by its policy or Fray's dice.
    type Now = { pending: { kind: string; actor?: string } | null };
    let now = await get<Now>(`/encounters/${id}`);
    for (let i = 0; i < 20 && now.pending?.actor !== "archer"; i += 1) {
      now = await post<Now>(
        `/encounters/${id}/${now.pending!.kind === "roll" ? "roll" : "policy"}`,
      );
    }
    const hash = await playerHash(id, { combatants: ["archer", "cedryk"] }, "Ben");
    const { context, page } = await phone(`${serverUrl()}/${hash}`);
    await expect.poll(() => banner(page).textContent()).toBe("Your turn: Wren");
    await page.evaluate(() => window.scrollTo(0, 0));
    // The GM's ruling that began the fight says what was asked and what the GM ruled ("The GM's
    // ruling" alone, over the party's check, said nothing), the rule's numbers aside.
    const before = page.getByRole("region", { name: "last result" }).locator(".result-heading");
    expect(await before.textContent()).toBe(
      "The party suspect the opponents' ambush and try to turn the tables. How does the first round start? The GM ruled: an AWA check by the party: success reverses the ambush, failure means no surprise",
    );
    // Over the turn order, its nine entries and their notes seven lines of the screen.
    const prompt = (await page.locator(".next-step.yours").boundingBox())!;
    expect(prompt.y).toBeLessThan((await page.locator(".turn-order").boundingBox())!.y);
    const firstOptions = await page
      .locator(".next-step :is(.prompt, button.choice)")
      .evaluateAll((all) => all.slice(0, 4).map((e) => e.getBoundingClientRect().bottom));
    expect(firstOptions).toHaveLength(4);
    expect(Math.max(...firstOptions)).toBeLessThanOrEqual(PHONE.height);
    donePhone({ context, page });
  });

  it("shows the player's declaration taken while nothing has come of it yet", async () => {
    // swords-wizardry-fitz's ambush: each declares before the initiative (4. The Combat Round),
    // which causes nothing until the dice are in: no blow, no result.
    const id = await newExample("swords-wizardry-fitz/ambush-in-the-pass.yaml");
    const { context, page } = await phone(
      `${serverUrl()}/${await playerHash(id, { combatants: ["osric"] })}`,
    );
    const soFar = page.getByRole("region", { name: "so far" });
    await post(`/encounters/${id}/answer`, { total: 80 }); // the ambush fails
    await expect.poll(() => banner(page).textContent()).toBe("Your turn: Osric");
    expect(await soFar.count()).toBe(0);
    await page.getByRole("button", { name: /^fight \(move up to half speed/ }).click();
    await expect.poll(() => banner(page).textContent()).toBe("Ysolde decides");
    expect(await soFar.textContent()).toBe(
      "So far: Osric: fight (move up to half speed and attack) (Anna chose)",
    );
    await shootPhone(page, "player-declared");
    donePhone({ context, page });
  });

  it("says so when all of the player's combatants are out of a fight that goes on, and no more once one is back", async () => {
    const id = await newExample("tnt/group-fight.yaml");
    const { context, page } = await phone(
      `${serverUrl()}/${await playerHash(id, { combatants: ["oswin"] })}`,
    );
    const out = page.locator(".player-out");
    await expect.poll(() => banner(page).textContent()).toBe("Hild rolls initiative");
    expect(await out.count()).toBe(0);
    // The GM puts Oswin down by hand (a blow told at the table): Hild fights on.
    const { version } = await get<{ version: number }>(`/encounters/${id}`);
    const down = await post(`/encounters/${id}/changes`, {
      version,
      change: { op: "set", combatant: "oswin", field: "hp", value: 0 },
    });
    await expect
      .poll(() => page.locator("main").getAttribute("data-version"))
      .toBe(`${down.version}`);
    expect(await out.textContent()).toBe(
      "Oswin is out of the fight: the fight goes on without Oswin; follow it here.",
    );
    // On the first screen, under whose turn it is (his card, struck out, is far below).
    const box = (await out.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await shootPhone(page, "player-all-out");
    // The GM takes it back: Oswin is in the fight again, and the line goes.
    await post(`/encounters/${id}/undo`);
    await expect.poll(() => out.count()).toBe(0);
    donePhone({ context, page });
  });

  it("on a phone, a decision of the player's side that their link does not answer says what it asks and who answers it", async () => {
    const id = await newExample("cartyrion/ambush-on-the-forest-road.yaml");
    // The GM's ruling on the ambush, the party's AWA check, the first round's initiative.
    await post(`/encounters/${id}/policy`);
    await post(`/encounters/${id}/roll`);
    await post(`/encounters/${id}/roll`);
    const gm = await get<{ pending: { actor: string; prompt: string } }>(`/encounters/${id}`);
    expect(gm.pending).toMatchObject({ actor: "party", prompt: "Who acts next for the party?" });
    const { context, page } = await phone(
      `${serverUrl()}/${await playerHash(id, { combatants: ["janine", "bram"] })}`,
    );
    // It said "The party decides", and Anna, who plays two of the party, had no button for it.
    await expect
      .poll(() => banner(page).textContent())
      .toBe("The party decides: Who acts next for the party?");
    expect(await page.locator(".player-next").textContent()).toBe(
      "The party's choice: agree on it at the table; the GM answers it.",
    );
    expect(await page.getByRole("region", { name: "your choice" }).count()).toBe(0);
    await touchable(page);
    await shootPhone(page, "player-side-choice");
    donePhone({ context, page });
  });

  it("on two phones, each player rolls their own die of a strike against a defence: held until the other's comes, the GM sees who still rolls; undo and a phone offline", async () => {
    // karn's duel: Chip's strikes at Brannoc, each rolled with Brannoc's defence die (strike die,
    // then defence die: one roll to the rules). Anna plays Chip, Ben Brannoc.
    const id = await newExample("karn/duel.yaml");
    type Waiting = { pending: { kind: string; label: string }; version: number };
    let now = await get<Waiting>(`/encounters/${id}`);
    for (let i = 0; i < 200 && !/against Brannoc the axeman's/.test(now.pending.label); i += 1) {
      await post(`/encounters/${id}/${now.pending.kind === "roll" ? "roll" : "policy"}`);
      now = await get<Waiting>(`/encounters/${id}`);
    }
    expect(now.pending).toMatchObject({ kind: "roll", actor: "chip", opposed: "axeman" });
    const defence = /against Brannoc the axeman's (\w+)/.exec(now.pending.label)![1]!;
    const gm = await open(`#/encounters/${id}`);
    const ben = await phone(
      `${serverUrl()}/${await playerHash(id, { combatants: ["axeman"] }, "Ben")}`,
    );
    const anna = await phone(
      `${serverUrl()}/${await playerHash(id, { combatants: ["chip"] }, "Anna")}`,
    );
    // Each phone asks its own die alone (it asked Ben for both: "Chip Calhoon's dice are in this
    // roll too: type them ..."), and says the other's comes before or after.
    await expect.poll(() => banner(ben.page).textContent()).toBe("Your roll: Brannoc the axeman");
    const note = (page: Page) =>
      page.getByRole("region", { name: "your choice" }).locator(".roll-note").textContent();
    expect(await note(ben.page)).toBe(
      `Roll your ${defence} die only: Chip Calhoon's strike die is rolled for its side, before or after yours, and the roll is answered once both are in.`,
    );
    await expect.poll(() => banner(anna.page).textContent()).toBe("Your turn: Chip Calhoon");
    expect(await note(anna.page)).toBe(
      `Roll your strike die only: Brannoc the axeman's ${defence} die is rolled for its side, before or after yours, and the roll is answered once both are in.`,
    );
    const line = gm.locator(".player-choosing");
    await expect
      .poll(() => line.textContent())
      .toBe(
        `Still to roll: Chip Calhoon's strike die, Anna's, on their screen; Brannoc the axeman's ${defence} die, Ben's, on their screen. You can roll or type both here.`,
      );
    await touchable(ben.page);
    await shootPhone(ben.page, "player-defence-die");
    await shoot(gm, "gm-opposed-roll-both-to-come");
    // Ben's die first: held, the roll not answered; Ben waits, Anna's phone says it is in.
    await typeDice(ben.page, "12");
    await expect
      .poll(() => banner(ben.page).textContent())
      .toBe(`Your ${defence} die is in: waiting for Chip Calhoon's strike die.`);
    expect(await ben.page.getByRole("region", { name: "your choice" }).count()).toBe(0);
    await expect
      .poll(() => note(anna.page))
      .toBe(`Brannoc the axeman's ${defence} die is in: your strike die answers the roll.`);
    await expect
      .poll(() => line.textContent())
      .toBe(
        `Brannoc the axeman's ${defence} die is in (Ben: 12). Still to roll: Chip Calhoon's strike die, Anna's, on their screen. You can roll or type it here.`,
      );
    // Said there alone: the rehearsal's page said "Changed elsewhere (...): now N answers" over
    // the prompt too, N unchanged, for each die a phone gave.
    expect(await gm.locator(".now .elsewhere").textContent()).toBe("");
    await expect
      .poll(() => gm.locator(".next-step .prompt").first().textContent())
      .toContain("Chip Calhoon's strike die: roll a d20");
    await shootPhone(ben.page, "player-die-in-waiting");
    await shootPhone(anna.page, "player-strike-die-other-in");
    await shoot(gm, "gm-opposed-roll-one-in");
    // The GM's undo takes Ben's die back first: both are asked again, no answer undone.
    await post(`/encounters/${id}/undo`);
    await expect.poll(() => banner(ben.page).textContent()).toBe("Your roll: Brannoc the axeman");
    expect(await ben.page.locator(".took-back").textContent()).toBe(
      `The GM took back your ${defence} die: roll it again.`,
    );
    await shootPhone(ben.page, "player-die-taken-back");
    await expect.poll(() => note(anna.page)).toMatch(/^Roll your strike die only/);
    // Anna's phone off the network while Ben rolls again: back on, it catches up.
    await anna.context.setOffline(true);
    await typeDice(ben.page, "12");
    await expect.poll(() => banner(ben.page).textContent()).toMatch(/ die is in: waiting/);
    await anna.context.setOffline(false);
    await expect
      .poll(() => note(anna.page), { timeout: 15_000 })
      .toMatch(/ die is in: your strike die/);
    await typeDice(anna.page, "7");
    // Answered once both are in: the rules read the pair, Anna's strike die first.
    await expect
      .poll(async () => {
        const after = await get<{ log: { label?: string; dice?: string }[] }>(`/encounters/${id}`);
        return after.log.find((a) => a.label === now.pending.label)?.dice;
      })
      .toMatch(/^strike 7 \+ \d+ = \d+; defence 12 /);
    await expect.poll(() => banner(ben.page).textContent()).not.toMatch(/ die is in: waiting/);
    donePhone(ben);
    donePhone(anna);
    await done(gm);
  });

  it("on a phone, says which of the player's decisions the GM made for them while the phone was away", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    await post(`/encounters/${id}/answer`, { dice: [5] });
    const { context, page } = await phone(
      `${serverUrl()}/${await playerHash(id, { combatants: ["tombril"] })}`,
    );
    await expect.poll(() => banner(page).textContent()).toBe("Your turn: Tombril");
    // The phone loses the network; the GM decides Tombril's attack and rolls its damage.
    await context.setOffline(true);
    await post(`/encounters/${id}/policy`);
    const { version } = await post(`/encounters/${id}/roll`);
    await context.setOffline(false);
    await expect.poll(() => page.locator("main").getAttribute("data-version")).toBe(`${version}`);
    // It read "Tombril: attack ..." as if Anna had chosen it, beside "(Anna chose)" elsewhere.
    expect(await page.locator(".result-card .roll-who").first().textContent()).toBe(
      " (the GM chose)",
    );
    await shootPhone(page, "player-gm-chose");
    donePhone({ context, page });
  });

  it("on a phone, says how each foe left the fight, as the GM's page says it (dungeons-of-olde's ambush played out)", async () => {
    const id = await newExample("dungeons-of-olde/ambush-at-the-old-bridge.yaml");
    await post(`/encounters/${id}/autoplay`);
    const { context, page } = await phone(
      `${serverUrl()}/${await playerHash(id, { combatants: ["aldric"] })}`,
    );
    await expect.poll(() => banner(page).textContent()).toMatch(/^The fight is over/);
    const card = (who: string) => page.locator(`article[data-combatant="${who}"]`);
    // Fletch and Weasel withdrew unhurt: their cards said "out of the fight" over "healthy",
    // which read as though they stood there still.
    for (const who of ["archer", "slinger"]) {
      expect(await card(who).locator(".card-out").textContent(), who).toBe("left the fight");
      expect(await card(who).locator(".card-status").textContent(), who).toBe("healthy");
    }
    // The dead say it once: the badge, no status line under it saying "dead" again.
    for (const who of ["cutter", "knuckles"]) {
      expect(await card(who).locator(".card-out").textContent(), who).toBe("out: dead");
      expect(await card(who).locator(".card-status").count(), who).toBe(0);
    }
    // A friend down says why too, over the numbers the side reads in full.
    expect(await card("corwin").locator(".card-out").textContent()).toBe("out: incapacitated");
    expect(await card("corwin").locator(".card-status").textContent()).toMatch(
      /^incapacitated: -?\d+\/11 HP$/,
    );
    await touchable(page);
    await shootPhone(page, "player-foes-out");
    donePhone({ context, page });
  });

  it("once the fight is over, shows nothing under way, though the answer that ended it caused nothing", async () => {
    // The forest road's ambush as played from the console: the goblin chief fell, and the
    // party's next turn ("The party: Bram"), asked once more, ended the fight.
    const log = readFileSync(
      new URL("./fixtures/ambush-ended-by-a-decision.jsonl", import.meta.url),
      "utf8",
    );
    const { id } = await post("/encounters/from-log", { log });
    const hash = await playerHash(id, { combatants: ["janine", "bram"] }, "Anna");
    const { context, page } = await phone(`${serverUrl()}/${hash}`);
    await expect
      .poll(() => banner(page).textContent())
      .toMatch(/^The fight is over: the party wins/);
    // It showed "Now: The party: Bram" under "The fight is over", and "Before that" over the
    // blow that ended it.
    expect(await page.getByRole("region", { name: "this blow so far" }).count()).toBe(0);
    const last = page.getByRole("region", { name: "last result" });
    expect(await last.locator("h2").textContent()).toBe("Last result");
    expect(await last.locator(".result-heading").textContent()).toBe(
      "Wren: attack Goblin chief with the shortbow (Ben chose)",
    );
    donePhone({ context, page });
  });

  it("fought again by the GM, the same links play the new fight: each open screen says so and follows it, the fight fought keeps none", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const anna = await phone(`${serverUrl()}/${await playerHash(id, { combatants: ["tombril"] })}`);
    const ben = await phone(`${serverUrl()}/${await playerHash(id, { side: "opponents" }, "Ben")}`);
    await post(`/encounters/${id}/autoplay`, { until: "end" });
    await expect.poll(() => banner(anna.page).textContent()).toMatch(/^The fight is over/);
    await expect.poll(() => banner(ben.page).textContent()).toMatch(/^The fight is over/);
    // The screens are the same page loads throughout: nothing is opened anew by hand.
    for (const p of [anna.page, ben.page])
      await p.evaluate(() => Object.assign(window, { kept: 1 }));

    const gm = await open(`#/encounters/${id}`);
    await expect
      .poll(() => gm.locator(".again span").textContent())
      .toBe(
        "the same start as a new encounter; this one stays as it ended; the players' links move on to it, their screens follow",
      );
    await gm.getByRole("button", { name: "Fight it again with new dice" }).click();
    await expect.poll(() => gm.url()).not.toMatch(new RegExp(`#/encounters/${id}$`));
    const again = Number(/#\/encounters\/(\d+)$/.exec(gm.url())![1]);
    // Both phones follow the new fight at its start, and say why its end is gone.
    for (const p of [anna.page, ben.page]) {
      await expect
        .poll(() => p.locator(".fight-again").textContent())
        .toBe("The GM started the fight again: the same fight from its start, with new dice.");
      await expect
        .poll(() => banner(p).textContent())
        .toBe("The GM rolls the first round's initiative");
      expect(await p.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1);
    }
    await shootPhone(anna.page, "player-fight-again");
    // The GM's page of the new fight lists both links, their screens open; its header says the
    // fight it is fought again, where it said "a what-if of #1 after 0 answers" (a what-if's words
    // are console.suite's).
    await expect
      .poll(() => gm.getByRole("button", { name: /^Players/ }).textContent())
      .toBe("Players: 2, 2 open");
    expect(await gm.locator(".topbar .summary").textContent()).toMatch(
      new RegExp(`; #${id} fought again$`),
    );
    // Anna plays the new fight from the same link.
    await typeDice(gm, "5");
    await expect.poll(() => banner(anna.page).textContent()).toBe("Your turn: Tombril");
    await anna.page.locator("button.choice.policy").click();
    await expect
      .poll(async () => (await get<{ answers: number }>(`/encounters/${again}`)).answers)
      .toBe(2);
    expect((await get<{ answers: number }>(`/encounters/${id}`)).answers).toBeGreaterThan(2);
    // The fight fought stays as it ended, with no link; its Players panel says where they went
    // and leads there, where it said "No player has a link yet" as of a fight never linked.
    expect((await get<{ players: unknown[] }>(`/encounters/${id}/players`)).players).toEqual([]);
    await gm.goto(`${serverUrl()}/#/encounters/${id}`);
    await gm.getByRole("button", { name: /^Players/ }).click();
    const moved = gm.locator(".players-dialog .players-moved");
    await expect
      .poll(() => moved.textContent())
      .toBe(
        `This fight was fought again: its players' links moved on to #${again}, and their phones play it there. Links made here play this fight.`,
      );
    await moved.getByRole("link", { name: `#${again}` }).click();
    await expect.poll(() => gm.url()).toMatch(new RegExp(`#/encounters/${again}$`));
    // The list says it in its "branched from" column, where it said "#1 after 0".
    await gm.goto(`${serverUrl()}/#/`);
    await expect
      .poll(() => gm.locator(`tr[data-encounter="${again}"] td`).nth(6).textContent())
      .toBe(`#${id} fought again`);
    donePhone(anna);
    donePhone(ben);
    await done(gm);
  });

  it("with two links for one combatant, says the player of the open one is choosing, not the first's", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    // Anna's first link, for her phone, is not open; her second, for her tablet, is (the
    // rehearsal's Friday: the GM's page said her screen was not open).
    await playerHash(id, { combatants: ["tombril"] }, "Anna");
    const tablet = await phone(
      `${serverUrl()}/${await playerHash(id, { combatants: ["tombril"] }, "Anna's tablet")}`,
    );
    const gm = await open(`#/encounters/${id}`);
    await expect
      .poll(() => gm.getByRole("button", { name: /^Players/ }).textContent())
      .toBe("Players: 2, 1 open");
    await typeDice(gm, "5");
    const choosing = gm.locator(".player-choosing");
    await expect
      .poll(() => choosing.textContent())
      .toBe("Anna's tablet is choosing for Tombril on their screen; you can still answer here.");
    // Neither open: the first link's player is asked to open it.
    await tablet.context.close();
    await expect
      .poll(() => choosing.textContent())
      .toBe(
        "Tombril is Anna's, whose screen is not open: answer here, or ask them to open their link.",
      );
    await done(gm);
  });

  it("with its stream down, says so and follows by asking; back up, it is pushed again", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const url = `${serverUrl()}/${await playerHash(id, { combatants: ["tombril"] })}`;
    const stream = "**/player/events";
    // The stream refused on the way (a proxy that buffers it, a dropped network).
    // The screen asks every 3 s and tries the stream again after a pause of 1 to 15 s
    // (use-player.ts, event-stream.ts): its clock is Playwright's, moved on by that much after
    // each look that did not see the change yet, instead of waiting in real time (time still
    // flows as well). Not after the look that saw it: no ask is set off just before the undo below.
    const { context, page } = await phone(url, async (p) => {
      await p.clock.install();
      await p.route(stream, (r) => r.abort());
    });
    const after = (ms: number, read: () => Promise<string | null>, want: string) => async () => {
      const seen = await read();
      if (seen !== want) await page.clock.fastForward(ms);
      return seen;
    };
    const live = page.locator(".live");
    await expect
      .poll(() => banner(page).textContent())
      .toBe("The GM rolls the first round's initiative");
    expect(await live.textContent()).toBe("reconnecting…");
    // The GM rolls the initiative: the screen asks, and follows.
    const { version } = await post(`/encounters/${id}/answer`, { dice: [5] });
    await expect
      .poll(after(3_000, () => banner(page).textContent(), "Your turn: Tombril"))
      .toBe("Your turn: Tombril");
    expect(await viaOf(page, version)).toBe("poll");
    // The stream back: the screen is live again, and the next change comes by push.
    await page.unroute(stream);
    await expect.poll(after(15_000, () => live.textContent(), "live")).toBe("live");
    const undone = await post(`/encounters/${id}/undo`);
    await expect
      .poll(() => banner(page).textContent())
      .toBe("The GM rolls the first round's initiative");
    expect(await viaOf(page, undone.version)).toBe("push");
    await context.close();
  });

  it("without a network, says so and keeps the dice typed; an answer the GM undid under it says the fight changed; awake again, it keeps a live stream and opens a silent one anew", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const url = `${serverUrl()}/${await playerHash(id, { combatants: ["tombril"] })}`;
    // Its stream refused throughout, until the end (a phone's connection that dies keeps no
    // stream): what it shows comes by asking, which is stopped below while the GM undoes.
    const stream = "**/player/events";
    // Its clock is Playwright's, which moves on by itself too, for the phone's sleep at the end.
    const { context, page } = await phone(url, async (p) => {
      await p.clock.install();
      await p.route(stream, (r) => r.abort());
    });
    const live = page.locator(".live");
    const dice = page.getByLabel("dice rolled");
    const error = page.locator(".error");
    // The GM rolls the initiative and takes the tactics' attack for Tombril: his damage is asked.
    await post(`/encounters/${id}/answer`, { dice: [5] });
    await post(`/encounters/${id}/policy`);
    await expect.poll(() => dice.count(), { timeout: 20_000 }).toBe(1);
    expect(await live.textContent()).toBe("reconnecting…");
    await dice.fill("5 3 4 3 2");
    // The phone loses its network: it says so at once, and the dice sent are kept, not lost.
    await context.setOffline(true);
    await expect.poll(() => live.textContent()).toBe("no connection");
    await page.getByRole("button", { name: "Enter dice" }).click();
    await expect.poll(() => error.textContent()).toContain("lost its connection");
    expect(await error.textContent()).not.toContain("fetch");
    expect(await dice.inputValue()).toBe("5 3 4 3 2");
    // While it is away (nothing pushed nor polled reaches it), the GM undoes the attack; back
    // on the network, the dice sent answer a roll no longer asked: said so, and the screen shows
    // the choice as it is now (Tombril's decision again), not the encounter's version numbers.
    let answered = false;
    await page.route("**/player", (r) => (answered ? r.continue() : r.abort()));
    await page.route("**/player/answer", (r) => {
      answered = true;
      return r.continue();
    });
    await post(`/encounters/${id}/undo`);
    await context.setOffline(false);
    await page.getByRole("button", { name: "Enter dice" }).click();
    await expect
      .poll(() => error.textContent())
      .toContain("the fight changed while you were answering");
    expect(await error.textContent()).not.toContain("version");
    await expect.poll(() => dice.count()).toBe(0);
    expect(await page.locator(".next-step").textContent()).toContain("what does Tombril do?");
    await shootPhone(page, "player-moved-on");
    await page.unrouteAll();
    await expect.poll(() => live.textContent(), { timeout: 20_000 }).toBe("live");
    // Shown again (the page hidden, then visible): its stream is alive, so it is kept, not
    // opened anew (a new stream costs the server one more and the screen the state again); the
    // GM's next change comes by push on it.
    const opened: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/player/events")) opened.push(r.url());
    });
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    const taken = await post(`/encounters/${id}/policy`);
    await expect.poll(() => viaOf(page, taken.version)).toBe("push");
    expect(opened).toEqual([]);
    // Awake after sleeping past the server's heartbeat (a comment every 20 s) with nothing
    // heard: the page's clock jumps on by that much; its stream, which may have died in silence
    // (no error comes), is opened anew, and the next change comes by push on the new one.
    await page.clock.fastForward(SILENCE_MS + 5000);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(() => opened.length).toBe(1);
    await expect.poll(() => live.textContent()).toBe("live");
    const undone = await post(`/encounters/${id}/undo`);
    await expect.poll(() => viaOf(page, undone.version)).toBe("push");
    expect(opened.length).toBe(1);
    await context.close();
  });

  it("the GM's page off the network says so and refuses in words; back on it or awake, its dead stream is opened anew and the encounter shown fresh at once", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const context = await theBrowser().newContext({ viewport: LAPTOP });
    const gm = await context.newPage();
    gm.setDefaultTimeout(ACTION_TIMEOUT_MS);
    // Its stream refused (a laptop whose connection died keeps none) until it is back, and its
    // clock stopped once loaded: neither its poll (every 1.5 s while the stream is down) nor the
    // stream's next try fires by itself, so only coming back can make the page fresh.
    const stream = `**/encounters/${id}/events`;
    await gm.clock.install();
    await gm.route(stream, (r) => r.abort());
    const opened: string[] = [];
    gm.on("request", (r) => {
      if (r.url().endsWith("/events")) opened.push(r.url());
    });
    await gm.goto(`${serverUrl()}/#/encounters/${id}`);
    const version = () => gm.locator("main").getAttribute("data-version");
    const loaded = await get<{ version: number }>(`/encounters/${id}`);
    await expect.poll(version).toBe(`${loaded.version}`);
    await gm.clock.pauseAt(Date.now() + 60_000);
    const badge = gm.locator(".topbar .live");
    expect(await badge.count()).toBe(0);
    // Awake again (the laptop's lid opened): what a player did meanwhile is shown at once.
    const rolled = await post(`/encounters/${id}/answer`, { dice: [5] });
    await gm.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(version).toBe(`${rolled.version}`);
    // Off the network: said at once, and a change tried says it was not sent, in words.
    await context.setOffline(true);
    await expect.poll(() => badge.textContent()).toBe("no connection");
    await gm.getByRole("button", { name: "Undo", exact: true }).click();
    const error = gm.locator(".error-message");
    await expect.poll(() => error.textContent()).toContain("lost its connection");
    expect(await error.textContent()).not.toContain("fetch");
    await shoot(gm, "gm-no-connection", gm.locator(".topbar"));
    // A player answers meanwhile; back on the network, the page shows it at once and its
    // stream is open again: the next change comes by push.
    const attacked = await post(`/encounters/${id}/policy`);
    await gm.unroute(stream);
    const tries = opened.length;
    await context.setOffline(false);
    await expect.poll(version).toBe(`${attacked.version}`);
    expect(await badge.count()).toBe(0);
    await expect.poll(() => opened.length).toBeGreaterThan(tries);
    const pushed = await post(`/encounters/${id}/answer`, { dice: [5, 3, 4, 3, 2] });
    await expect.poll(version).toBe(`${pushed.version}`);
    await context.close();
  });

  it("dice typed while the GM undoes are said not sent, with why (the GM took the answer back), and come back in the box when the roll is asked again", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const url = `${serverUrl()}/${await playerHash(id, { combatants: ["tombril"] })}`;
    const { context, page } = await phone(url);
    const dice = page.getByLabel("dice rolled");
    // The GM rolls the initiative and takes the tactics' attack for Tombril: his damage is asked.
    await post(`/encounters/${id}/answer`, { dice: [5] });
    const attack = await post(`/encounters/${id}/policy`);
    await expect
      .poll(() => page.locator("main").getAttribute("data-version"))
      .toBe(`${attack.version}`);
    await dice.fill("5 3 4");
    // The player down at the dice box, as a phone is while typing (the Friday rehearsal's note
    // of the undo was above, off the screen): a short screen (the keyboard up) holds less.
    const short = { width: PHONE.width, height: 300 };
    await page.setViewportSize(short);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // The GM undoes the attack before the dice are sent: the box goes with the roll, and the
    // screen says the dice went nowhere, which they were.
    const undone = await post(`/encounters/${id}/undo`);
    await expect
      .poll(() => page.locator("main").getAttribute("data-version"))
      .toBe(`${undone.version}`);
    expect(await dice.count()).toBe(0);
    const said = page.locator(".error-message");
    await expect.poll(() => said.textContent()).toContain("Tombril's damage is no longer asked");
    expect(await said.textContent()).toContain("your dice (5 3 4) went nowhere");
    // And why the fight went back under the player: the GM took the attack back, said by what
    // it was (the GM's tactics chose it for Tombril), in view.
    const tookBack = page.locator(".took-back");
    expect(await tookBack.textContent()).toMatch(
      /^The GM took back “Tombril: attack Hill Giant .+”: the fight goes on from before it\.$/u,
    );
    const note = (await tookBack.boundingBox())!;
    expect(note.y).toBeGreaterThanOrEqual(0);
    expect(note.y + note.height).toBeLessThanOrEqual(short.height);
    await page.setViewportSize(PHONE);
    await shootPhone(page, "player-dice-not-sent");
    // The GM takes the same attack again: the same roll is asked, with the dice typed in its box;
    // the fight goes on, and what was taken back is old news: polled, since the box is drawn
    // with the dice a render before the screen's effect clears the message (player-screen.tsx).
    await post(`/encounters/${id}/policy`);
    await expect.poll(() => dice.inputValue()).toBe("5 3 4");
    await expect.poll(() => said.count()).toBe(0);
    await expect.poll(() => tookBack.count()).toBe(0);
    donePhone({ context, page });
  });

  it("a move refused for coming too fast counts down the seconds of its Retry-After, on the phone and on the GM's page", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const url = `${serverUrl()}/${await playerHash(id, { combatants: ["tombril"] })}`;
    // The countdown's clock is Playwright's, moved on by the wait once the first second is shown,
    // instead of waiting it out in real time (time still flows as well).
    const { context, page } = await phone(url, (p) => p.clock.install());
    await post(`/encounters/${id}/answer`, { dice: [5] });
    const attack = await post(`/encounters/${id}/policy`);
    await expect
      .poll(() => page.locator("main").getAttribute("data-version"))
      .toBe(`${attack.version}`);
    // The server's refusal of a link over its rate limit (rate-limits.ts), as it answers it: a
    // real one needs 120 requests inside 10 s, which a loaded machine does not always send.
    const tooFast = (wait: number, body: object) => (r: Route) =>
      r.fulfill({
        status: 429,
        headers: { "retry-after": String(wait), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    await page.route(
      "**/player/answer",
      tooFast(3, {
        error: "too many requests from Anna's link: at most 120 in 10 s",
        where: "link",
        hint: "wait 3 s and try again; a phone that asks this often is stuck in a loop: reload it",
      }),
    );
    await typeDice(page, "5 3 4 3 2");
    const wait = page.locator(".error-wait");
    await expect.poll(() => page.locator(".error-message").textContent()).toContain("Too fast");
    expect(await wait.textContent()).toMatch(/^Try again in [1-3] s$/);
    // On the phone's first screen, the countdown beside the dice kept and their button.
    for (const shown of [wait, page.getByRole("button", { name: "Enter dice" })]) {
      const box = (await shown.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    expect(await widthOf(page)).toBeLessThanOrEqual(PHONE.width);
    await shootPhone(page, "player-too-fast");
    await page.clock.fastForward(3_000);
    await expect.poll(() => wait.textContent()).toBe("You may try again now");
    expect(await page.getByLabel("dice rolled").inputValue()).toBe("5 3 4 3 2");
    await page.unroute("**/player/answer");
    await page.getByRole("button", { name: "Enter dice" }).click();
    await expect.poll(() => page.getByLabel("dice rolled").count()).toBe(0);
    // The stream's new state can take the box away before the answer's own reply clears the
    // refusal: the countdown goes once that reply is in.
    await expect.poll(() => wait.count()).toBe(0);
    await context.close();
    // The GM's page, its answer refused by a server that has no place for it.
    const gm = await open(`#/encounters/${id}`);
    await gm.clock.install();
    await gm.route(
      "**/encounters/*/answer",
      tooFast(2, {
        error: "the server is busy: 2 heavy requests run and 8 wait, the most it takes",
        where: "server",
        hint: "try again in 2 s",
      }),
    );
    await expect.poll(() => gm.getByRole("button", { name: /Undo/ }).count()).toBeGreaterThan(0);
    await gm.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => gm.getByLabel("dice rolled").count()).toBe(1);
    await typeDice(gm, "5 3 4 3 2");
    const gmWait = gm.locator(".error-wait");
    await expect.poll(() => gmWait.textContent()).toMatch(/^Try again in [12] s$/);
    expect(await gm.locator(".error").textContent()).toContain("the server is busy");
    expect(await gm.locator(".error-hint").count()).toBe(0);
    await gm.clock.fastForward(2_000);
    await expect.poll(() => gmWait.textContent()).toBe("You may try again now");
    await gm.close();
  });

  it("on a server that needs the GM's secret: the GM's link opens the console, a page without it nothing", async () => {
    const secret = "a-gm-secret-for-this-test-only";
    const db = join(mkdtempSync(join(tmpdir(), "fray-secured-")), "fray.sqlite");
    const server = await startServer({ port: 0, host: "127.0.0.1", db, gmSecret: secret });
    const context = await theBrowser().newContext({ viewport: LAPTOP });
    try {
      // A page without the GM's link: the API refuses it, and the page says how to get in.
      const stranger = await context.newPage();
      await stranger.goto(`${server.url}/#/`);
      const refused = stranger.getByRole("alert");
      await expect
        .poll(() => refused.locator(".error-message").textContent())
        .toBe("this route is the GM's: it needs the GM's secret");
      expect(await stranger.locator("tr[data-encounter]").count()).toBe(0);
      await stranger.close();

      // The GM's link: the secret is kept in this browser and leaves the address bar.
      const gm = await context.newPage();
      gm.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await gm.goto(`${server.url}/#/gm/${secret}`);
      await gm.getByRole("link", { name: "Tombril and the Hill Giant" }).click();
      expect(gm.url()).not.toContain(secret);
      const annaUrl = await makeLink(gm, "Anna", ["Tombril"]);
      const anna = await phone(annaUrl);
      await expect
        .poll(() => banner(anna.page).textContent())
        .toBe("The GM rolls the first round's initiative");
      // The GM's page follows by its stream, opened with the secret: it sees Anna's screen open.
      await expect
        .poll(() => gm.locator(".player-links").textContent())
        .toMatch(/Anna.*screen open/s);
      await typeDice(gm, "5");
      await expect.poll(() => banner(anna.page).textContent()).toBe("Your turn: Tombril");
      await anna.context.close();
    } finally {
      await context.close();
      await server.app.close();
    }
  });
});

describe("the GM's players panel", () => {
  it("lists every link made, each with its own code to show, one at a time, and its revoke", async () => {
    // The rehearsal's GM made Anna's, Ben's, Cleo's and Dev's links in a row: the panel kept
    // Dev's link and code only, and the GM revoked and remade the other three to hand them out.
    const id = await newExample("cartyrion/ambush-on-the-forest-road.yaml");
    const gm = await open(`#/encounters/${id}`);
    const players = [
      ["Anna", "Janine the Pious"],
      ["Ben", "Bram"],
      ["Cleo", "Wren"],
      ["Dev", "Cedryk the Sneaky"],
    ] as const;
    const made = new Map<string, string>();
    for (const [name, plays] of players) made.set(name, await makeLink(gm, name, [plays]));
    expect(new Set(made.values()).size).toBe(4);
    await gm.getByRole("button", { name: /^Players/ }).click();
    const panel = gm.getByRole("dialog").getByRole("region", { name: "players" });
    const codes = panel.getByRole("img", { name: /'s link as a QR code$/ });
    // The last made shown, and only it.
    expect(await codes.count()).toBe(1);
    expect(await panel.getByRole("textbox", { name: "Dev's link" }).inputValue()).toBe(
      made.get("Dev"),
    );
    for (const [name] of players) {
      await panel.getByRole("button", { name: `Show ${name}'s code` }).click();
      expect(await codes.count()).toBe(1);
      expect(await panel.getByRole("textbox", { name: `${name}'s link` }).inputValue()).toBe(
        made.get(name),
      );
      expect(await scanned(panel.getByRole("img", { name: `${name}'s link as a QR code` }))).toBe(
        made.get(name),
      );
    }
    // Pressed again, it hides the code.
    await panel.getByRole("button", { name: "Show Dev's code" }).click();
    expect(await codes.count()).toBe(0);
    await panel.getByRole("button", { name: "Show Cleo's code" }).click();
    await shootPhone(gm, "gm-player-links-four");
    // Revoking Ben's leaves the others' codes to show, and Cleo's shown.
    await panel.getByRole("button", { name: "Revoke Ben's link" }).click();
    await expect.poll(() => panel.locator(".player-links li").count()).toBe(3);
    expect(await panel.locator(".player-links .player-name").allTextContents()).toEqual([
      "Anna",
      "Cleo",
      "Dev",
    ]);
    expect(await panel.getByRole("button", { name: /^Show .*'s code$/ }).count()).toBe(3);
    expect(await panel.getByRole("textbox", { name: "Cleo's link" }).inputValue()).toBe(
      made.get("Cleo"),
    );
    await gm.keyboard.press("Escape");
    await done(gm);
  });

  it("copies a new link, and says so; where the browser gives the page no clipboard (plain http from another machine), selects it to copy by hand", async () => {
    // Copy did nothing there, and said nothing: the GM at the laptop's address sent no link.
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const context = await theBrowser().newContext({ viewport: LAPTOP });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: serverUrl() });
    const gm = await context.newPage();
    gm.setDefaultTimeout(ACTION_TIMEOUT_MS);
    await gm.goto(`${serverUrl()}/#/encounters/${id}`);
    await gm.getByRole("button", { name: /^Players/ }).click();
    const panel = gm.getByRole("dialog").getByRole("region", { name: "players" });
    await panel.getByLabel("Player's name").fill("Anna");
    await panel.getByLabel("Tombril", { exact: true }).check();
    await panel.getByRole("button", { name: "Make a link" }).click();
    const address = panel.getByRole("textbox", { name: "Anna's link" });
    await expect.poll(() => address.inputValue()).toContain("/#/play/fp_");
    const link = await address.inputValue();
    await panel.getByRole("button", { name: "Copy", exact: true }).click();
    await expect.poll(() => panel.locator(".copied").textContent()).toBe("Copied Anna's link.");
    expect(await gm.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await gm.evaluate(() => Object.defineProperty(navigator, "clipboard", { value: undefined }));
    await panel.getByRole("button", { name: "Copy", exact: true }).click();
    await expect
      .poll(() => panel.locator(".copied").textContent())
      .toBe(
        "This browser lets the page copy nothing: the link is selected, copy it (Ctrl+C, or hold it on a phone).",
      );
    // The whole link selected in its box, the keyboard's focus there: Ctrl+C copies it.
    expect(
      await address.evaluate((box: HTMLInputElement) => [
        document.activeElement === box,
        box.selectionStart,
        box.selectionEnd,
      ]),
    ).toEqual([true, 0, link.length]);
    // On a phone what the GM taps in the panel is a thumb high: the player's name was a box 27 px
    // high, the link's 30, a checkbox's row 32.
    await gm.setViewportSize(PHONE);
    const low = await panel
      .locator("input:not([type=checkbox]), button, .new-player fieldset label")
      .evaluateAll((all) =>
        all
          .map((e) => [
            e.getAttribute("aria-label") ?? e.textContent,
            e.getBoundingClientRect().height,
          ])
          .filter(([, height]) => (height as number) > 0 && (height as number) < 44),
      );
    expect(low).toEqual([]);
    await context.close();
  });
});
