// The ruleset's own dice (Dice, core rules): odd ranks, explosions on the named value, advantage,
// and the encoded opposed roll, checked against enumeration by hand and against the dice core
// rolling the physical dice.
import { describe, expect, it } from "vitest";
import { compileDice } from "../../../core/dice/index.js";
import { Rng } from "../../../core/random.js";
import {
  checkRoll,
  dieRoll,
  opposedRoll,
  tierOf,
  CRITICAL_HIT,
  CRITICAL_MISS,
  DISASTROUS,
  HIT,
  LEGENDARY,
  MISS,
} from "./specs.js";
import {
  ADVANTAGE,
  DISADVANTAGE,
  NORMAL,
  checkTotal,
  dieNotation,
  faceValue,
  singleDie,
} from "./stat-die.js";

/** A die source answering the listed faces in order. */
function faces(list: number[]) {
  let i = 0;
  return { die: () => list[i++]! };
}

describe("Dice: die rank equals the stat", () => {
  it("an odd rank rolls the next larger die and counts its top face as the median: a d9 is a d10 whose 10 counts as 5", () => {
    expect(dieNotation(9, 2, true)).toBe("2d10!9");
    expect(faceValue(9, 10)).toBe(5);
    expect(faceValue(9, 9)).toBe(9);
    expect(faceValue(5, 6)).toBe(3);
    expect(faceValue(8, 8)).toBe(8);
    const d9 = singleDie(9, false);
    expect(d9.p(5)).toBeCloseTo(2 / 10, 15);
    expect(d9.p(9)).toBeCloseTo(1 / 10, 15);
    expect(d9.max).toBe(9);
  });

  it("an odd die explodes on its own named value, not on the face that counts as the median", () => {
    const d9 = singleDie(9, true);
    // 9 then 3: 12; a 10 counts 5 and stops.
    expect(d9.p(12)).toBeCloseTo((1 / 10) * (1 / 10), 15);
    expect(d9.p(9)).toBe(0);
    expect(d9.p(5)).toBeCloseTo(2 / 10, 15);
    const spec = dieRoll(9, true);
    expect(spec.notation).toBe("d10!9");
    expect(spec.read(compileDice(spec.notation).roll(faces([9, 10])))).toBe(14);
  });

  it("an even die explodes on its maximum, repeatedly", () => {
    const d6 = singleDie(6, true);
    expect(d6.p(6)).toBe(0);
    expect(d6.p(13)).toBeCloseTo(1 / 216, 15);
    expect(d6.mean()).toBeCloseTo(3.5 * (6 / 5), 9);
  });

  it("distributions sum to one with what explosion truncation leaves out", () => {
    for (const rank of [2, 3, 4, 5, 8, 9, 12, 13]) {
      const d = checkTotal(rank, NORMAL);
      const sum = d.probabilities().reduce((s, p) => s + p, 0);
      expect(sum + d.truncated).toBeCloseTo(1, 12);
    }
  });

  it("advantage keeps the better of two full sets, disadvantage the worse", () => {
    const one = checkTotal(4, NORMAL);
    const adv = checkTotal(4, ADVANTAGE);
    const dis = checkTotal(4, DISADVANTAGE);
    // P(max <= x) = P(set <= x)^2, P(min > x) = P(set > x)^2.
    for (const x of [2, 4, 7, 11]) {
      expect(adv.atMost(x)).toBeCloseTo(one.atMost(x) ** 2, 9);
      expect(1 - dis.atMost(x)).toBeCloseTo((1 - one.atMost(x)) ** 2, 9);
    }
  });

  it("the dice core rolling the physical dice gives the ruleset's distribution (d9 and d10 checks)", () => {
    for (const rank of [9, 10]) {
      const spec = checkRoll(rank, NORMAL, -12);
      const dice = compileDice(spec.notation);
      const rng = Rng.fromSeed(77);
      let pass = 0;
      const n = 20000;
      for (let i = 0; i < n; i += 1) pass += spec.read(dice.roll(rng));
      const p = spec.dist().p(1);
      expect(Math.abs(pass / n - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / n));
    }
  });
});

describe("Critical Outcomes in Combat: the margin's tier", () => {
  it("by the table: +6 legendary, +3 critical, 0 hit, -1 to -3 miss, -4 to -6 critical miss, -7 disastrous", () => {
    const table = [
      [6, LEGENDARY],
      [5, CRITICAL_HIT],
      [3, CRITICAL_HIT],
      [2, HIT],
      [0, HIT],
      [-1, MISS],
      [-3, MISS],
      [-4, CRITICAL_MISS],
      [-6, CRITICAL_MISS],
      [-7, DISASTROUS],
    ] as const;
    for (const [m, t] of table) expect(tierOf(m, -3), `margin ${m}`).toBe(t);
  });

  it("by the text (a miss by 3 or more is critical): -3 is a critical miss", () => {
    expect(tierOf(-3, -2)).toBe(CRITICAL_MISS);
    expect(tierOf(-2, -2)).toBe(MISS);
  });

  it("the opposed roll's tiers agree with brute force over both checks' totals", () => {
    const spec = opposedRoll(9, NORMAL, 8, DISADVANTAGE, 1, -3);
    const a = checkTotal(9, NORMAL).entries();
    const d = checkTotal(8, DISADVANTAGE).entries();
    const expected = new Float64Array(6);
    for (const [x, px] of a) for (const [y, py] of d) expected[tierOf(x - y + 1, -3)]! += px * py;
    for (let t = 0; t < 6; t += 1) expect(spec.dist().p(t)).toBeCloseTo(expected[t]!, 12);
    expect(spec.notation).toBe("2d8!+2d8!+2d10!9");
  });

  it("the opposed roll reads the defender's dice first, then the attacker's, an odd die's 10 as 5", () => {
    const spec = opposedRoll(9, NORMAL, 8, NORMAL, 0, -3);
    const dice = compileDice(spec.notation);
    // Defence 3 + 4 = 7; attack 10 (5) + 9, exploding into 2: 16. Margin +9: legendary.
    expect(spec.read(dice.roll(faces([3, 4, 10, 9, 2])))).toBe(LEGENDARY);
    // Defence 8 (explodes) 1 + 2 = 11; attack 10 (5) + 4 = 9: margin -2, a miss.
    expect(spec.read(dice.roll(faces([8, 1, 2, 10, 4])))).toBe(MISS);
  });

  it("shows the opposed roll as the two checks and their totals, not one meaningless sum", () => {
    const spec = opposedRoll(9, NORMAL, 8, NORMAL, 0, -3);
    const roll = compileDice(spec.notation).roll(faces([3, 4, 10, 9, 2]));
    expect(spec.describe?.(roll)).toBe(
      "Defense Check [3, 4] = 7; Attack Check [10, 9!, 2] = 16; adjustments +0 net: beats the CR by 9",
    );
    // The margin the tier's rule names, with the adjustments (+2 heater on the defence: -2 net).
    const shielded = opposedRoll(9, NORMAL, 8, NORMAL, -2, -3);
    expect(shielded.describe?.(compileDice(shielded.notation).roll(faces([8, 1, 2, 10, 4])))).toBe(
      "Defense Check [8!, 1, 2] = 11; Attack Check [10, 4] = 9; adjustments -2 net: misses the CR by 4",
    );
    const alone = opposedRoll(8, NORMAL, 0, NORMAL, -6, -3);
    const hit = compileDice(alone.notation).roll(faces([8, 1, 2]));
    expect(alone.describe?.(hit)).toBe(
      "Attack Check [8!, 1, 2] = 11; adjustments +0 against CR 6: beats the CR by 5",
    );
  });

  it("shows a check under advantage as both sets and the better one kept", () => {
    const spec = checkRoll(8, ADVANTAGE, 0);
    const roll = compileDice(spec.notation).roll(faces([2, 3, 6, 1]));
    expect(spec.describe?.(roll)).toBe("[2, 3] = 5 and [6, 1] = 7, the better 7");
  });

  it("says the faces the table types, not the answer's range: an odd die's top face, what explodes, both checks' dice", () => {
    // A d7 (Finesse 7, action points) is a d8 whose 8 counts as 4: 8 may be typed.
    const ap = dieRoll(7, false);
    expect(ap.faces?.()).toBe("1 to 8, an 8 counts as 4");
    expect(ap.read(compileDice(ap.notation).roll(faces([8])))).toBe(4);
    expect([ap.dist().min, ap.dist().max]).toEqual([1, 7]);
    expect(dieRoll(8, false).faces?.()).toBe("1 to 8");
    expect(dieRoll(11, true).faces?.()).toBe("1 to 12, an 11 explodes, a 12 counts as 6");
    expect(checkRoll(9, NORMAL, 0).faces?.()).toBe("each 1 to 10, a 9 explodes, a 10 counts as 5");
    expect(checkRoll(8, DISADVANTAGE, 0).faces?.()).toBe(
      "two sets, the worse kept: each 1 to 8, an 8 explodes",
    );
    // The attack answers a tier (0 to 5); the table types the defender's dice, then the attacker's.
    const attack = opposedRoll(9, NORMAL, 8, NORMAL, 0, -3);
    expect([attack.dist().min, attack.dist().max]).toEqual([0, 5]);
    expect(attack.faces?.()).toBe(
      "first the defender's Defense Check, each 1 to 8, an 8 explodes; then the Attack Check, each 1 to 10, a 9 explodes, a 10 counts as 5",
    );
    expect(opposedRoll(8, ADVANTAGE, 0, NORMAL, -6, -3).faces?.()).toBe(
      "no Defense Check, the defender is stunned; the Attack Check, two sets, the better kept: each 1 to 8, an 8 explodes",
    );
  });

  it("with no Defense Check the CR is folded into the offset (a stunned defender: CR 6)", () => {
    const spec = opposedRoll(8, NORMAL, 0, NORMAL, -6, -3);
    const a = checkTotal(8, NORMAL);
    expect(spec.dist().p(HIT) + spec.dist().p(CRITICAL_HIT) + spec.dist().p(LEGENDARY)).toBeCloseTo(
      a.atLeast(6),
      12,
    );
    expect(spec.notation).toBe("2d8!");
  });
});
