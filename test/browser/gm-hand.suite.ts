// The GM's hand in Chromium (its own server: each-file.ts): a value set by hand, a
// refused one shown at its field, a condition put on for a number of melees and taken off, a late
// arrival copied from the roster (a refused stat shown at its box, then fixed), undone, and the
// page reloaded; a combatant taken out; the fight ended by ruling. Each through the page's forms,
// each checked on the cards.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { done, newExample, open, statusOf } from "./support.js";

const hand = (page: Page) => page.getByRole("region", { name: "the GM's hand" });
const card = (page: Page, id: string) => page.locator(`article[data-combatant="${id}"]`);

describe("the GM's hand", () => {
  it("sets a value by hand (refused at its field when out of bounds), and undo takes it back", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const page = await open(`#/encounters/${id}`);
    const gm = hand(page);
    await gm.getByLabel("Combatant").selectOption({ label: "Hill Giant" });
    await gm.getByLabel("Stamina (SP)", { exact: true }).fill("99");
    await gm.getByRole("button", { name: "Set Hill Giant's Stamina (SP)" }).click();
    await expect.poll(() => gm.locator(".field-error").textContent()).toContain("Too big");
    expect(await statusOf(page, "giant").textContent()).toContain("68/68 SP");
    await gm.getByLabel("Stamina (SP)", { exact: true }).fill("30");
    await gm.getByRole("button", { name: "Set Hill Giant's Stamina (SP)" }).click();
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("30/68 SP");
    expect(await gm.locator(".field-error").count()).toBe(0);
    const result = page.getByRole("region", { name: "last result" });
    await expect
      .poll(() => result.locator(".result-outcome").textContent())
      .toBe("By hand: Hill Giant: -38 SP (to 30/68 SP)");
    expect(await result.textContent()).not.toContain("Stamina down from");
    // Said once: the heading, with the rule of the results line that said it again.
    expect(await result.locator(".result-heading").textContent()).toMatch(
      /^The GM sets Hill Giant's Stamina \(SP\) to 30 \(was 68\) .*The GM's ruling$/,
    );
    expect(await result.locator(".result-explanations").textContent()).not.toContain("sets");
    await page.getByRole("button", { name: "Undo the last decision" }).click();
    await expect.poll(() => statusOf(page, "giant").textContent()).toContain("68/68 SP");
    await done(page);
  });

  it("puts a condition on for a number of melees and takes it off (karn)", async () => {
    const id = await newExample("karn/duel.yaml");
    const page = await open(`#/encounters/${id}`);
    const gm = hand(page);
    await gm.getByLabel("Combatant").selectOption({ label: "Brannoc the axeman" });
    // What it does, in words a tablet shows (not a hover title).
    expect(await gm.locator(".gm-condition", { hasText: "stunned" }).innerText()).toContain(
      "no initiative rolls, -4 on all combat actions",
    );
    await gm.getByLabel("stunned: melees").fill("2");
    await gm
      .getByRole("button", { name: "Put on Brannoc the axeman for 2 melees" })
      .first()
      .click();
    const badges = card(page, "axeman").locator(".condition");
    await expect.poll(() => badges.allTextContents()).toContain("stunned, 2 melees");
    await gm
      .locator(".gm-condition", { hasText: "stunned" })
      .getByRole("button", { name: "Take off Brannoc the axeman" })
      .click();
    await expect.poll(() => badges.allTextContents()).not.toContain("stunned, 2 melees");
    await done(page);
  });

  it("brings in a late arrival copied from the roster, refused at its box until fixed; undo takes it back, a reload finds the same", async () => {
    const id = await newExample("cartyrion/tombril-and-the-hill-giant.yaml");
    const page = await open(`#/encounters/${id}`);
    const gm = hand(page);
    await gm.getByRole("button", { name: "Bring in a late arrival…" }).click();
    const form = gm.getByRole("form", { name: "late arrival" });
    await form.getByLabel("Combatant to bring in").selectOption({ label: "Hill Giant" });
    expect(await form.getByLabel("Name").inputValue()).toBe("Hill Giant 2");
    // Each stat's box is labelled by the ruleset's schema, in words.
    const labels = await form.locator(".gm-field-label").allTextContents();
    expect(labels).toContain("Injury slots");
    expect(labels.filter((l) => /\b[a-z]+[A-Z]/.test(l))).toEqual([]);
    await form.getByLabel("Stamina at full (SP)", { exact: true }).fill("-3");
    await form.getByRole("button", { name: "Bring in" }).click();
    const refused = form
      .locator(".gm-field", { hasText: "Stamina at full (SP)" })
      .locator(".field-error");
    await expect.poll(() => refused.textContent()).toContain("stamina");
    await form.getByLabel("Stamina at full (SP)", { exact: true }).fill("40");
    await form.getByRole("button", { name: "Bring in" }).click();
    await expect.poll(() => statusOf(page, "giant-2").textContent()).toContain("40/40 SP");
    const again = await open(`#/encounters/${id}`);
    await expect.poll(() => statusOf(again, "giant-2").textContent()).toContain("40/40 SP");
    await page.getByRole("button", { name: "Undo the last decision" }).click();
    await expect.poll(() => card(page, "giant-2").count()).toBe(0);
    await again.reload();
    await expect.poll(() => statusOf(again, "giant").textContent()).toContain("68/68 SP");
    expect(await card(again, "giant-2").count()).toBe(0);
    await done(page);
    await again.close();
  });

  it("takes a combatant out of the fight, then ends the fight by ruling (tnt)", async () => {
    const id = await newExample("tnt/group-fight.yaml");
    const page = await open(`#/encounters/${id}`);
    const gm = hand(page);
    await expect.poll(() => card(page, "knuckles").count()).toBe(1);
    await gm.getByLabel("Combatant").selectOption({ value: "knuckles" });
    const name = await gm.getByLabel("Combatant").locator("option:checked").textContent();
    await gm.getByRole("button", { name: `Take ${name ?? ""} out of the fight` }).click();
    await expect.poll(() => card(page, "knuckles").count()).toBe(0);
    await gm.getByLabel("Winner").selectOption({ label: "The sellswords" });
    await gm.getByLabel("Why").fill("the bandits flee");
    await gm.getByRole("button", { name: "End the fight" }).click();
    await expect
      .poll(() => page.locator(".outcome").textContent())
      .toContain("the GM's ruling: the bandits flee");
    await done(page);
  });
});
