import { describe, expect, it } from "vitest";
import { filterChoices, numberChoices } from "./choices.js";

describe("a decision's options as the prompt shows them", () => {
  it("numbers them in their order when they have no groups, marking the tactics' pick", () => {
    const shown = numberChoices(
      [
        { value: "a", label: "attack Hill Giant" },
        { value: "b", label: "parry" },
      ],
      "b",
    );
    expect(shown.map((c) => [c.n, c.label, c.policy])).toEqual([
      [1, "attack Hill Giant", false],
      [2, "parry", true],
    ]);
  });

  it("numbers them group by group (attack, move, defend, other) when they have groups", () => {
    const shown = numberChoices(
      [
        { value: 1, label: "step back", group: "move" },
        { value: 2, label: "sheathe", group: "other" },
        { value: 3, label: "parry", group: "defend" },
        { value: 4, label: "strike", group: "attack" },
        { value: 5, label: "ready a spell" },
      ],
      4,
    );
    expect(shown.map((c) => `${c.n} ${c.label}`)).toEqual([
      "1 strike",
      "2 step back",
      "3 parry",
      "4 sheathe",
      "5 ready a spell",
    ]);
    expect(shown[0]!.policy).toBe(true);
  });

  it("keeps the ruleset's order when the options all fall in one group", () => {
    const shown = numberChoices(
      [
        { value: "c", label: "attack the orc", group: "attack" },
        { value: "a", label: "attack the goblin", group: "attack" },
      ],
      "a",
    );
    expect(shown.map((c) => `${c.n} ${c.label}`)).toEqual([
      "1 attack the orc",
      "2 attack the goblin",
    ]);
    expect(shown[1]!.policy).toBe(true);
  });

  it("filters by every word typed, keeping each option's number", () => {
    const shown = numberChoices(
      ["attack Tombril with the club", "Power Attack Tombril unarmed", "grapple Tombril"].map(
        (label, i) => ({ value: i, label }),
      ),
      0,
    );
    expect(filterChoices(shown, "attack unarmed").map((c) => c.n)).toEqual([2]);
    expect(filterChoices(shown, "  TOMBRIL ").map((c) => c.n)).toEqual([1, 2, 3]);
    expect(filterChoices(shown, "")).toHaveLength(3);
  });
});
