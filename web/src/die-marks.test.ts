import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatDie } from "../../src/core/dice/format.js";
import { DiceText } from "./components/result-card.js";
import { readDie } from "./die-marks.js";

describe("a die as the log writes it, read back", () => {
  it("reads the face and each mark the dice core writes", () => {
    expect(readDie("13d")).toEqual({ face: "13", marks: ["dropped"] });
    expect(readDie("6!")).toEqual({ face: "6", marks: ["exploded"] });
    expect(readDie("4")).toEqual({ face: "4", marks: [] });
    const all = formatDie({
      term: 0,
      sides: 20,
      fudge: false,
      value: 20,
      kept: false,
      dropped: true,
      exploded: true,
      rerolled: true,
      success: true,
      failure: true,
    });
    expect(readDie(all)).toEqual({
      face: "20",
      marks: ["exploded", "rerolled", "dropped", "success", "failure"],
    });
  });

  it("keeps anything else as it is, unmarked", () => {
    expect(readDie("d20")).toEqual({ face: "d20", marks: [] });
    expect(readDie("…")).toEqual({ face: "…", marks: [] });
  });

  it("draws a dropped die struck through and says so, an exploded one with its '!'", () => {
    const html = renderToStaticMarkup(
      createElement(DiceText, { text: "Cutter's attack (2d20, keep the highest) [13d, 15] = 15" }),
    );
    expect(html).toContain(
      '<span class="die die-dropped" title="dropped">13<span class="sr-only"> (dropped)</span></span>',
    );
    expect(html).toContain('<span class="die">15</span>');
    expect(html).not.toContain("13d");
    expect(renderToStaticMarkup(createElement(DiceText, { text: "[6!, 5] = 11" }))).toContain(
      '<span class="die die-exploded" title="exploded">6!</span>',
    );
  });
});
