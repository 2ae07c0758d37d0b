// The GM's page as a combat tracker, in Chromium (its own server: each-file.ts): a
// round played from the keyboard alone, focus on each new prompt (after undo too), the last result
// beside the prompt, the cards' strips, what happened newest or oldest first, numbered and filtered
// options, the help overlay, undo's count box, "play to the end of the fight" asking first, and
// dungeons-of-olde's dice asked as the table types them.
import type { Locator, Page, Route } from "playwright-core";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  done,
  get,
  LAPTOP,
  PHONE,
  newExample,
  open,
  post,
  pressDigits,
  serverUrl,
  shoot,
  statusOf,
  theBrowser,
  tombrilAfterFirstBlow,
} from "./support.js";

/** What has the keyboard's focus: a box's label, or a button's text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute("aria-label") ?? active?.textContent ?? "";
  });

const promptOf = (page: Page) => page.locator(".next-step .prompt").textContent();

async function answers(id: number): Promise<number> {
  return ((await (await fetch(`${serverUrl()}/encounters/${id}`)).json()) as { answers: number })
    .answers;
}

/** The dice box's example is uncut, on a laptop and on a phone (the page is left on a laptop). */
async function examplesUncut(page: Page): Promise<void> {
  const cut = () =>
    page.getByLabel("dice rolled").evaluate((box: HTMLInputElement) => {
      const style = getComputedStyle(box);
      const pen = document.createElement("canvas").getContext("2d")!;
      pen.font = `${style.fontSize} ${style.fontFamily}`;
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return Math.max(0, Math.ceil(pen.measureText(box.placeholder).width - room));
    });
  expect(await cut()).toBe(0);
  await page.setViewportSize(PHONE);
  expect(await cut()).toBe(0);
  await page.setViewportSize(LAPTOP);
}

describe("the GM's console as a combat tracker", () => {
  it("plays the worked example's round from the keyboard alone, focus on each prompt, undo and redo on keys", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const page = await open(`#/encounters/${id}`);
    const result = page.getByRole("region", { name: "last result" });
    await expect.poll(() => focused(page)).toBe("dice rolled");
    expect(await result.textContent()).toContain("Nothing has happened yet.");
    // The dice box's example, "=17" included (the result alone may be typed), uncut on a laptop
    // and on a phone.
    await examplesUncut(page);
    // The buttons say their keys on a laptop ("Fray rolls n", the list's first-time line's n,
    // "Play to the end of the round e"); on a phone, which has no keyboard, their words alone.
    const keysShown = () => page.locator("button kbd:not(.choice-n):visible").allTextContents();
    expect(await keysShown()).toEqual(expect.arrayContaining(["n", "e", "E"]));
    await page.setViewportSize(PHONE);
    expect(await keysShown()).toEqual([]);
    await page.setViewportSize(LAPTOP);
    // Each card draws its place on the ruleset's line as a strip with its reach: Tombril at 0 ft
    // and the giant at 5 ft, each reaching 5 ft, so the giant's mark is where Tombril's reach ends.
    const place = (id: string) => page.locator(`article[data-combatant="${id}"] .place`);
    expect(await place("tombril").getAttribute("aria-label")).toBe("place: at 0 ft, reach 5 ft");
    expect(await place("giant").getAttribute("aria-label")).toBe("place: at 5 ft, reach 5 ft");
    /** Where a part of a card's strip is, as a share of its line's width from the line's start. */
    const along = async (id: string, part: string, edge: "start" | "middle" | "end") => {
      const line = (await place(id).locator(".place-line").boundingBox())!;
      const box = (await place(id).locator(part).boundingBox())!;
      const x =
        edge === "start" ? box.x : edge === "end" ? box.x + box.width : box.x + box.width / 2;
      return (x - line.x) / line.width;
    };
    expect(await along("tombril", ".place-reach", "start")).toBeCloseTo(0, 1);
    expect(await along("tombril", ".place-reach", "end")).toBeCloseTo(
      await along("giant", ".place-mark", "middle"),
      1,
    );
    expect(await along("giant", ".place-mark", "middle")).toBeGreaterThan(0.2);
    await page.keyboard.type("5");
    await page.keyboard.press("Enter");
    // Tombril's decision: the policy's pick is selected, Enter takes it.
    await expect.poll(() => promptOf(page)).toContain("what does Tombril do?");
    await expect.poll(() => focused(page)).toContain("attack Hill Giant with the shortsword +2");
    expect(await focused(page)).toContain("tactics' pick");
    // The tactics' button says the same n: the key plays the next step, a decision or a roll.
    const byTactics = page.getByRole("button", { name: "Decide by the tactics" });
    expect(await byTactics.locator("kbd").textContent()).toBe("n");
    expect(await byTactics.locator("kbd").isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => promptOf(page)).toContain("Tombril's damage: roll 5d6");
    await expect.poll(() => focused(page)).toBe("dice rolled");
    // Over the dice box, the blow the roll belongs to: whose, and at whom.
    const soFar = page.getByRole("region", { name: "this blow so far" });
    expect(await soFar.textContent()).toBe(
      "This blow so far: Tombril: attack Hill Giant with the shortsword +2",
    );
    await page.keyboard.type("5 3 4 3 2");
    await page.keyboard.press("Enter");
    // The last result stays beside the giant's decision: what the blow did first, then the
    // dice as rolled, and the rule (folded: the outcome says it).
    await expect
      .poll(() => result.locator(".result-outcome").textContent())
      .toBe("Tombril hits Hill Giant with the shortsword +2: -31 SP (to 37/68 SP)");
    expect(await result.locator(".result-why").getAttribute("open")).toBeNull();
    expect(await soFar.count()).toBe(0);
    await expect.poll(() => result.textContent()).toContain("leaving 37 SP");
    expect(await result.textContent()).toContain("Tombril's damage [5, 3, 4, 3, 2] = 17");
    // The rule by its name, as the GM looks it up: not "cartyrion, Resolving Combat".
    expect(await result.locator(".rule").allTextContents()).toContain("Resolving Combat");
    expect(await result.textContent()).not.toContain("cartyrion, ");
    // Said once: the outcome's "-31 SP (to 37/68 SP)", not again as "Stamina down from ...".
    expect(await result.textContent()).not.toContain("Stamina down from");
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("37/68 SP");
    // And under the giant's entry of the turn order, its stamina at a glance.
    const giantsHealth = page
      .locator(".turn-order li", { hasText: "Hill Giant" })
      .getByRole("meter");
    expect(await giantsHealth.getAttribute("aria-valuetext")).toBe("37/68 SP");

    // Number keys select (two digits typed together make one number), the arrows move.
    await expect.poll(() => promptOf(page)).toContain("what does Hill Giant do?");
    await expect.poll(() => focused(page)).toContain("attack Tombril with the club");
    // The last option's number is read from its button (the list grows as rules are added);
    // it must take two digits for this check to mean anything.
    const numbered = await page.locator(".choice").evaluateAll((buttons) =>
      buttons.map((b) => ({
        n: b.querySelector(".choice-n")?.textContent ?? "",
        label: b.querySelector(".choice-label")?.textContent ?? "",
      })),
    );
    const last = numbered.at(-1) ?? { n: "", label: "" };
    const previous = numbered.at(-2) ?? { n: "", label: "" };
    expect(last.n).toMatch(/^[1-9][0-9]$/);
    expect(numbered.map((c) => c.label)).toContain("grapple Tombril");
    await page.keyboard.press(last.n[0] ?? "");
    await page.keyboard.press(last.n[1] ?? "");
    expect(await focused(page)).toBe(`${last.n}${last.label}`);
    await page.keyboard.press("ArrowUp");
    expect(await focused(page)).toBe(`${previous.n}${previous.label}`);
    // n: the policy's option (the giant's club); then the chapter's 6d6! for its damage.
    await page.keyboard.press("n");
    await expect.poll(() => promptOf(page)).toContain("Hill Giant's damage");
    await expect.poll(() => focused(page)).toBe("dice rolled");
    await page.keyboard.type("6 5 3 6 2 6 5 1 6 2");
    await page.keyboard.press("Enter");
    await expect.poll(() => statusOf(page, "tombril").textContent()).toContain("12/55 SP");
    expect(await result.textContent()).toContain(
      "Hill Giant's damage [6!, 5, 3, 6!, 2, 6!, 5, 1, 6!, 2] = 42",
    );

    // u takes back the giant's decision with its roll; the focus is on its prompt again.
    await page.keyboard.press("u");
    await expect.poll(() => statusOf(page, "tombril").textContent()).toContain("55/55 SP");
    expect(await promptOf(page)).toContain("what does Hill Giant do?");
    await expect.poll(() => focused(page)).toContain("tactics' pick");
    // The last result is Tombril's blow again; over the prompt, what the undo took back.
    expect(await result.textContent()).toContain("leaving 37 SP");
    const tookBack = page.locator(".now .took-back");
    expect(await tookBack.textContent()).toMatch(
      /^Took back: Hill Giant: attack Tombril with the club[^;]*, then Hill Giant's damage \(42, typed at the table\)\. /,
    );
    expect(await tookBack.isVisible()).toBe(true);
    /** How the line says to have it back, as the screen shows it (its key, or its button). */
    const howBack = (line: Locator) =>
      line.locator(".by-keys:visible, .by-touch:visible").allTextContents();
    expect(await howBack(tookBack)).toEqual(["Redo r gives it back."]);
    // On a phone, which has no r, the line says the button over the prompt.
    await page.setViewportSize(PHONE);
    expect(await howBack(tookBack)).toEqual(["“Redo last decision” gives it back."]);
    expect(await page.getByRole("button", { name: "Redo last decision" }).isVisible()).toBe(true);
    await page.setViewportSize(LAPTOP);
    // The roll said by what it was for and its total, not its ten dice in boxes to count.
    expect(await tookBack.locator(".die").count()).toBe(0);
    await page.keyboard.press("r");
    await expect.poll(() => statusOf(page, "tombril").textContent()).toContain("12/55 SP");
    expect(await tookBack.count()).toBe(0);
    // r's line says what came back, as u's said what left.
    const gaveBack = page.locator(".now .gave-back");
    expect(await gaveBack.textContent()).toMatch(
      /^Gave back: Hill Giant: attack Tombril with the club[^;]*, then Hill Giant's damage \(42, typed at the table\)\. /,
    );
    expect(await howBack(gaveBack)).toEqual(["Undo u takes it back."]);
    // f: Fray rolls the next roll; Shift+U takes back that one answer alone.
    const before = await answers(id);
    await expect.poll(() => focused(page)).toBe("dice rolled");
    await page.keyboard.press("f");
    await expect.poll(() => answers(id)).toBe(before + 1);
    await expect
      .poll(() => page.locator(".timeline li.answer").first().textContent())
      .toContain("Fray");
    await page.keyboard.press("Shift+U");
    await expect.poll(() => answers(id)).toBe(before);
    await expect.poll(() => focused(page)).toBe("dice rolled");
    // Dice typed with the focus on a button go into the dice box.
    await page.getByRole("button", { name: "Keys ?" }).focus();
    await page.keyboard.type("34");
    expect(await page.getByLabel("dice rolled").inputValue()).toBe("34");
    expect(await focused(page)).toBe("dice rolled");
    await done(page);
  });

  it("says no blow so far over the round's order, a choice of who acts next, or a choice that changed nothing", async () => {
    type Said = { kind: string; actor?: string; question?: string; label?: string };
    type Step = { version: number; pending: { kind: string } | null; log: Said[] };
    /** `file` played by the tactics and Fray's dice until its last answer is `last`, opened. */
    const playedTo = async (file: string, last: (a: Said) => boolean) => {
      const id = await newExample(file);
      let e = await get<Step>(`/encounters/${id}`);
      while (e.pending !== null && !(e.log.length > 0 && last(e.log.at(-1)!))) {
        const how = e.pending.kind === "roll" ? "roll" : "policy";
        e = await post<Step>(`/encounters/${id}/${how}`, { version: e.version });
      }
      expect(e.pending).not.toBeNull();
      return open(`#/encounters/${id}`);
    };
    const soFarOn = (page: Page) => page.getByRole("region", { name: "this blow so far" });
    // cartyrion's ambush: the GM picks who acts next; that one's action is asked ("This blow so
    // far: The GM: Goblin shieldbearer" stood over it).
    let page = await playedTo(
      "cartyrion/ambush-on-the-forest-road.yaml",
      (a) => a.actor === "gm" && a.question === "next",
    );
    await expect.poll(() => promptOf(page)).toContain("what does");
    expect(await soFarOn(page).count()).toBe(0);
    await done(page);
    // tnt's group fight: a combatant stays at the current ranges, its dice are asked.
    page = await playedTo("tnt/group-fight.yaml", (a) => a.label === "stay at the current ranges");
    await expect.poll(() => promptOf(page)).toContain("dice");
    expect(await soFarOn(page).count()).toBe(0);
    await done(page);
    // tnt's dagger and greatsword: Sigrun's initiative rolled, Pip's asked.
    page = await playedTo("tnt/dagger-and-greatsword.yaml", () => true);
    await expect.poll(() => promptOf(page)).toContain("Pip's initiative");
    expect(await soFarOn(page).count()).toBe(0);
    await done(page);
  });

  it("over a defender's dice, the blow they answer; its beginning, the last result, folded beside it (tnt)", async () => {
    // tnt's group fight (seed 3) played by the tactics to its 40th answer: Hild chose her dice
    // (a result: "Hild attacks with 3 of 3 combat dice"), her target and anger, rolled her
    // attack, and Knuckles chose an active defence, whose dice wait.
    const id = await newExample("tnt/group-fight.yaml");
    type Step = { version: number; answers: number; pending: { kind: string } };
    let e = await get<Step>(`/encounters/${id}`);
    while (e.answers < 40) {
      const how = e.pending.kind === "roll" ? "roll" : "policy";
      e = await post<Step>(`/encounters/${id}/${how}`, { version: e.version });
    }
    const page = await open(`#/encounters/${id}`);
    const soFar = page.getByRole("region", { name: "this blow so far" });
    await expect
      .poll(() => soFar.locator(".so-far-heading").textContent())
      .toBe(
        "This blow so far: Hild: one attack with 3 dice at Knuckles (onset range); attack in anger (set one die aside)",
      );
    const lines = await soFar.locator(".so-far-lines > li").allTextContents();
    expect(lines.map((l) => l.replace(/\s+/g, " "))).toEqual([
      expect.stringMatching(/^Hild's attack .*= 14/),
      "Knuckles: active defence with 2 dice",
    ]);
    expect(await page.locator(".next-step .prompt").textContent()).toContain(
      "Knuckles's active defence against 20",
    );
    // The last result is that blow's beginning: its dice and rules folded, not said twice.
    const result = page.getByRole("region", { name: "last result" });
    expect(await result.locator(".result-rolls").isVisible()).toBe(false);
    expect(await result.locator(".result-why").getAttribute("open")).toBeNull();
    expect(await result.textContent()).toContain("Hild: now attacks in anger");
    await done(page);
  });

  it("rolls the last roll again on a (Fray's dice, logged as a reroll), and undo takes it back", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const page = await open(`#/encounters/${id}`);
    await expect.poll(() => focused(page)).toBe("dice rolled");
    const again = page.getByRole("button", { name: /^Roll again/ });
    expect(await again.count()).toBe(0);
    await page.keyboard.press("f");
    await expect.poll(() => again.count()).toBe(1);
    const log = async () =>
      (
        (await (await fetch(`${serverUrl()}/encounters/${id}`)).json()) as {
          log: { dice?: string; attempt?: number; rerolled?: string[] }[];
        }
      ).log;
    const first = (await log())[0]!;
    await page.locator("body").press("a");
    await expect.poll(async () => (await log())[0]?.attempt).toBe(1);
    expect((await log())[0]!.rerolled).toEqual([first.dice]);
    expect(await answers(id)).toBe(1);
    await expect.poll(() => page.locator(".reroll-was").textContent()).toContain(first.dice!);
    await again.click();
    await expect.poll(async () => (await log())[0]?.attempt).toBe(2);
    // The server has the second reroll; keys wait until the page has its reply too (a key
    // pressed while the change is in flight is refused, as a second click would be).
    await expect.poll(() => page.locator(".reroll-was").textContent()).toContain(", then ");
    await expect.poll(() => again.isEnabled()).toBe(true);
    await page.keyboard.press("u");
    await expect.poll(() => answers(id)).toBe(0);
    await expect.poll(() => again.count()).toBe(0);
    await done(page);
  });

  it("a roll of the step under way is rolled again over the prompt, not under another step's result", async () => {
    // Swords & Wizardry's group fight (seed 3) played by the tactics to its 48th answer: Gorbag
    // singles out Mirelle (46, the last result), then the round's initiative dice, Hrolf's (47)
    // and Mirelle's (48), which cause nothing until all are in. "Roll again: Mirelle's
    // initiative" stood under Gorbag's singling out, as if it were of that step.
    const id = await newExample("swords-wizardry-fitz/group-fight.yaml");
    type Step = { version: number; answers: number; pending: { kind: string } };
    let e = await get<Step>(`/encounters/${id}`);
    while (e.answers < 48) {
      const how = e.pending.kind === "roll" ? "roll" : "policy";
      e = await post<Step>(`/encounters/${id}/${how}`, { version: e.version });
    }
    const page = await open(`#/encounters/${id}`);
    const result = page.getByRole("region", { name: "last result" });
    await expect
      .poll(() => result.locator(".result-heading").textContent())
      .toMatch(/^Gorbag the chief: single out Mirelle/u);
    expect(await result.getByRole("button", { name: /^Roll again/ }).count()).toBe(0);
    const next = page.getByRole("region", { name: "next" });
    expect(await next.locator(".reroll-last").textContent()).toBe(
      "Last roll: Mirelle's initiative [4] = 4 ",
    );
    await next.getByRole("button", { name: /^Roll again/ }).click();
    type Logged = { log: { label?: string; attempt?: number }[] };
    await expect
      .poll(async () => (await get<Logged>(`/encounters/${id}`)).log[47]?.attempt)
      .toBe(1);
    expect((await get<Logged>(`/encounters/${id}`)).log[47]?.label).toBe("Mirelle's initiative");
    await done(page);
  });

  it("tells what happened newest step first, each step in causal order, or oldest first on asking", async () => {
    const id = await tombrilAfterFirstBlow();
    const page = await open(`#/encounters/${id}`);
    const happened = page.getByRole("region", { name: "what happened" });
    const steps = happened.locator(".timeline-steps > li.step");
    const numbers = () => happened.locator(".timeline-steps .answer .n").allTextContents();
    // Newest first: Tombril's damage dice (answer 3), his attack (2), the initiative (1).
    await expect.poll(numbers).toEqual(["#3", "#2", "#1"]);
    // Within a step, the roll comes first, then what it caused.
    const lines = await steps.first().locator(":scope > ol > li").allTextContents();
    expect(lines[0]).toContain("[5, 3, 4, 3, 2]");
    expect(lines.slice(1).some((l) => l.includes("leaving 37 SP"))).toBe(true);
    const order = happened.getByRole("button", { name: "Newest first" });
    expect(await order.getAttribute("aria-pressed")).toBe("true");
    await order.click();
    await expect.poll(numbers).toEqual(["#1", "#2", "#3"]);
    expect(await happened.getByRole("button", { name: "Oldest first" }).count()).toBe(1);
    const last = await steps.last().locator(":scope > ol > li").allTextContents();
    expect(last[0]).toContain("[5, 3, 4, 3, 2]");
    await done(page);
  });

  it("lists every shortcut in a help overlay on ?, closed by Esc", async () => {
    const page = await open(`#/encounters/${await newExample("tnt/duel.yaml")}`);
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await page.locator(".next-step .prompt").waitFor();
    expect(await help.isVisible()).toBe(false);
    await page.keyboard.press("?");
    await expect.poll(() => help.isVisible()).toBe(true);
    const text = (await help.textContent()) ?? "";
    for (const words of [
      "Fray rolls the pending roll",
      "undo the last decision",
      "redo",
      "filter",
      "play to the end of the fight (asks first)",
    ]) {
      expect(text).toContain(words);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => help.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Keys ?" }).click();
    await expect.poll(() => help.isVisible()).toBe(true);
    await done(page);
  });

  it("takes back one answer with undo's count box once it has been used with 3", async () => {
    const id = await tombrilAfterFirstBlow();
    await post(`/encounters/${id}/policy`);
    await post(`/encounters/${id}/roll`);
    const page = await open(`#/encounters/${id}`);
    const undo = page.getByRole("button", { name: "Undo", exact: true });
    await expect.poll(() => page.locator(".history").textContent()).toContain("5 answers given");
    await page.getByLabel("undo steps").fill("3");
    await undo.click();
    await expect.poll(() => answers(id)).toBe(2);
    // The page shows the fight as it stands before dice go into its box: typed into the box of
    // the answer taken back, they would be refused as sent to an older version.
    await expect.poll(() => page.locator(".history").textContent()).toContain("2 answers given");
    expect(await page.getByLabel("undo steps").inputValue()).toBe("1");
    await page.getByLabel("dice rolled").fill("5 3 4 3 2");
    await page.keyboard.press("Enter");
    await expect.poll(() => answers(id)).toBe(3);
    await undo.click();
    await expect.poll(() => page.locator(".history").textContent()).toContain("2 answers given");
    expect(await answers(id)).toBe(2);
    await done(page);
  });

  it("asks before playing to the end of the fight", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const page = await open(`#/encounters/${id}`);
    await page.getByRole("button", { name: "Play to the end of the fight…" }).click();
    const ask = page.getByRole("alertdialog");
    await expect
      .poll(() => ask.textContent())
      .toContain("Play every choice left to the end of the fight");
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await ask.count()).toBe(0);
    expect(await answers(id)).toBe(0);
    await page.keyboard.press("Shift+E");
    await expect.poll(() => ask.count()).toBe(1);
    await page.getByRole("button", { name: "Play to the end", exact: true }).click();
    await expect
      .poll(() => page.locator(".next-step .outcome").textContent())
      .toContain("The fight is over");
    await done(page);
  });

  it("puts headings over options of two groups or more, none over a decision all of one group, and asks a d20 read as a hit as 1 to 20", async () => {
    // swords-wizardry-fitz's duel opens on a declaration whose options are all attacks.
    const duel = await newExample("swords-wizardry-fitz/duel.yaml");
    const page = await open(`#/encounters/${duel}`);
    await expect.poll(() => promptOf(page)).toContain("Sir Aldous declares before initiative");
    const numbers = () => page.locator("button.choice .choice-n").allTextContents();
    await expect.poll(numbers).toEqual(["1", "2"]);
    const declared = (await (await fetch(`${serverUrl()}/encounters/${duel}`)).json()) as {
      pending: { choices: { label: string; group?: string }[] };
    };
    expect(new Set(declared.pending.choices.map((c) => c.group))).toEqual(new Set(["attack"]));
    expect(await page.locator(".choice-group").count()).toBe(0);
    expect(await page.locator(".choices h3").count()).toBe(0);
    expect(await page.locator("button.choice .choice-label").allTextContents()).toEqual(
      declared.pending.choices.map((c) => c.label),
    );
    // Then a d20 the rules read as fumble, miss, hit or natural 20 (its answer "0 to 3") is asked
    // as the dice: Sir Aldous fights, the Black Knight charges; initiative 4 and 5; BCB +1/+1.
    await post(`/encounters/${duel}/policy`);
    // A declaration causes nothing yet: the last result says what was answered so far.
    await expect
      .poll(() => page.locator(".result-card .result-none").textContent())
      .toBe("No result yet. So far: Sir Aldous: fight (move up to half speed and attack).");
    for (const body of [{ choice: "charge:aldous" }, { dice: [4] }, { dice: [5] }, { choice: 1 }])
      await post(`/encounters/${duel}/answer`, body);
    await expect
      .poll(() => promptOf(page))
      .toBe(
        "The Black Knight's attack on Sir Aldous with the two-handed sword (needs 13): roll a d20 (1 to 20)",
      );
    await expect.poll(() => focused(page)).toBe("dice rolled");
    await page.keyboard.type("=15");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator(".result-card").textContent())
      .toMatch(/\(needs 13\) \[15\] = 15table.*needs 13: hit/);
    // The worked example's giant has attacks, moves, defences and others: each under its heading,
    // numbered on across them.
    const giant = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    await post(`/encounters/${giant}/answer`, { dice: [3] }); // initiative: the giant first
    await page.goto(`${serverUrl()}/#/encounters/${giant}`);
    await expect.poll(() => promptOf(page)).toContain("what does Hill Giant do?");
    await expect
      .poll(() => page.locator(".choice-group h3").allTextContents())
      .toEqual(["Attack", "Move", "Defend", "Other"]);
    const byGroup = await page
      .locator(".choice-group")
      .evaluateAll((groups) =>
        groups.map((g) => [...g.querySelectorAll(".choice-n")].map((n) => Number(n.textContent))),
      );
    expect(byGroup.flat()).toEqual(byGroup.flat().map((_, i) => i + 1));
    expect(byGroup.every((ns) => ns.length > 0)).toBe(true);
    // A prompt that opens on a name in lower case ("the bandit chief") starts as a sentence.
    const bandit = await newExample("cartyrion/duel-sellsword-and-bandit.yaml");
    await post(`/encounters/${bandit}/answer`, { dice: [1] }); // initiative: the bandit first
    await page.goto(`${serverUrl()}/#/encounters/${bandit}`);
    await expect.poll(() => promptOf(page)).toMatch(/^The bandit chief's turn \(/);
    await done(page);
  });

  it("asks dungeons-of-olde's dice as the table types them: a Finesse 7's d8 takes an 8 as 4, an attack names both checks' dice", async () => {
    const id = await newExample("dungeons-of-olde/tavern-brawl.yaml");
    const page = await open(`#/encounters/${id}`);
    await expect
      .poll(() => promptOf(page))
      .toBe("Hob's action points, a Finesse die: roll a d8 (1 to 8)");
    await expect.poll(() => focused(page)).toBe("dice rolled");
    await page.keyboard.type("3");
    await page.keyboard.press("Enter");
    // Rolf's Finesse 7 is a d7 rolled as a d8 (Dice, core rules): the 8 may be typed, and is 4.
    await expect
      .poll(() => promptOf(page))
      .toBe("Rolf's action points, a Finesse die: roll a d8 (1 to 8, an 8 counts as 4)");
    await page.keyboard.type("8");
    await page.keyboard.press("Enter");
    await expect.poll(() => statusOf(page, "rolf").textContent()).toContain("12/12 HP, 4 AP");
    await expect.poll(() => promptOf(page)).toContain("what does Rolf do?");
    await page.keyboard.type("1");
    await page.keyboard.press("Enter");
    // The attack asks for the dice, not the tier (0 to 5) they make.
    await expect
      .poll(() => promptOf(page))
      .toBe(
        "Rolf's attack: roll 2d8 and 2d10 (first the defender's Defense Check, each 1 to 8, an 8 explodes; then the Attack Check, each 1 to 10, a 9 explodes, a 10 counts as 5)",
      );
    // Its box's example is of faces of those dice, none exploding (not karn's "14 7": no d8 or
    // d10 shows a 14), uncut.
    expect(await page.getByLabel("dice rolled").getAttribute("placeholder")).toBe(
      "each die, e.g. 4 7 5 3",
    );
    await examplesUncut(page);
    await done(page);
  });

  it("numbers a long list of options (dungeons-of-olde's 28) and filters it by words", async () => {
    const id = await newExample("dungeons-of-olde/ambush-at-the-old-bridge.yaml");
    for (let i = 0; i < 5; i += 1) await post(`/encounters/${id}/roll`);
    const page = await open(`#/encounters/${id}`);
    await expect.poll(() => promptOf(page)).toContain("what does Fletch do?");
    expect(await page.locator("button.choice").count()).toBe(28);
    await expect.poll(() => focused(page)).toContain("shoot the shortbow at Corwin");
    expect(await page.getByLabel("filter options").getAttribute("placeholder")).toBe(
      "filter the 28 options ( / )",
    );
    await page.keyboard.press("/");
    expect(await focused(page)).toBe("filter options");
    await page.keyboard.type("corwin prone");
    await expect
      .poll(() => page.locator("button.choice").allTextContents())
      .toEqual([
        "6drop prone (1 AP), then shoot the shortbow at Corwin from range 10",
        "20take position against Corwin: to range 6 (moving 4 spaces, 2 AP), then flop prone (0 AP)",
      ]);
    // Grouped as the ruleset groups them, numbered in the order shown.
    expect(await page.locator(".choice-group h3").allTextContents()).toEqual(["Attack", "Move"]);
    await page.keyboard.press("Enter");
    expect(await focused(page)).toMatch(/^6drop prone/);
    await pressDigits(page, "20");
    expect(await focused(page)).toMatch(/^20take position against Corwin/);
    await page.keyboard.press("Enter");
    await expect.poll(() => answers(id)).toBe(6);
    const log = (await (await fetch(`${serverUrl()}/encounters/${id}`)).json()) as {
      log: { value?: unknown }[];
    };
    expect(log.log[5]!.value).toBe("move:corwin+flop");
    await done(page);
  });

  it("says a declaration once: the result that only repeats it gives its rule beside the decision (swords-wizardry-fitz)", async () => {
    const id = await newExample("swords-wizardry-fitz/ambush-in-the-pass.yaml");
    await post(`/encounters/${id}/answer`, { dice: [88] }); // the ambush fails
    const { pending } = await get<{ pending: { choices: { value: string; label: string }[] } }>(
      `/encounters/${id}`,
    );
    const twoWeapons = pending.choices.find((c) => c.label.startsWith("two weapons"))!;
    await post(`/encounters/${id}/answer`, { choice: twoWeapons.value });
    const page = await open(`#/encounters/${id}`);
    const result = page.getByRole("region", { name: "last result" });
    await expect
      .poll(() => result.locator(".result-heading").textContent())
      .toBe("Osric: two weapons: two attacks at -3 (with the dagger) Two-Weapon Fighting");
    // Not "Osric declares: two weapons: ..." under it, nor in what happened.
    expect(await result.textContent()).not.toContain("declares");
    const happened = page.getByRole("region", { name: "what happened" });
    expect(await happened.textContent()).not.toContain("declares");
    expect(await happened.textContent()).toContain(
      "Osric: two weapons: two attacks at -3 (with the dagger) Two-Weapon Fighting",
    );
    await done(page);
  });

  it("lists what a blow changed under the blow: the club broken by the giant's Power Attack (cartyrion)", async () => {
    const id = await tombrilAfterFirstBlow();
    await post(`/encounters/${id}/answer`, { choice: "power:tombril:club" });
    await post(`/encounters/${id}/roll`);
    const page = await open(`#/encounters/${id}`);
    const result = page.getByRole("region", { name: "last result" });
    await expect
      .poll(() => result.locator(".result-changes").textContent())
      .toBe("Hill Giant: its club breaks");
    // What the blow did, then the Power Attack with its dice, then the club it broke (the club
    // was listed above the Power Attack that broke it).
    const lines = await result
      .locator(".result-outcome li, .result-heading, .result-rolls li, .result-changes li")
      .allTextContents();
    expect(lines.map((l) => l.replace(/\s+/g, " ").trim())).toEqual([
      expect.stringMatching(/^Hill Giant hits Tombril with the club: -\d+ SP/),
      "Hill Giant: Power Attack Tombril with the club (double dice; the weapon breaks)",
      expect.stringMatching(/^Hill Giant's damage /),
      "Hill Giant: its club breaks",
    ]);
    await done(page);
  });

  it("wraps a rule's name that is wider than the phone's column: what happened never scrolls sideways", async () => {
    // dungeons-of-olde's duel, its first round played: "dungeons-of-olde, Movement and Actions
    // (core rules)" under an indented explanation of the log, kept on one line, pushed the box
    // past the edge of a 390 px phone (3 px, after a GM's session) and of a 360 px one (30 px),
    // and the whole page with it.
    const id = await newExample("dungeons-of-olde/duel.yaml");
    await post(`/encounters/${id}/autoplay`, { until: "round" });
    const small = { width: 360, height: 780 };
    const page = await open(`#/encounters/${id}`, small);
    const rule = page.locator(".timeline .rule", { hasText: "Movement and Actions (core rules)" });
    await expect.poll(() => rule.count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(small.width);
    await done(page);
  });
  it("keeps a value the GM typed in the hand while the hand's values come in anew", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const page = await open(`#/encounters/${id}`);
    const hand = page.getByRole("region", { name: "the GM's hand" });
    await hand.getByLabel("Combatant").selectOption("giant");
    const stamina = hand.getByLabel("Stamina (SP)", { exact: true });
    const injuries = hand.getByLabel("Injuries (slots filled)", { exact: true });
    await expect.poll(() => stamina.inputValue()).toBe("68");
    await stamina.fill("40");
    // Another change comes in (a second screen of the GM's): the hand's values are fetched anew.
    await post(`/encounters/${id}/changes`, {
      change: { op: "set", combatant: "giant", field: "injuries", value: 1 },
    });
    await expect.poll(() => injuries.inputValue()).toBe("1");
    // The box the GM typed in still holds what was typed (it was reset to 68), and Set sets it.
    expect(await stamina.inputValue()).toBe("40");
    await hand.getByRole("button", { name: "Set Hill Giant's Stamina (SP)" }).click();
    await expect
      .poll(async () =>
        (await get<{ log: { change?: unknown }[] }>(`/encounters/${id}`)).log.at(-1),
      )
      .toMatchObject({ change: { op: "set", combatant: "giant", field: "stamina", value: 40 } });
    await done(page);
  });
  it("keeps the blow over the dice box after a change by hand in its middle, the change under it", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const page = await open(`#/encounters/${id}`);
    await expect.poll(() => focused(page)).toBe("dice rolled");
    await page.keyboard.type("5");
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page)).toContain("attack Hill Giant with the shortsword +2");
    await page.keyboard.press("Enter");
    await expect.poll(() => promptOf(page)).toContain("Tombril's damage: roll 5d6");
    // The GM sets the giant's stamina between Tombril's hit and its damage.
    const change = { op: "set", combatant: "giant", field: "stamina", value: 60 };
    await post(`/encounters/${id}/changes`, { change });
    await page.reload();
    await expect.poll(() => promptOf(page)).toContain("Tombril's damage: roll 5d6");
    // It was gone: the change is the last result, and the blow it was made in stays.
    const soFar = page.getByRole("region", { name: "this blow so far" });
    await expect
      .poll(() => soFar.textContent())
      .toBe(
        "This blow so far: Tombril: attack Hill Giant with the shortsword +2" +
          "By hand: The GM sets Hill Giant's Stamina (SP) to 60 (was 68)",
      );
    // The rule beside the change's heading, a word apart ("(was 68)The GM's ruling" ran together).
    const heading = page.getByRole("region", { name: "last result" }).locator(".result-heading");
    expect(await heading.innerText()).toMatch(/\(was 68\) \S/);
    // What it did is the GM's ruling, not a blow that landed: said so, not in a hit's bold.
    const outcome = page.getByRole("region", { name: "last result" }).locator(".result-outcome");
    expect(await outcome.innerText()).toBe("By hand: Hill Giant: -8 SP (to 60/68 SP)");
    expect(await outcome.evaluate((ul) => getComputedStyle(ul).fontWeight)).toBe("400");
    // What happened heads the change's line as a sentence ("the GM sets" began it).
    const changeLine = page.locator(".timeline .decision-text", { hasText: "GM sets" });
    expect(await changeLine.first().textContent()).toMatch(/^The GM sets Hill Giant's Stamina/u);
    // The damage rolled: the blow heads the result, the change a line of its own among its dice,
    // and the blow's harm is its damage alone (it headed the dice "The GM sets ...", "By hand:
    // Hill Giant: -39 SP", the change's 8 SP counted in).
    await expect.poll(() => focused(page)).toBe("dice rolled");
    await page.keyboard.type("5 3 4 3 2");
    await page.keyboard.press("Enter");
    const card = page.getByRole("region", { name: "last result" });
    await expect
      .poll(() => card.locator(".result-outcome").innerText())
      .toBe("Tombril hits Hill Giant with the shortsword +2: -31 SP (to 29/68 SP)");
    expect(await card.locator(".result-heading").innerText()).toMatch(
      /^Tombril: attack Hill Giant with the shortsword \+2/u,
    );
    expect(await card.locator(".result-rolls").innerText()).toContain(
      "By hand: The GM sets Hill Giant's Stamina (SP) to 60 (was 68)",
    );
    await done(page);
  });

  it("says what a round played by e did to everyone, over the prompt, until the next step", async () => {
    // tnt's group fight (seed 3, Fray's dice): e plays round 1, 34 answers. The last result told
    // Oswin's blow on Cutter alone; Hild's 1 HP, lost earlier in the round, went unsaid.
    const id = await newExample("tnt/group-fight.yaml");
    const page = await open(`#/encounters/${id}`);
    await page.locator("h1").click();
    await page.keyboard.press("e");
    const played = page.locator(".now .played-line");
    await expect
      .poll(() => played.locator("p").innerText())
      .toBe("Played to round 2 (34 answers):");
    expect(await played.locator("li").allInnerTexts()).toEqual([
      "Hild: -1 HP (to 19/20 HP)",
      "Cutter: -22 HP (to -4/18 HP), taken out",
    ]);
    // On a phone, the question's first option still on the first screen under it.
    await page.setViewportSize(PHONE);
    const first = await page.locator(".next-step button.choice").first().boundingBox();
    expect(first!.y + first!.height).toBeLessThanOrEqual(PHONE.height);
    await page.setViewportSize(LAPTOP);
    // One step more: the line goes, the last result tells that step.
    await page.keyboard.press("n");
    await expect.poll(() => answers(id)).toBe(35);
    await expect.poll(() => played.count()).toBe(0);
    await done(page);
  });

  it("refuses dice typed wrong in the prompt's words, one refusal at a time", async () => {
    // tnt's group fight: Hild's initiative, a d20.
    const id = await newExample("tnt/group-fight.yaml");
    const page = await open(`#/encounters/${id}`);
    const box = page.getByLabel("dice rolled");
    const refusals = () =>
      page.locator(".next-step :is(.error-inline, .error-message)").allInnerTexts();
    await box.fill("3 4");
    await box.press("Enter");
    // The dice said as the prompt says them ("roll a d20"), not as notation ("1d20").
    await expect.poll(refusals).toEqual([expect.stringMatching(/2 dice typed but a d20 used 1$/)]);
    // Letters the box cannot read: its own word alone, not beside the refusal of "3 4" before.
    await box.fill("abc");
    await box.press("Enter");
    await expect.poll(refusals).toEqual(['"abc" is not a die: type whole numbers, or =total']);
    await box.fill("=25");
    await box.press("Enter");
    await expect.poll(refusals).toEqual([expect.stringMatching(/25 is not a result of a d20$/)]);
    expect(await answers(id)).toBe(0);
    await done(page);
  });

  it("says a condition that came to several in one step once, with their names (cartyrion's ambush)", async () => {
    // The ambush on the forest road, Fray's dice and the tactics: the party turn the tables, the
    // initiative die of 5 surprises the four goblins who can be.
    const id = await newExample("cartyrion/ambush-on-the-forest-road.yaml");
    await post(`/encounters/${id}/policy`);
    await post(`/encounters/${id}/roll`);
    await post(`/encounters/${id}/roll`);
    const page = await open(`#/encounters/${id}`);
    const changes = page.getByRole("region", { name: "last result" }).locator(".result-changes li");
    // A line a goblin, four of them, filled a phone's last result.
    await expect
      .poll(() => changes.allInnerTexts())
      .toEqual([
        "Goblin spearman, Goblin shieldbearer, Goblin skirmisher and Goblin crossbowman: now surprised",
      ]);
    await done(page);
  });

  it("asks a Charge's feet in a number box with its unit and range, its letters the page's (n)", async () => {
    // The forest road's ambush up to Cedryk's Charge: "How many feet beyond its Move (40 ft)".
    // The rehearsal's box, "answer (JSON)", took the focus and `n` typed "nnnn" into it.
    const lines = readFileSync(
      new URL("./fixtures/ambush-ended-by-a-decision.jsonl", import.meta.url),
      "utf8",
    ).split("\n");
    const log = lines
      .slice(
        0,
        lines.findIndex((l) => l.includes('"n":16,')),
      )
      .join("\n");
    const { id } = await post<{ id: number }>("/encounters/from-log", { log });
    const page = await open(`#/encounters/${id}`);
    await expect.poll(() => promptOf(page)).toContain("Cedryk the Sneaky's Charge carry it?");
    const box = page.getByLabel("answer", { exact: true });
    await expect.poll(() => focused(page)).toBe("answer");
    expect(await box.getAttribute("type")).toBe("number");
    expect(await page.locator(".number-words").innerText()).toContain(
      "A whole number of feet from 0 to 1000.",
    );
    expect(await shoot(page, "gm-charge-feet", box)).toEqual({
      "gm-charge-feet at 1280x800": 0,
      "gm-charge-feet at 390x844": 0,
    });
    await box.focus();
    const before = await answers(id);
    await page.keyboard.press("n");
    await expect.poll(() => answers(id)).toBe(before + 1);
    await done(page);
  });

  it("says at once that Fray's server is not answering, a change not sent for that, both gone once it answers", async () => {
    // The rehearsal stopped the server: the page said nothing until the GM acted, then blamed
    // the network, and kept saying so after the server was back. Here the stream is refused
    // throughout (the page follows by asking), then every request of the encounter's.
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const page = await theBrowser().newPage({ viewport: LAPTOP });
    await page.route("**/encounters/*/events", (r) => r.abort());
    await page.goto(`${serverUrl()}/#/encounters/${id}`);
    const badge = page.locator(".topbar .live");
    await expect.poll(() => page.locator("h1").textContent()).toContain("Tombril");
    expect(await badge.count()).toBe(0);
    const down = (r: Route) => r.abort();
    await page.route(`**/encounters/${id}**`, down);
    await expect
      .poll(() => badge.textContent())
      .toBe("Fray's server is not answering: reconnecting…");
    await page.getByRole("button", { name: "Fray rolls" }).click();
    const error = page.locator(".error-message");
    await expect.poll(() => error.textContent()).toContain("Fray's server is not answering");
    expect(await error.textContent()).not.toContain("network");
    // Back: the badge and the refusal go at the next look, with no action of the GM's.
    await page.unroute(`**/encounters/${id}**`, down);
    await expect.poll(() => badge.count()).toBe(0);
    await expect.poll(() => error.count()).toBe(0);
    await page.close();
  });
});
