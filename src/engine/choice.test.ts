import { describe, expect, it } from "vitest";
import { inShownOrder, shownGroups, type Choice } from "./choice.js";

describe("a decision's options in the order shown", () => {
  const options = [
    { value: "back", label: "step back", group: "move" as const },
    { value: "sheathe", label: "sheathe", group: "other" as const },
    { value: "parry", label: "parry", group: "defend" as const },
    { value: "strike", label: "strike", group: "attack" as const },
    { value: "spell", label: "ready a spell" },
    { value: "charge", label: "charge", group: "attack" as const },
  ];

  it("goes group by group (attack, move, defend, other; none is other), keeping the ruleset's order within each", () => {
    expect(shownGroups(options)).toEqual(["attack", "move", "defend", "other"]);
    expect(inShownOrder(options).map((c) => c.value)).toEqual([
      "strike",
      "charge",
      "back",
      "parry",
      "sheathe",
      "spell",
    ]);
  });

  it("keeps the ruleset's order, with no group to show, when the options fall in one group or have none", () => {
    const attacks = options.filter((c) => c.group === "attack");
    expect(shownGroups(attacks)).toEqual([]);
    expect(inShownOrder(attacks)).toEqual(attacks);
    const plain: Choice<number>[] = [
      { value: 2, label: "two" },
      { value: 1, label: "one" },
    ];
    expect(shownGroups(plain)).toEqual([]);
    expect(inShownOrder(plain)).toEqual(plain);
    // "Other" and no group are one group.
    expect(shownGroups([{ group: "other" as const }, {}])).toEqual([]);
  });
});
