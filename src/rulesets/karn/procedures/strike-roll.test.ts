// Strike Rolls And Defenses, Basic Defenses and Splitting Actions: how a strike die (and the
// defence die against it) reads, and the one-roll encoding against every pair of dice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileDice } from "../../../core/dice/index.js";
import {
  CRITICAL,
  DEFENCE_1,
  DEFENCE_20,
  FUMBLE,
  HELD,
  HELD_BY_20,
  LANDED,
  MISS,
  NATURAL_20,
  NATURAL_FUMBLE,
  ON_ARMOUR,
  OVER_KO,
  STRUCK_20,
  baseCode,
  defenceRolled20,
  readStrike,
  strikeRoll,
  type StrikeTerms,
} from "./strike-roll.js";

const plain = (modifier: number, more: Partial<StrikeTerms> = {}): StrikeTerms => ({
  divisor: 1,
  modifier,
  ranged: false,
  cov: -1,
  koAt: Infinity,
  defence: null,
  ...more,
});

describe("Strike Rolls And Defenses: the levels of a strike", () => {
  it("an unmodified roll of 1 is a natural fumble, negative infinity, whatever the bonus", () => {
    const r = readStrike(plain(30), 1, 0);
    expect(r.code).toBe(NATURAL_FUMBLE);
  });

  it("a modified roll under 1 is a fumble", () => {
    expect(readStrike(plain(-3), 3, 0).code).toBe(FUMBLE);
    expect(readStrike(plain(-3), 4, 0).code).toBe(MISS);
  });

  it("an unmodified roll of 2 is a simple miss, whatever the bonus", () => {
    expect(readStrike(plain(20), 2, 0).code).toBe(MISS);
  });

  it("a modified roll above 0 and under 6 is a simple miss; over 5 is a hit", () => {
    expect(readStrike(plain(2), 3, 0).code).toBe(MISS);
    expect(readStrike(plain(2), 4, 0).code).toBe(LANDED);
  });

  it("an unmodified 20 is a natural critical: infinity", () => {
    const r = readStrike(plain(-10), 20, 0);
    expect(r.total).toBe(Infinity);
    expect(r.code).toBe(LANDED + CRITICAL + NATURAL_20);
  });

  it("a modified roll over 24 is a critical", () => {
    expect(readStrike(plain(6), 18, 0).code).toBe(LANDED);
    expect(readStrike(plain(6), 19, 0).code).toBe(LANDED + CRITICAL);
  });

  it("Ranged Attacks: a modified strike of 10 or less (above 0) misses", () => {
    expect(readStrike(plain(2, { ranged: true }), 8, 0).code).toBe(MISS);
    expect(readStrike(plain(2, { ranged: true }), 9, 0).code).toBe(LANDED);
  });

  it("Armor And Clothing: a modified strike at or under the COV strikes the armour first; a critical never does", () => {
    expect(readStrike(plain(2, { cov: 14 }), 12, 0).code).toBe(LANDED + ON_ARMOUR);
    expect(readStrike(plain(2, { cov: 14 }), 13, 0).code).toBe(LANDED);
    expect(readStrike(plain(10, { cov: 24 }), 20, 0).code).toBe(LANDED + CRITICAL + NATURAL_20);
  });

  it("Knock Out/Stun Called Shots: the knock-out flag once the strike reaches the line", () => {
    expect(readStrike(plain(0, { koAt: 11 }), 10, 0).code).toBe(LANDED);
    expect(readStrike(plain(0, { koAt: 11 }), 11, 0).code).toBe(LANDED + OVER_KO);
  });
});

describe("Splitting Actions: the roll is halved or quartered, rounded down, before the bonuses", () => {
  it("a half action: 15 becomes 7, and +5 makes 12", () => {
    const r = readStrike(plain(5, { divisor: 2 }), 15, 0);
    expect([r.value, r.total]).toEqual([7, 12]);
  });

  it("a quarter action: 15 becomes 3, and +5 makes 8", () => {
    expect(readStrike(plain(5, { divisor: 4 }), 15, 0).total).toBe(8);
  });

  it("natural rolls still count before the split: a natural 20 on a quarter action is a critical, a natural 2 a miss", () => {
    expect(readStrike(plain(0, { divisor: 4 }), 20, 0).code).toBe(LANDED + CRITICAL + NATURAL_20);
    expect(readStrike(plain(40, { divisor: 4 }), 2, 0).code).toBe(MISS);
  });

  it("a quarter action that rolls 3 with no bonus is under 1: a fumble", () => {
    expect(readStrike(plain(0, { divisor: 4 }), 3, 0).code).toBe(FUMBLE);
  });
});

describe("Basic Defenses: equal to or above the strike; ties go to the defender", () => {
  const against = (defence: number, divisor = 1) =>
    plain(2, { defence: { divisor, modifier: defence } });

  it("a block of 17 stops a strike of 15; a block of exactly 15 stops it too", () => {
    expect(readStrike(against(4), 13, 13).code).toBe(HELD);
    expect(readStrike(against(4), 13, 11).code).toBe(HELD);
    expect(readStrike(against(4), 13, 10).code).toBe(LANDED);
  });

  it("a defence's natural 20 holds even against a natural 20 strike (infinity ties: the defender wins), a Combat Skill Point each", () => {
    expect(readStrike(against(0), 20, 20).code).toBe(HELD + HELD_BY_20 + STRUCK_20);
    expect(readStrike(against(0), 20, 19).code).toBe(LANDED + CRITICAL + NATURAL_20);
  });

  it("a defence's natural 20 against a strike that fails on its own (a natural 2, a fumble) still shows, for its Combat Skill Point", () => {
    expect(readStrike(against(0), 2, 20).code).toBe(MISS + DEFENCE_20);
    expect(readStrike(against(0), 1, 20).code).toBe(NATURAL_FUMBLE + DEFENCE_20);
    expect(baseCode(MISS + DEFENCE_20)).toBe(MISS);
    expect(defenceRolled20(MISS + DEFENCE_20)).toBe(true);
    expect(defenceRolled20(HELD + HELD_BY_20)).toBe(true);
    expect(defenceRolled20(MISS)).toBe(false);
    expect(readStrike(plain(0), 2, 0).code).toBe(MISS);
  });

  it("a defence's natural 1 is negative infinity: it fails", () => {
    expect(readStrike(against(40), 10, 1).code).toBe(LANDED + DEFENCE_1);
  });

  it("a half-action defence halves its die too", () => {
    // 15 against a half block: 14 / 2 = 7 + 4 = 11 < 15.
    expect(readStrike(against(4, 2), 13, 14).code).toBe(LANDED);
  });

  it("a dodge rolled once for the melee keeps its die against each strike", () => {
    const once = plain(2, { defence: { natural: 12, modifier: 3 } });
    expect(readStrike(once, 13, 0).code).toBe(HELD);
    expect(readStrike(once, 14, 0).code).toBe(LANDED);
  });
});

describe("the one-roll encoding", () => {
  function brute(terms: StrikeTerms): Map<number, number> {
    const out = new Map<number, number>();
    const rolled = terms.defence !== null && "divisor" in terms.defence;
    const faces = rolled ? 20 : 1;
    for (let s = 1; s <= 20; s += 1) {
      for (let d = 1; d <= faces; d += 1) {
        const code = readStrike(terms, s, rolled ? d : 0).code;
        out.set(code, (out.get(code) ?? 0) + 1 / (20 * faces));
      }
    }
    return out;
  }

  it("its distribution is the brute-force count over every pair of dice", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 4),
        fc.integer({ min: -6, max: 12 }),
        fc.boolean(),
        fc.integer({ min: -1, max: 24 }),
        fc.option(
          fc.record({
            divisor: fc.constantFrom(1, 2, 4),
            modifier: fc.integer({ min: -5, max: 12 }),
          }),
        ),
        (divisor, modifier, ranged, cov, defence) => {
          const terms = plain(modifier, { divisor, ranged, cov, defence });
          const dist = strikeRoll(terms).dist();
          const expected = brute(terms);
          expect(dist.outcomes().length).toBe(expected.size);
          for (const [code, p] of expected) expect(dist.p(code)).toBeCloseTo(p, 12);
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });

  it("reads the dice the table rolls: the strike die first, then the defence die", () => {
    const terms = plain(2, { defence: { divisor: 1, modifier: 4 } });
    const spec = strikeRoll(terms);
    expect(spec.notation).toBe("2d20");
    const dice = [13, 13];
    const roll = compileDice(spec.notation).roll({ die: () => dice.shift()! });
    expect(spec.read(roll)).toBe(HELD);
    expect(strikeRoll(plain(2)).notation).toBe("1d20");
  });

  it("shows the table both dice with what the chapter makes of them, not their sum", () => {
    const show = (terms: StrikeTerms, ...dice: number[]) => {
      const spec = strikeRoll(terms);
      return spec.describe?.(compileDice(spec.notation).roll({ die: () => dice.shift()! }));
    };
    const quarter = plain(3, { divisor: 4, defence: { divisor: 1, modifier: 4 } });
    expect(show(quarter, 7, 12)).toBe("strike 7, quartered 1 + 3 = 4; defence 12 + 4 = 16");
    expect(show(quarter, 20, 1)).toBe("strike 20 (natural 20); defence 1 (natural 1)");
    const dodge = plain(-1, { defence: { natural: 9, modifier: 1 } });
    expect(show(dodge, 15)).toBe("strike 15 - 1 = 14; the dodge's roll 9 + 1 = 10");
    expect(show(plain(0, { divisor: 2 }), 9)).toBe("strike 9, halved 4 + 0 = 4");
  });
});
