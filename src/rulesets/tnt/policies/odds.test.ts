// The policies' closed-form odds against the dice core and brute force.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileDice } from "../../../core/dice/index.js";
import { Dist } from "../../../core/dist.js";
import { CRITICAL, HIT, MISS, PASSIVE, hitOrMiss } from "../procedures/hit-or-miss.js";
import {
  expectedDamage,
  expectedDamageAgainstRoll,
  hitChanceAgainst,
  keptIs,
  meanDamage,
  versusActive,
  type AttackShape,
} from "./odds.js";

describe("the kept die of a pool", () => {
  for (const n of [1, 2, 3, 4, 5]) {
    it(`${n}d20 keep highest matches the dice core`, () => {
      const dist = compileDice(n === 1 ? "1d20" : `${n}d20kh1`).dist();
      for (let v = 1; v <= 20; v += 1) expect(keptIs(n, v)).toBeCloseTo(dist.p(v), 12);
    });
  }
});

describe("hit or miss against an active defence", () => {
  it("versusActive equals the outline summed over every defence die", () => {
    const out = new Float64Array(3);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -5, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: -3, max: 12 }),
        fc.boolean(),
        (a, mod, dice, bonus, sw) => {
          const total = a + mod;
          const want = [0, 0, 0];
          for (let d = 1; d <= 20; d += 1)
            want[hitOrMiss(a, total, d, d + bonus, sw)]! += keptIs(dice, d);
          versusActive(a, total, dice, bonus, sw, out);
          for (const r of [MISS, HIT, CRITICAL]) expect(out[r]).toBeCloseTo(want[r]!, 12);
        },
      ),
    );
  });
});

describe("expected damage", () => {
  it("meanDamage is E[max(0, die + crit dice + offset)]", () => {
    const dist = Dist.die(8).add(Dist.die(10)).add(Dist.die(10));
    let want = 0;
    for (const [x, p] of dist.entries()) want += Math.max(0, x - 6) * p;
    expect(meanDamage(8, 10, 2, -6)).toBeCloseTo(want, 12);
  });

  it("equals brute force over every attack die, defence die and damage die", () => {
    // Two attack d20, one anger die set aside, d4 weapon, d6 crits, against 1d20 of defence.
    const a: AttackShape = {
      rolled: 2,
      anger: true,
      modifier: 4,
      damageDie: 4,
      critDie: 6,
      damageOffset: -1,
    };
    const bonus = 3;
    let want = 0;
    for (let x = 1; x <= 20; x += 1) {
      for (let y = 1; y <= 20; y += 1) {
        const natural = Math.max(x, y);
        const total = natural + a.modifier;
        for (let d = 1; d <= 20; d += 1) {
          const r = hitOrMiss(natural, total, d, d + bonus, true);
          if (r === MISS) continue;
          const crits = 1 + (r === CRITICAL ? 2 : total > 20 ? 1 : 0);
          let dmg = Dist.die(4);
          for (let i = 0; i < crits; i += 1) dmg = dmg.add(Dist.die(6));
          let mean = 0;
          for (const [v, p] of dmg.entries()) mean += Math.max(0, v - 1) * p;
          want += mean / 8000;
        }
      }
    }
    expect(expectedDamage(a, { dice: 1, score: bonus, natural1Hits: true })).toBeCloseTo(want, 10);
  });

  it("a counter-attack against the original roll (natural 8, 11): one die of an arming sword on mail", () => {
    // Brenna at melee: + 3 attack skill + 2 speed; d6 slash, d10 crit die; Aldric's mail DR 3.
    const shape = (bypass: boolean): AttackShape => ({
      rolled: 1,
      anger: false,
      modifier: 5 - (bypass ? 4 : 0),
      damageDie: 6,
      critDie: 10,
      damageOffset: bypass ? 0 : -3,
    });
    // 7 to 19 beat 11 for max(0, d6 - 3), mean 1; a natural 20 crits: max(0, d6 + d10 - 3), 6 + 1/60.
    expect(expectedDamageAgainstRoll(shape(false), 8, 11, true)).toBeCloseTo(
      (13 / 20) * 1 + (1 / 20) * (6 + 1 / 60),
      12,
    );
    // Bypassing: 11 to 19 beat 11 for a d6, mean 3.5; a natural 20 crits for d6 + d10, mean 9.
    expect(expectedDamageAgainstRoll(shape(true), 8, 11, true)).toBeCloseTo(
      (9 / 20) * 3.5 + (1 / 20) * 9,
      12,
    );
    // The original roll's natural 20 counts as the defence's: the counter cannot get through.
    expect(expectedDamageAgainstRoll(shape(false), 20, 11, true)).toBe(0);
  });

  it("hitChanceAgainst a fixed score counts the attack dice that get through", () => {
    let want = 0;
    for (let x = 1; x <= 20; x += 1) {
      for (let y = 1; y <= 20; y += 1) {
        const n = Math.max(x, y);
        if (hitOrMiss(n, n + 5, PASSIVE, 17, true) !== MISS) want += 1 / 400;
      }
    }
    expect(hitChanceAgainst(2, 5, PASSIVE, 17, true)).toBeCloseTo(want, 12);
  });
});
