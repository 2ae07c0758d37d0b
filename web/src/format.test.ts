import { describe, expect, it } from "vitest";
import {
  branchedFrom,
  counted,
  estimate,
  interval,
  percent,
  ruleName,
  shares,
  since,
} from "./format.js";

describe("numbers as the console writes them", () => {
  it("writes probabilities as percentages and intervals as low-high", () => {
    expect(percent(0.345)).toBe("34.5%");
    expect(interval({ p: 0.345, low: 0.3244, high: 0.3661 })).toBe("32.4%-36.6%");
  });

  it("gives a sampled estimate its half-width, and an exact one none", () => {
    expect(estimate({ value: 66.0431, half: 0.1413 })).toBe("66.0 ± 0.1");
    expect(estimate({ value: 31, half: 0 })).toBe("31.0");
    expect(estimate({ value: 0.13375, half: 0.0048 }, true)).toBe("13.4% ± 0.5%");
    expect(estimate(null)).toBe("-");
  });

  it("gives a count its noun, one or more", () => {
    expect(counted(1, "round")).toBe("1 round");
    expect(counted(3, "round")).toBe("3 rounds");
    expect(counted(0, "answer")).toBe("0 answers");
  });

  it("says a fight fought again (a branch at 0 answers) as one, and a what-if as one", () => {
    expect(branchedFrom({ id: 3, at: 0 })).toBe("#3 fought again");
    expect(branchedFrom({ id: 3, at: 1 })).toBe("a what-if of #3 after 1 answer");
    expect(branchedFrom({ id: 3, at: 2 })).toBe("a what-if of #3 after 2 answers");
  });

  it("rounds shares so that those shown add up to 100%", () => {
    // Each rounded alone: 33.4% + 33.4% + 33.3% = 100.1%.
    expect(shares([0.33351, 0.33351, 0.33298])).toEqual(["33.4%", "33.3%", "33.3%"]);
    expect(shares([1 / 3, 1 / 3, 1 / 3])).toEqual(["33.4%", "33.3%", "33.3%"]);
    expect(shares([0.5, 0.5, 0])).toEqual(["50.0%", "50.0%", "0.0%"]);
    const shown = shares([0.12345, 0.45678, 0.41977]).map((s) => Number.parseFloat(s));
    expect(shown.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
  });
});

describe("how long ago, as the encounters' list writes it", () => {
  const now = Date.parse("2026-11-26T22:00:00Z");
  it("counts seconds, minutes, hours and days, then gives the date", () => {
    expect(since("2026-11-26T21:59:30Z", now)).toBe("just now");
    expect(since("2026-11-26T21:55:00Z", now)).toBe("5 minutes ago");
    expect(since("2026-11-26T19:00:00Z", now)).toBe("3 hours ago");
    expect(since("2026-11-25T20:00:00Z", now)).toBe("yesterday");
    expect(since("2026-11-22T22:00:00Z", now)).toBe("4 days ago");
    expect(since("2026-10-01T12:00:00Z", now)).toBe("1 Oct 2026");
  });

  it("says nothing of a date it cannot read, and never speaks of the future", () => {
    expect(since("not a date", now)).toBe("");
    expect(since("2026-11-26T22:05:00Z", now)).toBe("just now");
  });
});

describe("a rule by its name", () => {
  it("leaves out the ruleset's id the engine writes before it, and only that", () => {
    expect(ruleName("swords-wizardry-fitz, Charging into combat", "swords-wizardry-fitz")).toBe(
      "Charging into combat",
    );
    // A title with a comma of its own keeps it; another ruleset's id is not this one's.
    expect(ruleName("tnt, Weapons, armour and shields", "tnt")).toBe("Weapons, armour and shields");
    expect(ruleName("karn, 1. Initiative", "tnt")).toBe("karn, 1. Initiative");
  });
});
