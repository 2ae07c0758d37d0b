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
      "The fight is over: The Hill Giant wins (Tombril is taken out)",
    );
  });

  it("says when no side wins, and nothing while the fight goes on", () => {
    const outcome = { winner: null, reason: "both are out" };
    expect(outcomeText({ outcome, sides })).toBe("The fight is over: no side wins (both are out)");
    expect(outcomeText({ outcome: null, sides })).toBe("");
  });
});
