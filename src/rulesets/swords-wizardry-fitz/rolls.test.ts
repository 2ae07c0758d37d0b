// The encoded rolls against the dice themselves: every face (or pair of faces) read through the
// spec lands on the outcome, and with the probability, the spec's exact distribution says.
import { describe, expect, it } from "vitest";
import { compileDice } from "../../core/dice/index.js";
import type { RollSpec } from "../../engine/choice.js";
import { bandOf, NEGATED, OOF } from "./data/charts.js";
import {
  attackRoll,
  effectAfterSave,
  initiativeContest,
  mightyBlowRoll,
  percentRoll,
  rollUnder,
  saveRoll,
  surpriseRoll,
} from "./rolls.js";

/** Every combination of faces for the spec's notation, read through the spec. */
function bruteForce(spec: RollSpec): Map<number, number> {
  const sides: number[] = [];
  compileDice(spec.notation).roll({ die: (n) => (sides.push(n), 1) });
  const out = new Map<number, number>();
  const faces = sides.map(() => 1);
  const total = sides.reduce((p, n) => p * n, 1);
  for (let k = 0; k < total; k += 1) {
    let i = 0;
    const roll = compileDice(spec.notation).roll({ die: () => faces[i++]! });
    const v = spec.read(roll);
    out.set(v, (out.get(v) ?? 0) + 1 / total);
    for (let j = faces.length - 1; j >= 0; j -= 1) {
      faces[j]! += 1;
      if (faces[j]! <= sides[j]!) break;
      faces[j] = 1;
    }
  }
  return out;
}

function agree(spec: RollSpec): void {
  const brute = bruteForce(spec);
  const dist = spec.dist();
  for (const [v, p] of brute) expect(dist.p(v), `${spec.notation} ${v}`).toBeCloseTo(p, 12);
  expect(dist.outcomes().length).toBe(brute.size);
}

describe("encoded rolls agree with the dice", () => {
  it("the attack roll: fumble, miss, hit, natural 20, for every number needed", () => {
    for (let need = -3; need <= 25; need += 1) agree(attackRoll(need));
    expect(attackRoll(12).dist().p(2)).toBeCloseTo(8 / 20, 12);
  });

  it("saving throws with and without their naturals apart", () => {
    for (const need of [2, 10, 17, 20, 24])
      for (const a of [false, true]) for (const b of [false, true]) agree(saveRoll(need, a, b));
  });

  it("the Mighty Blow's effect and save, both readings, with the natural-1 switch and an effect bonus", () => {
    agree(mightyBlowRoll(10, 0, "rule-text", false));
    agree(mightyBlowRoll(10, 0, "example", false));
    agree(mightyBlowRoll(14, 2, "rule-text", true));
  });

  it("the initiative contest of two dice, with rolls above 10 first or counted as 10", () => {
    agree(initiativeContest(6, 6, false));
    agree(initiativeContest(12, 10, false));
    agree(initiativeContest(12, 10, true));
    // Ties: the nine equal pairs 1-9, and 10, 11 or 12 (all counted as 10) against a 10.
    expect(initiativeContest(12, 10, true).dist().p(0)).toBeCloseTo(12 / 120, 12);
    expect(initiativeContest(12, 10, false).dist().p(0)).toBeCloseTo(10 / 120, 12);
  });

  it("surprise, percentile and ability rolls", () => {
    agree(surpriseRoll(6, 2));
    agree(surpriseRoll(3, 2));
    agree(surpriseRoll(10, 1));
    agree(percentRoll(50));
    agree(rollUnder(13));
  });
});

describe("Critical Hits and Fumbles: the save against a Mighty Blow", () => {
  it("a successful save reduces the effect by one, and another for every point by which the save is made, even negating it", () => {
    // Saves of 10 against 10: made exactly, one off; 12: made by 2, three off.
    expect(effectAfterSave(9, 10, 10, "rule-text", true)).toBe(8);
    expect(effectAfterSave(9, 12, 10, "rule-text", true)).toBe(6);
    expect(effectAfterSave(9, 9, 10, "rule-text", true)).toBe(9);
    expect(bandOf(effectAfterSave(10, 12, 10, "rule-text", true))).toBe(OOF);
    // 5 with an 18 against 10: eight and one off, negated entirely.
    expect(bandOf(effectAfterSave(5, 18, 10, "rule-text", true))).toBe(NEGATED);
  });
});
