import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ResultData } from "../types.js";
import { ResultCard } from "./result-card.js";

// tnt's group fight on Hild's player's phone: her declaration is the last result and the
// beginning of the blow under way, whose "This blow so far" says its heading just under.
const DECLARED: ResultData = {
  at: 7,
  heading: "Hild: one attack with 3 dice",
  player: "Anna",
  rolls: [],
  rulings: [],
  changes: [],
  outcome: [],
  explanations: [{ rule: "Combat Turns", text: "Hild declares one attack with 3 dice" }],
};

const text = (result: ResultData, headed: boolean) =>
  renderToStaticMarkup(
    createElement(ResultCard, { result, folded: true, underWay: true, headed }),
  ).replace(/<[^>]+>/g, " ");

describe("the last result card", () => {
  it("says the heading of a result that is the blow under way's beginning once, under the blow", () => {
    // It read "Hild: one attack with 3 dice (Anna chose)" under "Last result", then again
    // under "This blow so far", which says its dice too: the card is not shown.
    expect(text(DECLARED, false)).toBe("");
    const rolled: ResultData = {
      ...DECLARED,
      rolls: [{ label: "Hild's attack", dice: "[6, 5, 2] = 11" }],
    };
    expect(text(rolled, false)).toBe("");
    // What it changed is its own (Hild now attacks in anger), said without the heading.
    const angry: ResultData = {
      ...rolled,
      changes: [
        {
          name: "Hild",
          label: "Conditions",
          before: "none",
          after: "attacks in anger",
          text: "Hild: now attacks in anger",
        },
      ],
    };
    expect(text(angry, false)).toContain("Hild: now attacks in anger");
    expect(text(angry, false)).not.toContain("Hild: one attack with 3 dice");
    // The GM's page (no blow so far under it) keeps it.
    expect(text(DECLARED, true)).toContain("Hild: one attack with 3 dice");
  });
});
