// A position on the line as a GM reads it.
import { describe, expect, it } from "vitest";
import { atOnLine, spotOnLine } from "./line.js";

describe("a position on the line", () => {
  it("reads from the start line, and one behind it as so far behind, never as a negative number", () => {
    expect(spotOnLine(30, "ft")).toBe("30 ft");
    expect(atOnLine(0, "ft")).toBe("at 0 ft");
    expect(atOnLine(-45, "ft")).toBe("45 ft behind the start line");
    expect(spotOnLine(3, "space")).toBe("space 3");
    expect(spotOnLine(-1, "space")).toBe("1 space behind the start line");
    expect(atOnLine(-5, "space")).toBe("5 spaces behind the start line");
  });
});
