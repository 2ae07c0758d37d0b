import { describe, expect, it } from "vitest";
import { friendOut, meanOver, outmatched, type StrengthOf } from "./side-strength.js";

interface F {
  side: "us" | "them";
  hp: number;
  dealt: number;
  out?: boolean;
}
const by: StrengthOf<F> = {
  fighting: (c) => c.out !== true,
  mine: (c) => c.side === "us",
  hp: (c) => c.hp,
  dealt: (c) => c.dealt,
};

describe("outmatched: the foes' strength over the side's (hit points left times damage a round)", () => {
  it("is 1 for an even fight and the square law's ratio otherwise", () => {
    const me: F = { side: "us", hp: 10, dealt: 3 };
    expect(outmatched([me, { side: "them", hp: 10, dealt: 3 }], by)).toBe(1);
    // Two foes like me: twice the hit points and twice the damage, four times as strong.
    const two: F[] = [me, { side: "them", hp: 10, dealt: 3 }, { side: "them", hp: 10, dealt: 3 }];
    expect(outmatched(two, by)).toBe(4);
    // (8 + 4) * (2 + 1) over (10 + 6) * (3 + 3): 36 / 96.
    const mixed: F[] = [
      me,
      { side: "us", hp: 6, dealt: 3 },
      { side: "them", hp: 8, dealt: 2 },
      { side: "them", hp: 4, dealt: 1 },
    ];
    expect(outmatched(mixed, by)).toBeCloseTo(36 / 96, 12);
  });

  it("leaves out whoever is out of the fight, and is 0 with no foe left and Infinity for a side that hurts nobody", () => {
    const me: F = { side: "us", hp: 10, dealt: 3 };
    const down: F = { side: "them", hp: 10, dealt: 3, out: true };
    expect(outmatched([me, down, { side: "them", hp: 5, dealt: 3 }], by)).toBe(0.5);
    expect(outmatched([me, down], by)).toBe(0);
    expect(
      outmatched(
        [
          { side: "us", hp: 10, dealt: 0 },
          { side: "them", hp: 1, dealt: 1 },
        ],
        by,
      ),
    ).toBe(Infinity);
  });
});

describe("friendOut: has the fight told on the side", () => {
  it("is true once a friend (not the one asking) is out, never for a foe out or one on one", () => {
    const me: F = { side: "us", hp: 10, dealt: 3 };
    const foe: F = { side: "them", hp: 10, dealt: 3 };
    expect(friendOut([me, foe], me, by)).toBe(false);
    expect(friendOut([me, { ...foe, out: true }, foe], me, by)).toBe(false);
    expect(friendOut([me, { side: "us", hp: 0, dealt: 3, out: true }, foe], me, by)).toBe(true);
    // The one asking, out itself, is no friend of its own.
    const gone: F = { ...me, out: true };
    expect(friendOut([gone, foe], gone, by)).toBe(false);
  });
});

describe("meanOver: a value on average over the fighters kept", () => {
  it("averages over those kept only, and is 0 when none is kept", () => {
    const all: F[] = [
      { side: "us", hp: 10, dealt: 3 },
      { side: "them", hp: 4, dealt: 1 },
      { side: "them", hp: 8, dealt: 2, out: true },
      { side: "them", hp: 6, dealt: 2 },
    ];
    const foeFighting = (c: F) => c.side === "them" && c.out !== true;
    expect(meanOver(all, foeFighting, (c) => c.hp)).toBe(5);
    expect(
      meanOver(
        all,
        () => false,
        (c) => c.hp,
      ),
    ).toBe(0);
  });
});
