import { describe, expect, it } from "vitest";
import { copiedBlock, fieldOf } from "./stat-block.js";

describe("a stat block copied into a form", () => {
  it("gets an id not yet taken, and its side", () => {
    const block = { id: "orc", name: "Orc", side: "x", hitPoints: 20, gear: ["rope"] };
    expect(copiedBlock(block, "foes", [])).toEqual({ ...block, side: "foes" });
    expect(copiedBlock(block, "foes", ["orc", "orc-2"])).toMatchObject({
      id: "orc-3",
      name: "Orc 3",
      hitPoints: 20,
    });
  });

  it("reads the field a refusal names", () => {
    expect(fieldOf("change.combatant: weapons[0].weapon", "change.combatant")).toBe(
      "weapons[0].weapon",
    );
    expect(fieldOf("change.combatant", "change.combatant")).toBe("");
    expect(fieldOf("change.place", "change.combatant")).toBeNull();
  });
});
