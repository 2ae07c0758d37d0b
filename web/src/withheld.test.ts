import { describe, expect, it } from "vitest";
import { withheldText } from "./withheld.js";

describe("withheldText", () => {
  it("says what the GM tells at the table, without the numbers: the rolls and rulings, then the rules", () => {
    expect(
      withheldText({
        withheld: 4,
        told: ["Knife's attack on Ysolde with the short sword", "Knife's damage"],
        rules: ["Melee Attacks", "The Attack Roll"],
      }),
    ).toBe(
      "The GM tells at the table: Knife's attack on Ysolde with the short sword and Knife's damage; the numbers under the rules “Melee Attacks” and “The Attack Roll”.",
    );
    expect(withheldText({ withheld: 1, told: [], rules: ["Base Combat Bonuses"] })).toBe(
      "The GM tells at the table: the numbers under the rule “Base Combat Bonuses”.",
    );
  });

  it("says nothing when nothing is kept back", () => {
    expect(withheldText({ withheld: 0, told: [], rules: [] })).toBeNull();
  });
});
