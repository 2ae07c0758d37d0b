import { describe, expect, it } from "vitest";
import { sideWins } from "./side-wins.js";

describe("a side's win in words", () => {
  it("agrees with the example encounters' side names", () => {
    expect(
      [
        "The goblins",
        "The party",
        "Tombril",
        "Cedryk and Janine",
        "The half-orc and his thug",
        "The northern bank",
        "The travellers",
        "The watch",
        "Sir Aldous",
        "The Boss",
        "Boris",
        "The bandits",
      ].map(sideWins),
    ).toEqual([
      "The goblins win",
      "The party wins",
      "Tombril wins",
      "Cedryk and Janine win",
      "The half-orc and his thug win",
      "The northern bank wins",
      "The travellers win",
      "The watch wins",
      "Sir Aldous wins",
      "The Boss wins",
      "Boris wins",
      "The bandits win",
    ]);
  });
});
