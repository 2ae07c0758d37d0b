// Calculating hit or miss: the chapter's outline, case by case in its own order, and the
// invariants the outline promises (ties to the defender, only a natural 20 crits).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CRITICAL, HIT, MISS, PASSIVE, hitOrMiss, hitStep } from "./hit-or-miss.js";

const ON = true; // defenderNatural1: "attack-hits"
const OFF = false; // defenderNatural1: "no-effect"

describe("Calculating hit or miss, in the chapter's order", () => {
  it("did the attacker roll a natural 1? the attack misses, however high its score", () => {
    expect(hitOrMiss(1, 30, PASSIVE, 10, ON)).toBe(MISS);
    expect(hitStep(1, 30, PASSIVE, 10, ON)).toBe("attacker natural 1");
  });

  it("an attacker's natural 1 misses even when the defender rolls a natural 1", () => {
    expect(hitOrMiss(1, 25, 1, 5, ON)).toBe(MISS);
  });

  it("did the defender roll a natural 20? the attack misses", () => {
    expect(hitOrMiss(15, 30, 20, 25, ON)).toBe(MISS);
    expect(hitStep(15, 30, 20, 25, ON)).toBe("defender natural 20");
  });

  it("attacker and defender both roll a natural 20: a tie, and ties go to the defender", () => {
    expect(hitOrMiss(20, 26, 20, 25, ON)).toBe(MISS);
  });

  it("a natural 20 whose net attack score is greater than the defender's is a hit for critical damage", () => {
    expect(hitOrMiss(20, 25, PASSIVE, 13, ON)).toBe(CRITICAL);
    expect(hitOrMiss(20, 25, 12, 24, ON)).toBe(CRITICAL);
  });

  it("a natural 20 whose net score is not greater (the chapter's 'less than 20' slip) is an automatic hit for basic damage", () => {
    expect(hitOrMiss(20, 22, 15, 24, ON)).toBe(HIT);
    expect(hitOrMiss(20, 18, PASSIVE, 18, ON)).toBe(HIT);
    expect(hitStep(20, 18, PASSIVE, 18, ON)).toBe("natural 20 does not beat the defence");
  });

  it("a net attack score greater than the defender's net score is a hit for basic damage", () => {
    expect(hitOrMiss(12, 17, PASSIVE, 16, ON)).toBe(HIT);
    expect(hitOrMiss(12, 17, 9, 16, ON)).toBe(HIT);
  });

  it("else (the defender's net score is greater than or equal) the attack misses: ties go to the defender", () => {
    expect(hitOrMiss(12, 16, PASSIVE, 16, ON)).toBe(MISS);
    expect(hitOrMiss(12, 16, 9, 19, ON)).toBe(MISS);
    expect(hitStep(12, 16, PASSIVE, 16, ON)).toBe("defence holds");
  });

  it("the icon line: a defender's natural 1 lets the attack through for basic damage (switch defenderNatural1)", () => {
    expect(hitOrMiss(8, 10, 1, 12, ON)).toBe(HIT);
    expect(hitStep(8, 10, 1, 12, ON)).toBe("defender natural 1");
    expect(hitOrMiss(8, 10, 1, 12, OFF)).toBe(MISS);
  });

  it("passive defence rolls no die, so the natural 1 and 20 of the defender never apply", () => {
    expect(hitOrMiss(10, 10, PASSIVE, 10, ON)).toBe(MISS);
    expect(hitOrMiss(10, 11, PASSIVE, 10, ON)).toBe(HIT);
  });
});

const natural = fc.integer({ min: 1, max: 20 });
const defenceNatural = fc.integer({ min: 0, max: 20 });
const score = fc.integer({ min: -10, max: 50 });

describe("Calculating hit or miss: invariants", () => {
  it("only an attacker's natural 20 scores a critical hit", () => {
    fc.assert(
      fc.property(natural, score, defenceNatural, score, fc.boolean(), (a, at, d, dt, sw) => {
        if (hitOrMiss(a, at, d, dt, sw) === CRITICAL) expect(a).toBe(20);
      }),
    );
  });

  it("raising the attack score never turns a hit into a miss", () => {
    fc.assert(
      fc.property(
        natural,
        score,
        fc.nat(20),
        defenceNatural,
        score,
        fc.boolean(),
        (a, at, up, d, dt, sw) => {
          expect(hitOrMiss(a, at + up, d, dt, sw)).toBeGreaterThanOrEqual(
            hitOrMiss(a, at, d, dt, sw),
          );
        },
      ),
    );
  });

  it("raising the defence score never turns a miss into a hit", () => {
    fc.assert(
      fc.property(
        natural,
        score,
        defenceNatural,
        score,
        fc.nat(20),
        fc.boolean(),
        (a, at, d, dt, up, sw) => {
          expect(hitOrMiss(a, at, d, dt + up, sw)).toBeLessThanOrEqual(hitOrMiss(a, at, d, dt, sw));
        },
      ),
    );
  });

  it("equal scores never hit, except through the attacker's natural 20 or the defender's natural 1", () => {
    fc.assert(
      fc.property(natural, defenceNatural, score, fc.boolean(), (a, d, s, sw) => {
        const r = hitOrMiss(a, s, d, s, sw);
        if (r !== MISS) expect(a === 20 || (sw && d === 1)).toBe(true);
        expect(r).not.toBe(CRITICAL);
      }),
    );
  });
});
