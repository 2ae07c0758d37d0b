// Tactics in the console, in Chromium (its own server: each-file.ts): the builder's
// tactics select per combatant (default preselected, the profile's line beneath, a profile per
// question) written into the file; a card's tactics changed by the GM for the rest of the fight;
// a late arrival given a profile as it comes in, then on its card and with its side; and the
// simulation panel's tactics per side ("what if the goblins fight to the death?"), whose win rate
// is the API's for the same seed and runs.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sideWins } from "../../src/engine/side-wins.js";
import { interval, percent } from "../../web/src/format.js";
import {
  copiedFigures,
  done,
  exampleText,
  get,
  LAPTOP,
  newExample,
  open,
  PHONE,
  serverUrl,
  seriousViolations,
  shoot,
  theBrowser,
} from "./support.js";

interface Side {
  readonly id: string;
  readonly name: string;
  readonly win: { readonly p: number; readonly low: number; readonly high: number };
}
/** A combatant of a simulation's result: its chance of still being in the fight at the end. */
interface Survivor {
  readonly id: string;
  readonly name: string;
  readonly survival: Side["win"];
}
/** What POST /simulations answers, as far as these tests read it. */
interface Simulated {
  readonly runs: number;
  readonly sides: Side[];
  readonly draw: Side["win"];
  readonly mutualKill: Side["win"];
  readonly combatants: Survivor[];
  readonly tactics: Record<string, unknown>;
}
interface EncounterJson {
  readonly id: number;
  readonly version: number;
  readonly seed: number;
  readonly answers: number;
  readonly tactics: Record<string, unknown>;
}
interface RulesetJson {
  readonly tactics: {
    profiles: { name: string; description: string }[];
    questions: { question: string; description: string; by: string }[];
  };
}

const AMBUSH = "cartyrion/ambush-on-the-forest-road.yaml";
const encounter = (id: number) => get<EncounterJson>(`/encounters/${id}`);

/** A simulation through the API, as a script would ask for it. */
async function simulate(body: object): Promise<Simulated> {
  const { serverUrl } = await import("./support.js");
  const response = await fetch(`${serverUrl()}/simulations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`simulations: ${response.status} ${await response.text()}`);
  return (await response.json()) as Simulated;
}

/** Waits until the page shows the encounter's version on the server. */
async function shown(page: Page, id: number): Promise<EncounterJson> {
  const now = await encounter(id);
  await expect
    .poll(() => page.locator("main.encounter").getAttribute("data-version"), { timeout: 20_000 })
    .toBe(String(now.version));
  return now;
}

describe("tactics in the console", () => {
  it("the builder: a tactics select per combatant, default preselected, each profile's line, a profile per decision of its own, written into the file", async () => {
    const { tactics } = await get<RulesetJson>("/rulesets/cartyrion");
    const { examples } = await get<{ examples: { file: string }[] }>(
      "/rulesets/cartyrion/examples",
    );
    const duel = examples.findIndex((e) => e.file === "duel-sellsword-and-bandit.yaml");
    const page = await open("#/new");
    await page.getByLabel("Ruleset").selectOption("cartyrion");
    const pick = page.getByLabel("Combatant to add");
    for (const j of [0, 1]) {
      await pick.selectOption(`example:${duel}:${j}`);
      await page.getByRole("button", { name: "Add", exact: true }).click();
    }
    const chief = page.getByLabel("Tactics of the bandit chief", { exact: true });
    expect(await chief.inputValue()).toBe("default");
    // The ruleset's profiles but the search (for fray sim and fray audit), default first.
    expect(await chief.locator("option").allTextContents()).toEqual([
      "default",
      "cautious",
      "reckless",
      "sparing",
    ]);
    await chief.selectOption("reckless");
    const chiefForm = page.locator("fieldset.builder-combatant").nth(1);
    expect(await chiefForm.locator(".tactics-note").textContent()).toBe(
      tactics.profiles.find((p) => p.name === "reckless")!.description,
    );
    const maren = page.locator("fieldset.builder-combatant").nth(0);
    await maren.locator(".builder-fold button").click();
    await maren.locator(".tactics-questions summary").click();
    // Per decision: only the combatant's own (cartyrion's action), labelled with what it asks;
    // not the GM's rulings (cover, sneak-attack ...) nor the side's turn order (next).
    const action = tactics.questions.find((q) => q.question === "action")!;
    const decisions = maren.locator(".tactics-question-grid label");
    expect(await decisions.locator(".tactics-label").allTextContents()).toEqual([
      `W${action.description.slice(1)}`,
    ]);
    await page
      .getByLabel(`Tactics of Maren the sellsword for action: ${action.description}`, {
        exact: true,
      })
      .selectOption("cautious");
    expect(await maren.locator(".tactics-questions summary").textContent()).toBe(
      "Per decision (1 set)",
    );
    const check = page.locator(".builder-check");
    await expect.poll(() => check.textContent(), { timeout: 20_000 }).toContain("Ready");
    const yaml = (await page.locator("pre.builder-yaml").textContent()) ?? "";
    expect(yaml).toContain("tactics: reckless");
    expect(yaml).toMatch(/tactics:\n\s+questions:\n\s+action: cautious/);
    expect(await seriousViolations(page)).toEqual([]);
    await maren.scrollIntoViewIfNeeded();
    const overflow = await shoot(page, "tactics-builder");
    expect(Object.values(overflow)).toEqual([0, 0]);

    await page.getByRole("button", { name: "Create the encounter" }).click();
    await page.waitForSelector("main.encounter");
    const id = Number(/#\/encounters\/(\d+)/.exec(page.url())![1]);
    expect((await encounter(id)).tactics).toEqual({
      sellsword: { questions: { action: "cautious" } },
      chief: "reckless",
    });
    expect(await page.getByLabel("Tactics of the bandit chief", { exact: true }).inputValue()).toBe(
      "reckless",
    );
    await done(page);
  });

  it("the builder: a side's tactics at once, under its name, 'mixed' once one differs, every one's in the file", async () => {
    // "The goblins reckless" was a select in each goblin's form, one after another.
    const { examples } = await get<{ examples: { file: string; combatants: { id: string }[] }[] }>(
      "/rulesets/cartyrion/examples",
    );
    const ambush = examples.findIndex((e) => e.file === "ambush-on-the-forest-road.yaml");
    const ids = examples[ambush]!.combatants.map((c) => c.id);
    const page = await open("#/new");
    await page.getByLabel("Ruleset").selectOption("cartyrion");
    const pick = page.getByLabel("Combatant to add");
    for (const id of ["janine", "goblin-1", "goblin-2"]) {
      await pick.selectOption(`example:${ambush}:${ids.indexOf(id)}`);
      await page.getByRole("button", { name: "Add", exact: true }).click();
    }
    const foes = page.getByLabel("Tactics of all The foes", { exact: true });
    expect(await foes.inputValue()).toBe("default");
    // A side of one has its combatant's own select only.
    expect(await page.getByLabel("Tactics of all The party", { exact: true }).count()).toBe(0);
    await foes.selectOption("reckless");
    // What it does is said under it, as under a combatant's (a phone shows no title).
    expect(
      await page
        .locator(".side-tactics-picker", { has: foes })
        .locator(".tactics-note")
        .textContent(),
    ).toBe("fights to the death: never withdraws");
    const goblin = (name: string) => page.getByLabel(`Tactics of Goblin ${name}`, { exact: true });
    expect(await goblin("shieldbearer").inputValue()).toBe("reckless");
    await page.locator("fieldset.builder-combatant").nth(1).locator(".builder-fold button").click();
    expect(await goblin("spearman").inputValue()).toBe("reckless");
    await goblin("spearman").selectOption("cautious");
    expect(await foes.inputValue()).toBe("");
    expect(await foes.locator("option:checked").textContent()).toBe("mixed");
    await foes.selectOption("reckless");
    const check = page.locator(".builder-check");
    await expect.poll(() => check.textContent(), { timeout: 20_000 }).toContain("Ready");
    await page.getByRole("button", { name: "Create the encounter" }).click();
    await page.waitForSelector("main.encounter");
    const id = Number(/#\/encounters\/(\d+)/.exec(page.url())![1]);
    expect((await encounter(id)).tactics).toEqual({
      janine: "default",
      "goblin-1": "reckless",
      "goblin-2": "reckless",
    });
    await done(page);
  });

  it("a card's and a side's tactics: the GM changes them from the keyboard for the rest of the fight, the answers stay, and the simulation plays them", async () => {
    const id = await newExample(AMBUSH);
    const page = await open(`#/encounters/${id}`);
    const before = await shown(page, id);
    const spearman = page.getByLabel("Tactics of Goblin spearman", { exact: true });
    expect(await spearman.inputValue()).toBe("default");
    // Folded with the card's stats until the GM opens them.
    expect(await spearman.isVisible()).toBe(false);
    await page.locator('article[data-combatant="goblin-1"] .card-more > summary').click();
    // A select keeps its letters: "r" picks reckless, not the page's redo.
    await spearman.focus();
    await page.keyboard.press("r");
    await expect.poll(async () => (await encounter(id)).version).toBe(before.version + 1);
    const after = await shown(page, id);
    expect(after.answers).toBe(before.answers);
    expect(after.tactics["goblin-1"]).toBe("reckless");
    expect(after.tactics["goblin-2"]).toBe("default");
    expect(await spearman.inputValue()).toBe("reckless");
    const side = page.getByLabel("Tactics of all The goblins", { exact: true });
    expect(await side.inputValue()).toBe("");
    expect(await side.locator("option:checked").textContent()).toBe("mixed");
    await page.locator('article[data-combatant="goblin-1"]').scrollIntoViewIfNeeded();
    const overflow = await shoot(page, "tactics-card");
    expect(Object.values(overflow)).toEqual([0, 0]);
    // The whole side at once: the goblins fight to the death.
    await side.selectOption("reckless");
    await expect.poll(async () => (await encounter(id)).version).toBe(before.version + 2);
    const all = await shown(page, id);
    expect(all.answers).toBe(before.answers);
    expect(all.tactics).toMatchObject({
      "goblin-1": "reckless",
      "goblin-2": "reckless",
      boss: "reckless",
      bram: "default",
    });
    expect(await side.inputValue()).toBe("reckless");
    expect(await page.getByLabel("Tactics of all The party", { exact: true }).inputValue()).toBe(
      "default",
    );
    // The panel's simulation plays the encounter's tactics, and says so.
    await page.getByLabel("runs").fill("200");
    await page.getByRole("button", { name: "Simulate from the start" }).click();
    await expect
      .poll(() => page.locator(".sim-played").textContent(), { timeout: 60_000 })
      .toBe("Tactics played: The party: default; The goblins: reckless");
    await done(page);
  });

  it("a late arrival: the GM gives it a profile as it comes in, then changes it on its card and with its side's", async () => {
    const { tactics } = await get<RulesetJson>("/rulesets/cartyrion");
    const id = await newExample(AMBUSH);
    const page = await open(`#/encounters/${id}`);
    await shown(page, id);
    const gm = page.getByRole("region", { name: "the GM's hand" });
    await gm.getByRole("button", { name: "Bring in a late arrival…" }).click();
    const form = gm.getByRole("form", { name: "late arrival" });
    await form.getByLabel("Combatant to bring in").selectOption({ label: "Goblin spearman" });
    const name = await form.getByLabel("Name").inputValue();
    const arrival = await form.getByLabel("Id (unique)").inputValue();
    expect([name, arrival]).toEqual(["Goblin spearman 2", "goblin-1-2"]);
    const picker = form.getByLabel(`Tactics of ${name}`, { exact: true });
    expect(await picker.inputValue()).toBe("default");
    await picker.selectOption("reckless");
    expect(await form.locator(".tactics-note").textContent()).toBe(
      tactics.profiles.find((p) => p.name === "reckless")!.description,
    );
    const arrivalPicker = form.locator(".tactics-picker");
    expect(Object.values(await shoot(page, "tactics-arrival", arrivalPicker))).toEqual([0, 0]);
    await form.getByRole("button", { name: "Bring in" }).click();
    await expect.poll(async () => (await encounter(id)).tactics[arrival]).toBe("reckless");
    // Its card carries its tactics like the file's combatants' cards, changed at once.
    const card = page.getByLabel(`Tactics of ${name}`, { exact: true });
    await expect.poll(() => card.inputValue(), { timeout: 20_000 }).toBe("reckless");
    await page.locator(`article[data-combatant="${arrival}"] .card-more > summary`).click();
    await card.selectOption("cautious");
    await expect.poll(async () => (await encounter(id)).tactics[arrival]).toBe("cautious");
    // The side's select counts it among the goblins: "mixed" now, and all of them at once.
    const side = page.getByLabel("Tactics of all The goblins", { exact: true });
    await expect.poll(() => side.inputValue()).toBe("");
    await side.selectOption("reckless");
    await expect.poll(async () => (await encounter(id)).tactics[arrival]).toBe("reckless");
    expect((await encounter(id)).tactics["goblin-1"]).toBe("reckless");
    await expect.poll(() => card.inputValue()).toBe("reckless");
    expect(await seriousViolations(page)).toEqual([]);
    const arrivalCard = page.locator(`article[data-combatant="${arrival}"]`);
    expect(Object.values(await shoot(page, "tactics-arrival-card", arrivalCard))).toEqual([0, 0]);
    await done(page);
  });

  it("a tnt card's per-decision profiles: the fighter's eleven decisions, each labelled with what it decides, none of the GM's", async () => {
    const { tactics } = await get<RulesetJson>("/rulesets/tnt");
    const own = tactics.questions.filter((q) => q.by === "combatant");
    expect(own).toHaveLength(11);
    const id = await newExample("tnt/duel.yaml");
    const page = await open(`#/encounters/${id}`);
    await shown(page, id);
    const card = page.locator('article[data-combatant="aldric"]');
    await card.locator(".card-more > summary").click();
    await card.locator(".tactics-questions summary").click();
    const labels = await card.locator(".tactics-question-grid .tactics-label").allTextContents();
    expect(labels).toEqual(
      own.map((q) => q.description[0]!.toUpperCase() + q.description.slice(1)),
    );
    expect(labels.join(" ")).not.toContain("disengaged foes meet again"); // the GM's re-engage
    const dice = own.find((q) => q.question === "attack-dice")!;
    await card
      .getByLabel(`Tactics of Aldric for attack-dice: ${dice.description}`, { exact: true })
      .selectOption("reckless");
    await expect
      .poll(async () => (await encounter(id)).tactics["aldric"])
      .toEqual({ questions: { "attack-dice": "reckless" } });
    await expect
      .poll(() => card.locator(".tactics-questions summary").textContent())
      .toBe("Per decision (1 set)");
    expect(await seriousViolations(page)).toEqual([]);
    const grid = card.locator(".tactics-question-grid");
    expect(Object.values(await shoot(page, "tactics-decisions", grid))).toEqual([0, 0]);
    await done(page);
  });

  it("the simulation panel: the goblins fight to the death in two clicks, and win what the API says for the same seed and runs", async () => {
    const id = await newExample(AMBUSH);
    const { seed } = await encounter(id);
    const page = await open(`#/encounters/${id}`);
    await shown(page, id);
    // Each panel says what it is for and what to do next: the GM asking "what if" is told where.
    expect(await page.locator(".simulation .panel-help").textContent()).toMatch(
      /What if\? Pick other tactics for a side or a combatant below .* then Simulate/,
    );
    // Nothing answered yet: the fight as it stands is its start, one button for it (there were
    // two, "Simulate from round 1" and "Simulate from the start", that did the same).
    const simulation = page.locator("section.simulation");
    expect(await simulation.locator("> p").first().textContent()).toMatch(
      /^The fight from its start \(nothing is answered yet\), played by/,
    );
    expect(await simulation.getByRole("button", { name: /^Simulate/ }).allTextContents()).toEqual([
      "Simulate from the start",
    ]);
    expect(await page.locator(".advisor .panel-help").textContent()).toMatch(
      /Which answer to the pending decision does best\? Press Advise the next decision/,
    );
    expect(await page.locator(".fight-odds .panel-help").textContent()).toMatch(
      /Press Work out the fight odds and keep playing/,
    );
    const goblins = page.getByLabel("Tactics of The goblins in the simulation", { exact: true });
    await goblins.selectOption("reckless");
    // What "reckless" means is said under it (a phone shows no title): the GM asking "what if
    // they fight to the death" reads it there. Only the side picked has one.
    const pick = page.locator(".sim-tactics-pick", { has: goblins });
    expect(await pick.locator(".tactics-note").textContent()).toBe(
      "fights to the death: never withdraws",
    );
    expect(await page.locator(".sim-tactics .tactics-note").count()).toBe(1);
    await page.getByRole("button", { name: "Simulate from the start" }).click();
    const row = page.locator('.sim-result tr[data-side="goblins"]');
    await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
    const api = await simulate({
      file: exampleText(AMBUSH),
      runs: 2000,
      seed,
      tactics: { goblins: "reckless" },
    });
    const plain = await simulate({ file: exampleText(AMBUSH), runs: 2000, seed });
    const reckless = api.sides.find((s) => s.id === "goblins")!.win;
    expect(reckless.p).not.toBe(plain.sides.find((s) => s.id === "goblins")!.win.p);
    expect(await row.locator("td").nth(2).textContent()).toBe(interval(reckless));
    // A draw and a mutual kill only when a fight of the run ended so, as the fight odds leave out
    // what cannot happen (a draw comes at the round limit, 500 rounds): the table listed both at
    // 0.0%. The line under it says what no fight ended in, and how rare it must be.
    expect([api.draw.p, api.mutualKill.p]).toEqual([0, 0]);
    expect(await page.locator(".sim-result tbody tr td:first-child").allTextContents()).toEqual([
      "The party wins",
      "The goblins win",
    ]);
    expect(await page.locator(".sim-unseen").textContent()).toBe(
      `No fight of the 2,000 ended in a draw or a mutual kill (each under ${percent(api.draw.high)}, 95% sure).`,
    );
    // Who of either side is still in the fight at its end, as the API counts it: "what if the
    // goblins fight to the death" asks who of the party falls too, which only `fray sim` said.
    const standing = page.locator(".sim-combatants tbody tr");
    expect(await standing.count()).toBe(api.combatants.length);
    for (const c of api.combatants) {
      const cells = page.locator(`.sim-combatants tr[data-combatant="${c.id}"] td`);
      expect(await cells.nth(0).textContent()).toMatch(
        new RegExp(`^${c.name} \\(The (party|goblins)\\)$`),
      );
      expect(await cells.nth(2).textContent()).toBe(interval(c.survival));
    }
    expect(await page.locator(".sim-played").textContent()).toBe(
      "Tactics played: The party: default; The goblins: reckless",
    );
    // The encounter keeps its own tactics: the simulation's are for its fights only.
    expect((await encounter(id)).tactics["goblin-1"]).toBe("default");
    // Reckless or cautious goblins? The second run is shown beside the first, whose figures the
    // GM had to remember when it replaced them.
    const recklessRow = await page.locator(".sim-result tbody tr").allTextContents();
    await goblins.selectOption("cautious");
    await page.getByRole("button", { name: "Simulate from the start" }).click();
    const compared = page.locator(".sim-compared tbody tr");
    await expect.poll(() => compared.count(), { timeout: 60_000 }).toBe(2);
    const cautious = await simulate({
      file: exampleText(AMBUSH),
      runs: 2000,
      seed,
      tactics: { goblins: "cautious" },
    });
    const cells = (row: number) => compared.nth(row).locator("td").allTextContents();
    expect(await page.locator(".sim-compared thead th").allTextContents()).toEqual([
      "tactics played",
      // Each side as the outcomes' table names it ("The party win").
      ...(await page.locator(".sim-result tbody tr td:first-child").allTextContents()).slice(0, 2),
    ]);
    expect(await cells(0)).toEqual([
      "The party: default; The goblins: cautiousthis run: 2,000 fights from the start of the fight",
      ...(await page.locator(".sim-result tbody tr").allTextContents())
        .slice(0, 2)
        .map((row) => /\d+\.\d%/.exec(row)![0]),
    ]);
    expect(await cells(1)).toEqual([
      "The party: default; The goblins: recklessthe run before: 2,000 fights from the start of the fight",
      ...recklessRow.slice(0, 2).map((row) => /\d+\.\d%/.exec(row)![0]),
    ]);
    expect(await row.locator("td").nth(2).textContent()).toBe(
      interval(cautious.sides.find((s) => s.id === "goblins")!.win),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator("section.simulation").scrollIntoViewIfNeeded();
    const overflow = await shoot(page, "tactics-simulation");
    expect(Object.values(overflow)).toEqual([0, 0]);
    // On a phone, what the GM taps in the panel is a thumb high (44 px): its selects were 28.
    await page.setViewportSize(PHONE);
    const low = await page
      .locator(".sim-tactics select, .simulation .row input, .simulation .row button")
      .evaluateAll((all) =>
        all
          .map((e) => ({ e, height: e.getBoundingClientRect().height }))
          .filter(({ height }) => height > 0 && height < 44)
          .map(
            ({ e, height }) => `${e.getAttribute("aria-label") ?? e.textContent} (${height} px)`,
          ),
      );
    expect(low).toEqual([]);
    await page.setViewportSize(LAPTOP);
    await done(page);
  });

  it("the simulation's figures copied for a spreadsheet: each outcome's and each combatant's count of fights and chance to two decimals, the API's run's", async () => {
    // A designer with a spreadsheet beside could copy out only the table's rounded chances
    // (48.7%, adding up to 100%) and its interval as one text ("46.5%-50.8%").
    const id = await newExample(AMBUSH);
    const { seed } = await encounter(id);
    const context = await theBrowser().newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    await page.goto(`${serverUrl()}/#/encounters/${id}`);
    await shown(page, id);
    await page.getByRole("button", { name: "Simulate from the start" }).click();
    const panel = page.locator("section.simulation");
    const copy = panel.getByRole("button", { name: "Copy for a spreadsheet" });
    await copy.waitFor({ timeout: 60_000 });
    const copied = await copiedFigures(page, panel, "the 2,000 fights' figures");
    // The chart labels each bar with the table's chance, rounded alike (it said 48.6% beside the
    // table's 48.7%).
    const chances = await panel.locator(".sim-result tbody td:nth-child(2)").allTextContents();
    await expect
      .poll(() => panel.locator(".chart svg text").allTextContents(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(chances));
    const api = await simulate({ file: exampleText(AMBUSH), runs: 2000, seed });
    const cells = (p: Side["win"]) =>
      [Math.round(p.p * 2000), p.p, p.low, p.high]
        .map((x, i) => (i === 0 ? String(x) : `${(100 * x).toFixed(2)}%`))
        .join("\t");
    const outcomes = copied.indexOf("outcome\tfights\tchance\t95% low\t95% high");
    expect(copied.slice(outcomes + 1, outcomes + 5)).toEqual([
      ...api.sides.map((side) => `${sideWins(side.name)}\t${cells(side.win)}`),
      `draw\t${cells(api.draw)}`,
      `mutual kill\t${cells(api.mutualKill)}`,
    ]);
    expect(copied.slice(0, 2)).toEqual([
      "simulation of\tAmbush on the forest road",
      "fights\t2000",
    ]);
    for (const c of api.combatants) {
      expect(copied.find((line) => line.startsWith(`${c.name}\t`))).toMatch(
        new RegExp(`^${c.name}\\tThe (party|goblins)\\t${cells(c.survival)}\\t`),
      );
    }
    // Where the browser gives the page no clipboard (plain http from another machine), the same
    // figures are in a box to copy by hand.
    await page.evaluate(() => Object.defineProperty(navigator, "clipboard", { value: undefined }));
    await copy.click();
    const box = page.getByRole("textbox", { name: /select the figures below and copy them/ });
    expect((await box.inputValue()).split("\n")).toEqual(copied);
    await context.close();
  });
});
