import { describe, expect, it } from "vitest";
import { fieldText } from "./field-text.js";

describe("a field of a combatant's view as text", () => {
  it("writes numbers, words and lists as they are, and nothing as a dash", () => {
    expect(fieldText(12)).toBe("12");
    expect(fieldText(true)).toBe("true");
    expect(fieldText(["spear", "dagger"])).toBe("spear, dagger");
    expect(fieldText([])).toBe("-");
    expect(fieldText(null)).toBe("-");
    expect(fieldText({})).toBe("-");
  });

  it("writes a record as key: value pairs that can wrap, not as JSON", () => {
    const weapon = { name: "Longsword", damageDie: 8, small: false };
    expect(fieldText(weapon)).toBe("name: Longsword, damageDie: 8, small: false");
    expect(fieldText({ cutter: "onset", knuckles: "onset" })).toBe(
      "cutter: onset, knuckles: onset",
    );
    expect(fieldText([weapon, { name: "Dagger" }])).toBe(
      "name: Longsword, damageDie: 8, small: false; name: Dagger",
    );
  });
});
