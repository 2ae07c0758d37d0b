import { describe, expect, it } from "vitest";
import type { PlayerState } from "./types.js";
import { tookBackText } from "./components/player-screen.js";
import {
  againAfter,
  NOTHING_BACK,
  partBackAfter,
  tookBackAfter,
  tookBackOf,
} from "./use-player.js";

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

describe("what the screen says the GM took back", () => {
  const step = (heading: string, player?: string) => ({ heading, player });
  /** At `tableAnswers`, Bram's blow the last result and Janine's (Anna's) under way or not. */
  const state = (tableAnswers: number, underWay: boolean, player = "Anna") =>
    ({
      tableAnswers,
      player: { name: "Anna" },
      lastResult: step("Bram: attack Goblin shieldbearer", "Ben"),
      blowSoFar: underWay ? step("Janine the Pious: attack Goblin skirmisher", player) : null,
      step: null,
    }) as unknown as PlayerState;

  it("names the player's choice the undo took back, not only how many answers", () => {
    const back = tookBackOf(NOTHING_BACK, state(12, true), state(11, false));
    expect(tookBackText(back)).toBe(
      "The GM took back your choice “Janine the Pious: attack Goblin skirmisher”: the fight goes on from before it.",
    );
    // Another's choice by its heading; a die inside a step still shown by the count alone.
    const theirs = tookBackOf(NOTHING_BACK, state(12, true, "Ben"), state(11, false));
    expect(tookBackText(theirs)).toBe(
      "The GM took back “Janine the Pious: attack Goblin skirmisher”: the fight goes on from before it.",
    );
    const die = tookBackOf(NOTHING_BACK, state(13, true), state(12, true));
    expect(tookBackText(die)).toBe(
      "The GM took back the last answer: the fight goes on from before it.",
    );
    // A second undo adds up, naming the step the first took back when it took back only a die.
    expect(tookBackText(tookBackOf(back, state(11, false), state(10, false)))).toBe(
      "The GM took back the last 2 answers, back to before your choice “Janine the Pious: attack Goblin skirmisher”.",
    );
    expect(tookBackOf(back, state(11, false), state(12, true))).toBe(NOTHING_BACK);
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
    // The connection down meanwhile: the server may have restarted and forgotten it.
    expect(partBackAfter(null, part(9, "dodge die"), part(9, null), true)).toBe(
      "Your dodge die was lost while the connection was down (the server restarted, or the GM took it back): roll it again.",
    );
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
