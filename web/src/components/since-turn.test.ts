import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PlayerState } from "../types.js";
import { SINCE_SHOWN, SinceTurn, sinceLine } from "./since-turn.js";

type Told = PlayerState["sinceTurn"][number];

// dungeons-of-olde's ambush at the old bridge on Corwin's player's phone (seed 2, 57 answers):
// Cutter's legendary hit, its outcome joined to the blow (player-json.ts), as the server sends it.
const LEGENDARY: Told = {
  at: 55,
  heading: "Cutter: attack Corwin with the battle axe",
  outcome: [
    "Cutter hits Corwin: -6 HP (to 2/11 HP)",
    "Cutter lands a legendary hit on Corwin: maximum damage and bypass armour",
  ],
  rolls: [],
  rulings: [],
  changes: [
    {
      id: "corwin",
      name: "Corwin",
      label: "Hit points",
      before: "8/11 HP",
      after: "2/11 HP",
      text: "Corwin: Hit points down from 8/11 HP to 2/11 HP",
      worse: true,
    },
    {
      id: "corwin",
      name: "Corwin",
      label: "Conditions",
      before: "none",
      after: "stunned",
      text: "Corwin: now stunned",
    },
  ],
  explanations: [],
  withheld: 4,
  told: ["Cutter's attack"],
  rules: ["Critical Outcomes in Combat"],
};

describe("a line of Since your turn", () => {
  it("says the conditions a blow left on the player's side after what it did, not the hit points twice", () => {
    // It read "… maximum damage and bypass armour": Corwin stunned was on no screen of his.
    expect(sinceLine(LEGENDARY)).toBe(
      "Cutter: attack Corwin with the battle axe — Cutter hits Corwin: -6 HP (to 2/11 HP); Cutter lands a legendary hit on Corwin: maximum damage and bypass armour; Corwin: now stunned",
    );
  });
});

describe("Since your turn", () => {
  const results = [51, 52, 53, 54].map((at) => ({ ...LEGENDARY, at }));
  const html = (over: boolean) => renderToStaticMarkup(createElement(SinceTurn, { results, over }));

  it("numbers each result as in the whole list, so that the newest under the fold are not 1, 2, 3", () => {
    const numbers = [...html(false).matchAll(/<li value="(\d+)"( class="since-older")?/gu)];
    expect(numbers.map((m) => [Number(m[1]), m[2] !== undefined])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
    ]);
    expect(results.length - SINCE_SHOWN).toBe(1);
    expect(html(false)).toContain(">Show 1 more</button>");
  });

  it("is gone once the fight is over (the Friday rehearsal's phones kept it under the outcome)", () => {
    expect(html(true)).toBe("");
  });
});
