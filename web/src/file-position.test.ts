import { describe, expect, it } from "vitest";
import { lineRange, positionOf } from "./file-position.js";

describe("where a refused file went wrong, in the text pasted", () => {
  it("reads a syntax error's line and column, and nothing from a field path", () => {
    expect(positionOf("file:6:1")).toEqual({ line: 6, column: 1 });
    expect(positionOf("file: combatants[1].side")).toBeNull();
    expect(positionOf(undefined)).toBeNull();
  });

  it("finds a line's start and end, and the end of the text past its last line", () => {
    const text = "title: x\nruleset: tnt\ncombatants: [";
    expect(lineRange(text, 1)).toEqual({ start: 0, end: 8 });
    expect(text.slice(lineRange(text, 2).start, lineRange(text, 2).end)).toBe("ruleset: tnt");
    expect(lineRange(text, 3)).toEqual({ start: 22, end: 35 });
    expect(lineRange(text, 9)).toEqual({ start: 35, end: 35 });
  });
});
