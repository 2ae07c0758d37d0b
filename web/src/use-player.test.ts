import { describe, expect, it } from "vitest";
import type { PlayerState } from "./types.js";
import { againAfter, partBackAfter, tookBackAfter } from "./use-player.js";

/** A state with `tableAnswers` rolls and decisions given (all a state needs here). */
const at = (tableAnswers: number) => ({ tableAnswers }) as PlayerState;

describe("how many answers the screen says the GM took back", () => {
  it("counts each undo, adding up while the fight keeps going back", () => {
    expect(tookBackAfter(0, at(9), at(7))).toBe(2);
    expect(tookBackAfter(2, at(7), at(6))).toBe(3);
  });

  it("keeps it through a change that is neither (the GM's change by hand), and drops it once the fight goes on", () => {
    expect(tookBackAfter(2, at(7), at(7))).toBe(2);
    expect(tookBackAfter(2, at(7), at(8))).toBe(0);
  });
});

describe("a part of an opposed roll the GM took back", () => {
  /** At `tableAnswers`, the player's part held (`gave`) or asked (null), or not theirs. */
  const part = (tableAnswers: number, gave: string | null, yours = gave === null) =>
    ({
      tableAnswers,
      turn: { yours, waitingFor: gave === null ? null : "Kell's strike die", gave },
    }) as PlayerState;

  it("says so while the same roll asks for it again, until it is given or the fight moves on", () => {
    const back = partBackAfter(null, part(9, "dodge die"), part(9, null));
    expect(back).toBe("The GM took back your dodge die: roll it again.");
    expect(partBackAfter(back, part(9, null), part(9, null))).toBe(back);
    expect(partBackAfter(back, part(9, null), part(9, "dodge die"))).toBeNull();
    expect(partBackAfter(back, part(9, null), part(10, null))).toBeNull();
    // The roll answered with the part (the other came): nothing taken back.
    expect(partBackAfter(null, part(9, "dodge die"), part(10, null, false))).toBeNull();
  });
});

describe("the fight the GM started again under the screen", () => {
  /** Encounter `id` in round `round`. */
  const of = (id: number, round: number) => ({ id, round }) as PlayerState;

  it("is the new encounter once the link moved on to it, through its first round", () => {
    expect(againAfter(null, of(4, 3), of(9, 1))).toBe(9);
    expect(againAfter(9, of(9, 1), of(9, 1))).toBe(9);
    expect(againAfter(9, of(9, 1), of(9, 2))).toBeNull();
  });

  it("is none while the screen shows the same fight", () => {
    expect(againAfter(null, of(4, 1), of(4, 1))).toBeNull();
  });
});
