// Criticals And Fumbles and Knock Out/Stun Called Shots: the charts as data, each column
// complete and contiguous from 1 to 100 (RULES-NOTES.md, 003), and what each line does.
import { describe, expect, it } from "vitest";
import {
  CRITICAL_BANDS,
  CRITICAL_COLUMNS,
  FUMBLE_BANDS,
  FUMBLE_COLUMNS,
  KNOCK_OUT_BANDS,
  bandOf,
  type Band,
} from "./charts.js";
import { multiplied } from "../procedures/criticals.js";

function covers(bands: readonly Band[]): boolean {
  let next = 1;
  for (const b of bands) {
    if (b === null) continue;
    if (b[0] !== next || b[1] < b[0]) return false;
    next = b[1] + 1;
  }
  return next === 101;
}

describe("the charts are complete and contiguous", () => {
  it("Fumble: every column covers 01-00 in order (hand to hand has no dropped or flung weapon)", () => {
    for (const c of FUMBLE_COLUMNS) expect(covers(FUMBLE_BANDS[c]), c).toBe(true);
    expect(FUMBLE_BANDS.hand[2]).toBeNull();
    expect(FUMBLE_BANDS.hand[3]).toBeNull();
  });

  it("Critical: every column covers 01 to the open top line (100+, 99+)", () => {
    for (const c of CRITICAL_COLUMNS) expect(covers(CRITICAL_BANDS[c]), c).toBe(true);
  });

  it("Knock Out/Stun Called Shots: 1-60, 61-80, 81-90, 91-100", () => {
    expect(covers(KNOCK_OUT_BANDS)).toBe(true);
    expect([60, 61, 90, 91].map((r) => bandOf(KNOCK_OUT_BANDS, r))).toEqual([0, 1, 2, 3]);
  });

  it("the chart's lines by roll: Swing 55 is Dropped Weapon, Pierce 80 is Internal Injuries", () => {
    expect(bandOf(FUMBLE_BANDS.swing, 55)).toBe(2);
    expect(bandOf(CRITICAL_BANDS.P, 80)).toBe(3);
    expect(bandOf(CRITICAL_BANDS.Ch, 99)).toBe(5);
    expect(bandOf(CRITICAL_BANDS.Cu, 99)).toBe(4);
  });
});

describe("Critical: the damage that got through, multiplied", () => {
  it("Surface Damage adds half (x1.5), rounded down by default (switch surfaceRounding)", () => {
    expect(multiplied(5, 0, false)).toBe(7);
    expect(multiplied(5, 0, true)).toBe(8);
  });

  it("Severe Surface and Deep Tissue double it; Internal and Crippling Injuries triple it", () => {
    expect([1, 2, 3, 4].map((s) => multiplied(3, s, false))).toEqual([6, 6, 9, 9]);
  });
});
