import { describe, expect, it } from "vitest";
import { outcomeText } from "./outcome.js";

const sides = [
  { id: "party", name: "Tombril" },
  { id: "opponents", name: "The Hill Giant" },
];

describe("a finished fight, as the console tells it", () => {
  it("names the winning side by its name, with the reason", () => {
    const outcome = { winner: "opponents", reason: "Tombril is taken out" };
    expect(outcomeText({ outcome, sides })).toBe(
      "The fight is over: the Hill Giant wins (Tombril is taken out)",
    );
    // A proper name keeps its capital: only a leading "The" is lowered mid-sentence.
    const party = { winner: "party", reason: "the Hill Giant is taken out" };
    expect(outcomeText({ outcome: party, sides })).toBe(
      "The fight is over: Tombril wins (the Hill Giant is taken out)",
    );
    const sellswords = [{ id: "sellswords", name: "The sellswords" }];
    expect(outcomeText({ outcome: { winner: "sellswords", reason: "x" }, sides: sellswords })).toBe(
      "The fight is over: the sellswords win (x)",
    );
  });

  it("says when no side wins, and nothing while the fight goes on", () => {
    const outcome = { winner: null, reason: "both are out" };
    expect(outcomeText({ outcome, sides })).toBe("The fight is over: no side wins (both are out)");
    expect(outcomeText({ outcome: null, sides })).toBe("");
  });
});
