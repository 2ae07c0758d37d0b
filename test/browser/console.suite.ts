// The GM's console in a real browser (Debian's Chromium, driven by playwright-core) against the
// real server on a port of its own and a new SQLite file, as every test/browser/*.suite.ts file
// has its own (each-file.ts): the chapter's worked example played with its dice, undo and redo,
// the players' screen, a refused file, a simulation from where the fight stands and from its
// start, the advisor (its note that the figures assume the policies, and its "lose this round"
// column, against the HTTP route) and a branch, the list of encounters, a page following changes
// made elsewhere. Needs the built console (`npm run build`) and
// /usr/bin/chromium-headless-shell (`apt-get install chromium-headless-shell`).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Locator } from "playwright-core";
import { parseEncounterFile } from "../../src/engine/encounter-file.js";
import { readLog } from "../../src/engine/log.js";
import { rulesets } from "../../src/rulesets/index.js";
import { runSimulation } from "../../src/sim/runner.js";
import { estimate, interval, shares } from "../../web/src/format.js";
import type { AdviceJson } from "../../web/src/types.js";
import {
  ACTION_TIMEOUT_MS,
  contrast,
  copiedFigures,
  done,
  exampleText,
  get,
  LAPTOP,
  newExample,
  open,
  PHONE,
  phoneContext,
  TABLET,
  playerHash,
  post,
  serverUrl,
  shoot,
  statusOf,
  theBrowser,
  typeDice,
} from "./support.js";

const TOMBRIL = new URL(
  "../../examples/cartyrion/tombril-and-the-hill-giant.yaml",
  import.meta.url,
);

const newTombril = () => newExample("cartyrion/tombril-and-the-hill-giant.yaml");

describe("the GM's console", () => {
  it("plays the chapter's worked example with its dice: the giant at 37 SP, Tombril at 12 SP; undo and redo", async () => {
    const page = await open("");
    await page.getByRole("link", { name: "Tombril and the Hill Giant" }).click();
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("68/68 SP");
    // Damage Dice, "Example": initiative 5, Tombril attacks with 5d6 = 5 3 4 3 2, the giant
    // answers (its policy) with 6d6 exploding = 6 5 3 6 2 6 5 1 6 2.
    await typeDice(page, "7"); // not a face of the d6: refused, explained, kept in the box
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain("7 is not a face of a d6");
    // Under the dice box, where the GM's eyes are, without the roll's label again: not at the
    // top of the page.
    expect(await page.locator(".next-step .roll").getByRole("alert").count()).toBe(1);
    expect(await alert.count()).toBe(1);
    expect(await alert.locator(".error-message").textContent()).toBe(
      "7 is not a face of a d6 (die 1)",
    );
    expect(await alert.locator(".error-where").count()).toBe(0);
    expect(await alert.locator(".error-hint").textContent()).toContain("from 1 to 6");
    expect(await page.getByLabel("dice rolled").inputValue()).toBe("7");
    await typeDice(page, "5");
    await page.locator("button.choice.policy").click();
    await typeDice(page, "5 3 4 3 2");
    await page.getByRole("button", { name: "Decide by the tactics" }).click();
    await typeDice(page, "6 5 3 6 2 6 5 1 6 2");
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("37/68 SP");
    await expect.poll(() => statusOf(page, "tombril").textContent()).toContain("12/55 SP");
    const log = page.locator(".timeline");
    await expect
      .poll(() => log.textContent())
      .toContain("31 SP are taken from Hill Giant's 68, leaving 37 SP");
    // Each result with its rule's name, not the ruleset's id before it.
    await expect.poll(() => log.textContent()).toContain("Resolving Combat");
    expect(await log.textContent()).not.toContain("cartyrion, ");

    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => statusOf(page, "tombril").textContent()).toContain("55/55 SP");
    expect(await statusOf(page, "giant").textContent()).toContain("37/68 SP");
    await page.getByLabel("undo steps").fill("2");
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("68/68 SP");
    await page.getByLabel("redo steps").fill("3");
    await page.getByRole("button", { name: "Redo", exact: true }).click();
    await expect.poll(() => statusOf(page, "tombril").textContent()).toContain("12/55 SP");
    expect(await statusOf(page, "giant").textContent()).toContain("37/68 SP");

    // The party's screen shows Tombril's stamina but not the giant's, and follows the GM.
    const player = await open(await playerHash(1, { side: "party" }), PHONE);
    await expect.poll(() => statusOf(player, "tombril").textContent()).toContain("12/55 SP");
    const giantSeen = (await statusOf(player, "giant").textContent()) ?? "";
    expect(giantSeen).not.toBe("");
    expect(giantSeen).not.toContain("37/68");
    expect(await player.locator("main").textContent()).not.toContain("37/68");
    expect(await player.locator(".timeline").count()).toBe(0);
    await page.getByLabel("undo steps").fill("2");
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => statusOf(player, "tombril").textContent()).toContain("55/55 SP");
    await player.close();
    await done(page);
  });

  it("refuses a broken encounter file with where and the API's hint, keeping the text", async () => {
    const broken = readFileSync(TOMBRIL, "utf8").replace("weapons: [club]", "weapons: [club");
    const page = await open("");
    await page.getByLabel("encounter YAML").fill(broken);
    await page.getByRole("button", { name: "Create" }).click();
    const alert = page.getByRole("alert");
    // Where, as a line of the box (the API's "file:12:3" is not said).
    await expect
      .poll(() => page.locator(".create-where").textContent())
      .toMatch(/^Line \d+, column \d+ of the box\. Show line \d+ in the box$/);
    expect(await alert.locator(".error-hint").textContent()).toContain("fix the YAML syntax");
    expect(await page.getByLabel("encounter YAML").inputValue()).toBe(broken);
    // Fixed in the box, the same text makes a new encounter.
    await page.getByLabel("encounter YAML").fill(readFileSync(TOMBRIL, "utf8"));
    await page.getByRole("button", { name: "Create" }).click();
    await expect
      .poll(() => page.locator("h1").textContent())
      .toContain("Tombril and the Hill Giant");
    expect(page.url()).toMatch(/#\/encounters\/2$/);
    await done(page);
  });

  it("simulates the fight from where it stands and from its start, advises the pending decision, branches a what-if", async () => {
    // Encounter 1 stands where the first test left it: 3 answers into round 1, Tombril's blow
    // has taken the giant to 37 SP, and the giant is to choose what it does.
    const page = await open("#/encounters/1");
    const started = page.locator(".sim-start");
    const party = () => page.locator('table.sim-result tr[data-side="party"]').textContent();
    await page.getByRole("button", { name: "Simulate from the start" }).click();
    await expect
      .poll(() => started.textContent(), { timeout: 60_000 })
      .toBe("From the start of the fight: 2,000 fights");
    await expect.poll(party).toMatch(/Tombril wins\d+\.\d%\d+\.\d%-\d+\.\d%/);
    // The chart's code loads the first time a chart is drawn: give it time on a busy machine.
    await expect.poll(() => page.locator(".chart svg").count(), { timeout: 60_000 }).toBe(1);
    const fromStart = await party();

    await page.getByRole("button", { name: "Simulate from round 1" }).click();
    // The simulation runs on the server's worker thread: give it time on a busy machine.
    await expect
      .poll(() => started.textContent(), { timeout: 60_000 })
      .toBe("From round 1, after 3 answers (3 in this round): 2,000 fights");
    // The chance shown is the one the engine gives from the log's answers, with the seed (5).
    const log = await (await fetch(`${serverUrl()}/encounters/1/log`)).text();
    const definition = parseEncounterFile(parse(readFileSync(TOMBRIL, "utf8")), rulesets, "t");
    const direct = await runSimulation({
      definition,
      answers: readLog(log, rulesets, "log").encounter.log,
      seed: 5,
      runs: 2000,
      workers: 1,
    });
    const { sides, draw, mutualKill } = direct.summary;
    const chance = shares([...sides.map((side) => side.win.p), draw.p, mutualKill.p])[0];
    await expect.poll(party).toBe(`Tombril wins${chance}${interval(sides[0]!.win)}`);
    expect(await party()).not.toBe(fromStart);

    await page.getByRole("button", { name: "Advise the next decision" }).click();
    const advice = page.locator("table.advice tbody tr");
    await expect.poll(() => advice.count(), { timeout: 60_000 }).toBeGreaterThan(1);
    expect(await advice.first().textContent()).toMatch(/\d+\.\d/);
    // The figures assume that everyone, the foes included, then acts by policy, and the page
    // says so; beside each foe's chance of being out, the chances to win and to lose this round
    // (fray advise's "lose"), each cell as the HTTP route gives it for this position.
    const advisor = page.locator("section.advisor");
    expect(await advisor.locator(".note").textContent()).toBe(
      "Every later decision of the round, the foes' included, is taken by the combatants' tactics: the figures are what each option leads to if everyone then plays by them, not against every answer the foes could give.",
    );
    const served = await get<AdviceJson>("/encounters/1/advice?samples=5000");
    expect(await advisor.locator("table.advice thead th").allTextContents()).toEqual([
      "option",
      // In the ruleset's unit: the advisor's figures had none.
      "damage dealt (SP + injury slots)",
      "damage taken (SP + injury slots)",
      "Tombril out",
      "win this round",
      "lose this round",
      "", // the column of Choose buttons
    ]);
    const cells = await advice.evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll("td"), (td) => td.textContent ?? "")),
    );
    const outOf = (o: AdviceJson["options"][number], id: string) =>
      o.combatants.find((c) => c.id === id)?.out ?? null;
    expect(cells.map((row) => row.slice(0, 6))).toEqual(
      served.options.map((o) => [
        `${o.label}${o.policy ? " (tactics' pick)" : ""}`,
        estimate(o.dealt),
        estimate(o.taken),
        estimate(outOf(o, "tombril"), true),
        estimate(o.win, true),
        estimate(o.lose, true),
      ]),
    );
    // Withdrawing leaves the fight to Tombril: the giant's side loses this round, for certain.
    const withdraw = cells.find((row) => row[0] === "withdraw from the fight (dash away)");
    expect(withdraw?.slice(4, 6)).toEqual(["0.0%", "100.0%"]);

    // A what-if after the first two answers: a new encounter; the original keeps its own.
    await page.getByLabel("branch after answers").fill("2");
    await page.getByRole("button", { name: "Branch a what-if" }).click();
    await expect
      .poll(() => page.locator(".summary").textContent())
      .toContain("a what-if of #1 after 2 answers");
    expect(page.url()).toMatch(/#\/encounters\/3$/);
    expect(await page.locator(".history").textContent()).toContain("2 answers given");
    await done(page);
  });

  it("shows options the sampled advice settled as alike tied, and says what tied means", async () => {
    // Swords & Wizardry's shield wall: Eadric's charge at either raider or at the giant comes out
    // alike on every key (before, such a pair was never settled and took every sample).
    const id = await newExample("swords-wizardry-fitz/shield-wall-and-pikes.yaml");
    const page = await open(`#/encounters/${id}`);
    const advisor = page.locator("section.advisor");
    await advisor.getByRole("button", { name: "Advise the next decision" }).click();
    const rows = advisor.locator("table.advice tbody tr");
    await expect.poll(() => rows.count(), { timeout: 120_000 }).toBeGreaterThan(1);
    const served = await get<AdviceJson>(`/encounters/${id}/advice?samples=5000`);
    expect(served.sure).toBe(true);
    const tied = served.options.map((o) => o.tied === true);
    expect(tied).toEqual([false, true, true, false]);
    const options = await rows.locator(".advice-option").allTextContents();
    expect(options).toEqual(
      served.options.map(
        (o) =>
          `${o.label}${o.policy ? " (tactics' pick)" : ""}${o.tied === true ? "as good as the option above" : ""}`,
      ),
    );
    expect(await advisor.locator(".advice-tied-note").textContent()).toBe(
      "As good as the option above: alike on every figure the ranking reads (win and lose within 2 points, damage dealt minus taken within 3% of the damage the round costs both sides), so either does as well.",
    );
    // Copy for a spreadsheet marks the same options, in a cell of their own.
    const copied = await copiedFigures(page, advisor, "the advice");
    const head = copied.findIndex((line) => line.startsWith("option\t"));
    const column = copied[head]!.split("\t").indexOf("as good as the option above");
    expect(column).toBeGreaterThan(0);
    const rowsCopied = copied.slice(head + 1, head + 1 + served.options.length);
    expect(rowsCopied.map((line) => line.split("\t")[0])).toEqual(
      served.options.map((o) => o.label),
    );
    expect(rowsCopied.map((line) => line.split("\t")[column])).toEqual(
      tied.map((t) => (t ? "yes" : "")),
    );
    await done(page);
  }, 180_000);

  it("follows changes made elsewhere by its stream, which the server opens to the console alone (an <img> of it is refused), without polling", async () => {
    const id = await newTombril();
    const page = await theBrowser().newPage({ viewport: LAPTOP });
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    const stream = page.waitForResponse((r) => r.url().endsWith(`/encounters/${id}/events`));
    await page.goto(`${serverUrl()}/#/encounters/${id}`);
    expect((await stream).status()).toBe(200);
    await expect.poll(() => page.locator(".next-step").textContent()).toContain("initiative");
    const reads: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === `/encounters/${id}`) reads.push(r.url());
    });
    await post(`/encounters/${id}/answer`, { dice: [5] });
    await post(`/encounters/${id}/policy`);
    await expect
      .poll(() => page.locator(".next-step").textContent())
      .toContain("Tombril's damage: roll 5d6");
    expect(reads).toEqual([]);
    await page.close();
  });

  it("with its stream down, follows changes made elsewhere by polling, keeping the dice the GM is typing", async () => {
    const id = await newTombril();
    // The page's stream is refused (a proxy that buffers it, say): it polls instead, and the
    // polls can be held back. The push itself is followed in players.suite.ts.
    const page = await theBrowser().newPage({ viewport: LAPTOP });
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    await page.route(`**/encounters/${id}/events`, (route) => route.abort());
    // The page polls every 1.5 s (encounter-page.tsx): its clock is Playwright's, moved on a poll
    // (`poll()`) once the change elsewhere is made, instead of waiting for the poll in real time.
    // Time still flows, so a poll the clock was not moved for comes anyway.
    await page.clock.install();
    const poll = () => page.clock.fastForward(1_500);
    await page.goto(`${serverUrl()}/#/encounters/${id}`);
    const changed = page.getByRole("status");
    await expect.poll(() => page.locator(".next-step").textContent()).toContain("initiative");
    expect(await changed.textContent()).toBe("");
    const cardsAt = async () => (await page.locator(".board > .combatants").boundingBox())!.y;
    const cardsBefore = await cardsAt();

    // Another tab rolls the initiative and takes Tombril's default: the GM's page follows.
    await post(`/encounters/${id}/answer`, { dice: [5] });
    await post(`/encounters/${id}/policy`);
    await poll();
    await expect
      .poll(() => page.locator(".next-step").textContent())
      .toContain("Tombril's damage: roll 5d6");
    // In the table's words: how many answers, not the encounter's version (an API's number).
    await expect
      .poll(() => changed.textContent())
      .toBe("Changed elsewhere (a player, another tab or the API): now 2 answers.");
    // Said over the prompt: across the page it pushed the cards down (with players answering,
    // it is there most of the time), and a fight of nine's last result off the screen.
    expect(await cardsAt()).toBe(cardsBefore);

    // The GM types dice; meanwhile an undo and a redo elsewhere change the version but not the
    // roll waiting. Polls wait until both are done, so that none sees the undo alone.
    await page.getByLabel("dice rolled").fill("5 3 4");
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/encounters/${id}`, (route) => gate.then(() => route.continue()));
    await post(`/encounters/${id}/undo`);
    await post(`/encounters/${id}/redo`);
    release();
    await poll();
    await expect.poll(() => page.locator("main.encounter").getAttribute("data-version")).toBe("5");
    expect(await changed.textContent()).toContain("now 2 answers");
    await page.unroute(`**/encounters/${id}`);
    expect(await page.getByLabel("dice rolled").inputValue()).toBe("5 3 4");

    // The GM's own change is no news from elsewhere.
    await typeDice(page, "5 3 4 3 2");
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("37/68 SP");
    expect(await changed.textContent()).toBe("");
    await page.close();
  });

  it("takes the table's dice from the keyboard, each roll's box ready for the next dice", async () => {
    const page = await open(`#/encounters/${await newTombril()}`);
    const prompt = page.locator(".next-step .prompt");
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    await expect
      .poll(() => prompt.textContent())
      .toBe("The first round's initiative: roll a d6 (1 to 6)");
    await expect.poll(focused).toBe("dice rolled");
    await page.keyboard.type("5");
    await page.keyboard.press("Enter");
    await page.locator("button.choice.policy").click();
    // Exploding dice have no top: the box asks for "5 or more", not the 475 where Fray's
    // distribution stops; the dice are named once, in words.
    await expect
      .poll(() => prompt.textContent())
      .toBe("Tombril's damage: roll 5d6, a 6 explodes (a total of 5 or more)");
    await expect.poll(focused).toBe("dice rolled");
    await page.keyboard.type("5 3 4 3 2");
    await page.keyboard.press("Enter");
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("37/68 SP");
    await done(page);
  });

  it("undoes the last decision with its rolls, as the table sees a step, and redoes it", async () => {
    const page = await open(`#/encounters/${await newTombril()}`);
    await typeDice(page, "5");
    await page.locator("button.choice.policy").click();
    await typeDice(page, "5 3 4 3 2");
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("37/68 SP");
    const history = page.locator(".history");
    await expect
      .poll(() => history.locator(".last-step").textContent())
      .toBe(
        "Undo takes back: Tombril: attack Hill Giant with the shortsword +2, then Tombril's damage (17, typed at the table)",
      );
    await page.getByRole("button", { name: "Undo the last decision" }).click();
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("68/68 SP");
    expect(await history.textContent()).toContain("1 answer given, 2 to redo");
    expect(await page.locator(".next-step .prompt").textContent()).toContain(
      "what does Tombril do?",
    );
    await page.getByRole("button", { name: "Redo a decision" }).click();
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("37/68 SP");
    expect(await history.textContent()).toContain("3 answers given, 0 to redo");
    // What happened, newest first: each answer numbered as "Branch a what-if" counts them.
    expect(await page.locator(".timeline li.answer").allTextContents()).toEqual([
      "#3 Tombril's damage [5, 3, 4, 3, 2] = 17table",
      "#2 Tombril: attack Hill Giant with the shortsword +2",
      "#1 The first round's initiative [5] = 5table",
    ]);
    await done(page);
  });

  it("keeps a ruleset's records (tnt's weapons) within the page, in words", async () => {
    const id = await newExample("tnt/group-fight.yaml");
    const page = await open(`#/encounters/${id}`);
    await page.locator('article[data-combatant="hild"] .card-more > summary').click();
    const hild = page.locator('article[data-combatant="hild"] .card-details');
    await expect.poll(() => hild.textContent()).toContain("Longsword (d8 slash, reach +3");
    expect(await hild.isVisible()).toBe(true);
    const width = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    expect(width.page).toBeLessThanOrEqual(width.window);
    await done(page);
  });

  it("on a player's link that is unknown or revoked, says so and shows nothing of the fight", async () => {
    const unknown = await open("#/play/fp_no-such-token-at-all", PHONE);
    await expect
      .poll(() => unknown.getByRole("alert").locator(".error-message").textContent())
      .toBe("this player's link is not known here (mistyped, or its encounter was deleted)");
    expect(await unknown.locator(".card").count()).toBe(0);
    await unknown.close();
  });

  it("writes its secondary text (field names, answer counts, struck-out combatants) readably", async () => {
    const page = await open("#/encounters/1");
    await page.locator(".card-more > summary").first().click();
    await page.locator(".card-details dt").first().waitFor();
    const colours = await page.evaluate(() => {
      const colour = (selector: string) => {
        const element = document.querySelector(selector);
        return element === null ? "" : getComputedStyle(element).color;
      };
      // A combatant out of the fight, as its card shows one.
      const out = document.createElement("article");
      out.className = "card out";
      out.innerHTML = '<h3 class="card-name">Weasel</h3>';
      document.querySelector("main")!.append(out);
      const card = document.querySelector(".card")!;
      return {
        background: getComputedStyle(document.documentElement).backgroundColor,
        card: getComputedStyle(card).backgroundColor,
        outCard: getComputedStyle(out).backgroundColor,
        fieldKey: colour(".card-details dt"),
        at: colour(".timeline .answer .n"),
        out: colour(".card.out .card-name"),
      };
    });
    expect(contrast(colours.fieldKey, colours.card)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.at, colours.card)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.out, colours.outCard)).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });

  it("selects the line of a YAML syntax error, or of a refused field, in the box, to fix it there", async () => {
    const lines = [
      "title: A broken file",
      "ruleset: tnt",
      "combatants:",
      "  - id: a: b",
      "    name: A",
    ];
    const page = await open("");
    const box = page.getByLabel("encounter YAML");
    await box.fill(lines.join("\n"));
    await page.getByRole("button", { name: "Create" }).click();
    const where = page.locator(".create-where");
    await expect
      .poll(() => where.textContent())
      .toBe("Line 4, column 9 of the box. Show line 4 in the box");
    const selection = () =>
      box.evaluate((b: HTMLTextAreaElement) => ({
        focused: document.activeElement === b,
        text: b.value.slice(b.selectionStart, b.selectionEnd),
      }));
    await page.getByRole("button", { name: "Show line 4 in the box" }).click();
    expect(await selection()).toEqual({ focused: true, text: "  - id: a: b" });
    // A field the rules refuse: its line, in words, not the API's path ("file:
    // combatants[0].weapon" was all it said, and no line).
    const typo = exampleText("tnt/duel.yaml").replace("weapon: longsword", "weapon: longsward");
    await box.fill(typo);
    await page.getByRole("button", { name: "Create" }).click();
    await expect
      .poll(() => where.textContent())
      .toBe("Fix it at line 18 of the box, then press Create again. Show line 18 in the box");
    expect(await page.getByRole("alert").textContent()).toMatch(
      /^weapon of Aldric, line 18 of the box: unknown weapon "longsward"/,
    );
    expect(await page.getByRole("alert").locator(".error-where").count()).toBe(0);
    await page.getByRole("button", { name: "Show line 18 in the box" }).click();
    expect(await selection()).toEqual({ focused: true, text: "    weapon: longsward" });
    expect(await box.inputValue()).toBe(typo);
    // A stat refused is said by its title in the builder's form beside the file's key, where it
    // said only "hitPoints is 1 to 1000".
    await box.fill(exampleText("tnt/duel.yaml").replace("hitPoints: 22", "hitPoints: 0"));
    await page.getByRole("button", { name: "Create" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Hit points (hitPoints) of Aldric, line 17 of the box: hitPoints is 1 to 1000");
    await page.getByRole("button", { name: "Show line 17 in the box" }).click();
    expect(await selection()).toEqual({ focused: true, text: "    hitPoints: 0" });
    await done(page);
  });

  it("lists each encounter with the round in play, as its page counts it, or the rounds played", async () => {
    const id = await newTombril();
    const over = await newTombril();
    const played = await post<{ round: number; status: string }>(`/encounters/${over}/autoplay`);
    expect(played.status).toBe("over");
    const page = await open("");
    const round = (n: number) => page.locator(`tr[data-encounter="${n}"] td.round`).innerText();
    await expect.poll(() => round(id)).toBe("1");
    expect(await round(over)).toBe(
      `${played.round} ${played.round === 1 ? "round" : "rounds"} played`,
    );
    // The last played first: the fight played out a moment ago heads the list.
    expect(await page.locator("tr[data-encounter]").first().getAttribute("data-encounter")).toBe(
      String(over),
    );
    expect(await page.locator(`tr[data-encounter="${over}"] td.list-played`).innerText()).toBe(
      "just now",
    );
    await page.locator(`tr[data-encounter="${id}"] a`).click();
    await expect.poll(() => page.locator(".summary").textContent()).toContain("round 1");
    await done(page);
  });

  it("says a finished fight is over in a word, its outcome's sentence a tooltip, the title on one line at 1280 px", async () => {
    // The Friday rehearsal's ambush, played out: its status cell held the whole sentence ("over:
    // Janine the Pious, Bram, Wren and Cedryk the Sneaky hold the field: Goblin spearman
    // withdrew, …"), five lines at 1280 px, and the title wrapped onto three.
    const id = await newExample("cartyrion/ambush-on-the-forest-road.yaml");
    await post(`/encounters/${id}/autoplay`, { until: "end" });
    const { outcome } = await get<{ outcome: { reason: string } }>(`/encounters/${id}`);
    const page = await open("");
    const row = page.locator(`tr[data-encounter="${id}"]`);
    const status = row.locator("td.list-status");
    await expect.poll(() => status.innerText()).toBe("over");
    expect(await status.locator("abbr").getAttribute("title")).toBe(`over: ${outcome.reason}`);
    const lines = (cell: Locator) =>
      cell.evaluate((e) => {
        const r = document.createRange();
        r.selectNodeContents(e);
        return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
      });
    expect(await lines(status)).toBe(1);
    expect(await lines(row.locator("td:nth-child(2) a"))).toBe(1);
    await done(page);
  });

  it("opens an example encounter from the list's New encounter: each game's, by its title and a line on what it is", async () => {
    // The Friday rehearsal's GM had to know examples/cartyrion/ambush-on-the-forest-road.yaml
    // and upload it: the builder takes stat blocks only.
    const page = await open("");
    await page.getByText("Open an example encounter").click();
    const { rulesets } = await get<{ rulesets: { id: string; game: string }[] }>("/rulesets");
    for (const { id, game } of rulesets) {
      const { examples } = await get<{ examples: { title: string; about: string }[] }>(
        `/rulesets/${id}/examples`,
      );
      const listed = page.getByRole("region", { name: `${game}'s examples` });
      await expect.poll(() => listed.locator("li").count()).toBe(examples.length);
      expect(await listed.locator(".example-title").allInnerTexts()).toEqual(
        examples.map((e) => e.title),
      );
      expect(await listed.locator(".example-about").allInnerTexts()).toEqual(
        examples.map((e) => e.about),
      );
    }
    const cartyrion = rulesets.find((r) => r.id === "cartyrion")!.game;
    const ambush = page.getByRole("button", {
      name: `Open Ambush on the forest road (${cartyrion})`,
    });
    expect(await shoot(page, "list-examples", ambush)).toEqual({
      "list-examples at 1280x800": 0,
      "list-examples at 390x844": 0,
    });
    await page
      .getByRole("button", { name: `Open Ambush on the forest road (${cartyrion})` })
      .click();
    await expect.poll(() => page.locator("h1").innerText()).toContain("Ambush on the forest road");
    const id = Number(/#\/encounters\/(\d+)/.exec(page.url())?.[1]);
    const opened = await get<{ title: string; combatants: string[] }>(`/encounters/${id}`);
    expect(opened.title).toBe("Ambush on the forest road");
    expect(opened.combatants).toContain("Cedryk the Sneaky");
    await done(page);
  });

  it("finds an encounter in a long list by words of its title or game, each named as a table says it", async () => {
    const karn = await newExample("karn/duel.yaml");
    for (let i = 0; i < 9; i += 1) await newTombril();
    const page = await open("");
    const find = page.getByRole("searchbox", { name: "Find an encounter" });
    await find.fill("Karn axeman");
    const rows = page.locator("tr[data-encounter]");
    await expect
      .poll(() => rows.locator("td:nth-child(3)").allInnerTexts())
      .not.toContain("Laurels and Loot (Cartyrion)");
    expect(await rows.locator("td:nth-child(3)").allInnerTexts()).toContain("Land of Karn");
    expect(await page.locator(`tr[data-encounter="${karn}"]`).count()).toBe(1);
    await find.fill("");
    await expect.poll(() => rows.count()).toBeGreaterThan(10);
    // The game, not the ruleset's id, on the list and over the fight.
    expect(await rows.locator("td:nth-child(3)").allInnerTexts()).not.toContain("cartyrion");
    await page.locator(`tr[data-encounter="${karn}"] a`).click();
    await expect.poll(() => page.locator(".summary").textContent()).toMatch(/^Land of Karn, seed /);
    await done(page);
  });

  it("fights a fight that is over again, from its start with new dice, as a new encounter", async () => {
    const over = await newTombril();
    const played = await post<{ seed: number; answers: number }>(`/encounters/${over}/autoplay`);
    const page = await open(`#/encounters/${over}`);
    await page.getByRole("button", { name: "Fight it again with new dice" }).click();
    await expect.poll(() => page.url()).not.toMatch(new RegExp(`/encounters/${over}$`));
    const again = Number(/\/encounters\/(\d+)$/.exec(page.url())?.[1]);
    await expect.poll(() => page.locator(".summary").textContent()).toContain("round 1");
    const fresh = await get<{ seed: number; answers: number; branchOf: unknown; title: string }>(
      `/encounters/${again}`,
    );
    expect(fresh).toMatchObject({ answers: 0, branchOf: { id: over, at: 0 } });
    expect(fresh.title).toBe("Tombril and the Hill Giant");
    expect(fresh.seed).not.toBe(played.seed);
    // The fight it came from stays as it ended.
    expect(await get<{ answers: number }>(`/encounters/${over}`)).toMatchObject({
      answers: played.answers,
    });
    await done(page);
  });

  it("deletes an encounter from the list once the GM confirms it", async () => {
    const id = await newTombril();
    const page = await open("");
    const row = page.locator(`tr[data-encounter="${id}"]`);
    await expect.poll(() => row.count()).toBe(1);
    const asked: string[] = [];
    page.once("dialog", (dialog) => void (asked.push(dialog.message()), dialog.dismiss()));
    await page.getByRole("button", { name: `delete #${id}` }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(await row.count()).toBe(1);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `delete #${id}` }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(asked[0]).toBe(
      `Delete encounter #${id}, "Tombril and the Hill Giant"? Its what-ifs stay.`,
    );
    expect((await fetch(`${serverUrl()}/encounters/${id}`)).status).toBe(404);
    await done(page);
  });

  it("says to reload when a part of the console is gone from the server (rebuilt since the page was opened)", async () => {
    const page = await theBrowser().newPage({ viewport: LAPTOP });
    await page.route("**/assets/builder-page-*.js", (r) => r.fulfill({ status: 404 }));
    await page.goto(`${serverUrl()}/#/`);
    await page.getByRole("link", { name: "Build an encounter" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toContain("the console was rebuilt on the server since this page was opened");
    await page.close();
  });

  it("says to reload where a simulation's chart would be when the chart's code is gone from the server", async () => {
    const page = await theBrowser().newPage({ viewport: LAPTOP });
    await page.route("**/assets/render-chart-*.js", (r) => r.fulfill({ status: 404 }));
    await page.goto(`${serverUrl()}/#/encounters/1`);
    await page.getByRole("button", { name: "Simulate from the start" }).click();
    // The simulation runs on the server's worker thread: give it time on a busy machine.
    await expect
      .poll(() => page.locator("section.simulation [role=alert]").textContent(), {
        timeout: 45_000,
      })
      .toContain("the console was rebuilt on the server since this page was opened");
    // The figures are there all the same: only the chart is missing.
    expect(await page.locator('table.sim-result tr[data-side="party"]').textContent()).toMatch(
      /Tombril wins\d+\.\d%/,
    );
    await page.close();
  });

  it("tells a step of many rolls (a karn melee) in a line, counting them", async () => {
    const id = await newExample("karn/three-orcs.yaml");
    const played = await post<{ log: { kind: string }[] }>(`/encounters/${id}/autoplay`, {
      until: "round",
    });
    const last = played.log.map((a) => a.kind).lastIndexOf("decide");
    const rolls = played.log.length - 1 - last;
    expect(rolls).toBeGreaterThan(2);
    const page = await open(`#/encounters/${id}`);
    await expect
      .poll(() => page.locator(".last-step").textContent())
      .toMatch(new RegExp(`^Undo takes back: [^;]+, then ${rolls} rolls, the last `));
    // A strike against a dodge is two d20 the rules read one by one: each is typed, 1 to 20
    // (not the 2 to 40 of their sum), and the API says so.
    type Pending = { kind: string; notation?: string; eachDie?: boolean; prompt?: string };
    let pending = (await (await fetch(`${serverUrl()}/encounters/${id}`)).json()) as {
      pending: Pending;
    };
    for (let i = 0; i < 80 && pending.pending.notation !== "2d20"; i += 1)
      pending = await post(
        `/encounters/${id}/${pending.pending.kind === "roll" ? "roll" : "policy"}`,
      );
    expect(pending.pending).toMatchObject({ notation: "2d20", eachDie: true });
    await expect
      .poll(() => page.locator(".next-step .prompt").textContent())
      .toMatch(/^[^(]+'s (strike|counterattack) at .+ with the .*: roll 2d20 \(each 1 to 20\)$/);
    // The box asks for each die, not the result alone (which the rules refuse here).
    expect(await page.getByLabel("dice rolled").getAttribute("placeholder")).toBe(
      "each die, e.g. 14 7",
    );
    // The GM's own answers (a roll on the critical chart) are the GM's, not "gm"'s, everywhere.
    type Played = { pending: Pending | null; log: { kind: string; actor?: string }[] };
    await page.goto(`${serverUrl()}/#/`); // the fight plays on through the API meanwhile
    let now = (await (await fetch(`${serverUrl()}/encounters/${id}`)).json()) as Played;
    for (let i = 0; i < 150 && now.pending !== null; i += 1) {
      if (now.log.some((a) => a.kind === "decide" && a.actor === "gm")) break;
      now = await post(`/encounters/${id}/${now.pending.kind === "roll" ? "roll" : "policy"}`);
    }
    const gmAnswer = now.log.findIndex((a) => a.kind === "decide" && a.actor === "gm");
    expect(gmAnswer).toBeGreaterThanOrEqual(0);
    await page.goto(`${serverUrl()}/#/encounters/${id}`);
    // The page's summary counts karn's melees as the turn order does, not "rounds".
    await expect.poll(() => page.locator(".summary").textContent()).toMatch(/, melee \d+$/);
    await expect
      .poll(() => page.locator(".timeline li.answer").allTextContents())
      .toContainEqual(expect.stringMatching(new RegExp(`^#${gmAnswer + 1} The GM: `)));
    await done(page);
  });

  it("keeps a ruling of the GM's asked inside an action in that action's result, as a line", async () => {
    // The forest road's ambush as played from the console, up to Wren's shot: the attack, the
    // GM's ruling on the surprised goblin's DEX ("no", held for the round), then the damage.
    const lines = readFileSync(
      new URL("./fixtures/ambush-ended-by-a-decision.jsonl", import.meta.url),
      "utf8",
    ).split("\n");
    const log = lines
      .slice(
        0,
        lines.findIndex((l) => l.includes('"n":9,')),
      )
      .join("\n");
    const { id } = await post<{ id: number }>("/encounters/from-log", { log });
    const page = await open(`#/encounters/${id}`);
    const card = page.locator(".board .result-card");
    // It was headed by the ruling ("Goblin spearman is surprised: does ... The GM: no"), not by
    // the attack it belongs to.
    await expect
      .poll(() => card.locator(".result-heading").textContent())
      .toBe("Wren: attack Goblin spearman with the shortbow (Ben chose)");
    expect(await card.textContent()).toContain("DEX does not count");
    // Who decided it is one of the blow's lines, in its place: before the damage die.
    expect((await card.locator(".result-rolls li").allTextContents()).slice(0, 2)).toEqual([
      "Goblin spearman is surprised: does a surprised combatant's DEX bonus (its 2) still count against blows? Asked once: the answer holds for every surprised combatant this round. The GM ruled: no",
      expect.stringMatching(/^Ben had Fray roll Wren's damage \[6!, 5, 2\] = 13/),
    ]);
    // A surprised goblin's card says so once, as its badge, not again in its status line.
    const skirmisher = page.locator('article[data-combatant="goblin-3"]');
    expect(await skirmisher.locator(".card-conditions").textContent()).toContain("surprised");
    expect(await skirmisher.locator(".card-status").textContent()).toBe("10/10 SP, 0/6 injuries");
    await done(page);
  });

  it("on a narrow screen (a player's phone) gives each combatant's details the width", async () => {
    const id = await newExample("karn/three-orcs.yaml");
    const page = await open(await playerHash(id, { combatants: ["chip"] }), PHONE);
    const details = page.locator('article[data-combatant="chip"] .card-details');
    await expect.poll(() => details.textContent()).toContain("Armour coverage (COV)");
    const sizes = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      details: document.querySelector('article[data-combatant="chip"] .card-details')!.clientWidth,
    }));
    expect(sizes.page).toBeLessThanOrEqual(390);
    expect(sizes.details).toBeGreaterThan(300);
    await done(page);
  });

  it("on a phone, a condition's badge tapped shows its note under it, tapped again hides it", async () => {
    const id = await newExample("karn/duel.yaml");
    await post(`/encounters/${id}/changes`, {
      change: { op: "add-condition", combatant: "axeman", condition: "stunned", rounds: 2 },
    });
    // A phone: touch, no hover, so no title to read.
    const { context, page } = await phoneContext();
    await page.goto(`${serverUrl()}/${await playerHash(id, { combatants: ["chip"] })}`);
    const axeman = page.locator('article[data-combatant="axeman"]');
    const badge = axeman.getByRole("button", { name: "stunned, 2 melees" });
    await expect.poll(() => badge.getAttribute("aria-expanded")).toBe("false");
    await badge.tap();
    expect(await badge.getAttribute("aria-expanded")).toBe("true");
    const note = axeman.locator(`#${await badge.getAttribute("aria-controls")}`);
    expect(await note.textContent()).toBe("stunned: no initiative, -4 on combat actions");
    expect(await note.isVisible()).toBe(true);
    // Read on the phone's width, nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await badge.tap();
    expect(await badge.getAttribute("aria-expanded")).toBe("false");
    expect(await axeman.locator(".condition-note").count()).toBe(0);
    // From the keyboard too (a tablet's, or a GM's without a mouse).
    await badge.focus();
    await page.keyboard.press("Enter");
    expect(await note.textContent()).toBe("stunned: no initiative, -4 on combat actions");
    await context.close();
  });

  it("on a tablet, what the GM taps is a thumb high (44 px): condition badges, the prompt, undo over it", async () => {
    const id = await newExample("karn/duel.yaml");
    await post(`/encounters/${id}/changes`, {
      change: { op: "add-condition", combatant: "axeman", condition: "stunned", rounds: 2 },
    });
    const page = await open(`#/encounters/${id}`, TABLET);
    const badge = page
      .locator('article[data-combatant="axeman"]')
      .getByRole("button", { name: "stunned, 2 melees" });
    await expect.poll(async () => (await badge.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await badge.click();
    expect(await badge.getAttribute("aria-expanded")).toBe("true");
    // The prompt's buttons and box, and undo over the prompt: a tablet has no u key, and its
    // log is under the cards.
    const heights = await page
      .locator(".next-step button, .next-step input")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(2);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    const undo = page.locator(".quick-undo").getByRole("button", { name: "Undo last decision" });
    expect((await undo.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await done(page);
  });

  it("says so when the encounter open is deleted elsewhere", async () => {
    const id = await newTombril();
    const page = await open(`#/encounters/${id}`);
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("68/68 SP");
    await fetch(`${serverUrl()}/encounters/${id}`, { method: "DELETE" });
    const alert = page.getByRole("alert");
    await expect
      .poll(() => alert.locator(".error-message").textContent(), { timeout: 10_000 })
      .toBe(`no encounter ${id}`);
    expect(await alert.locator(".error-hint").textContent()).toBe(
      "hint: GET /encounters lists them",
    );
    await done(page);
  });
});
