import { describe, expect, it } from "vitest";
import { changeLines } from "./change-lines.js";

const change = (name: string, said: string) => ({ name, text: `${name}: ${said}` });

describe("a step's changes as the last result lists them", () => {
  it("says a condition that came to several once, with their names, where the first was", () => {
    expect(
      changeLines([
        change("Goblin spearman", "now surprised"),
        change("Wren", "its shortbow breaks"),
        change("Goblin shieldbearer", "now surprised"),
        change("Goblin skirmisher", "now surprised"),
        change("Osric", "now surprised (1 round)"),
        change("Ysolde", "now surprised (1 round)"),
      ]),
    ).toEqual([
      "Goblin spearman, Goblin shieldbearer and Goblin skirmisher: now surprised",
      "Wren: its shortbow breaks",
      "Osric and Ysolde: now surprised (1 round)",
    ]);
  });

  it("keeps a condition's own words, several at once and any other line, a line each", () => {
    const lines = [
      change("Hild", "now attacks in anger"),
      change("Oswin", "now attacks in anger"),
      change("Hedda", "now dazed; no longer prone"),
      change("Varn", "now dazed; no longer prone"),
      { name: "Pip", text: "Pip joins the fight" },
      { name: "Cutter", text: "Cutter joins the fight" },
      change("Goblin chief", "no longer withdrawing"),
    ];
    expect(changeLines(lines)).toEqual(lines.map((l) => l.text));
  });
});
