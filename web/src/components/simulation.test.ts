import { describe, expect, it } from "vitest";
import { roundsText } from "./simulation.js";

describe("how long the simulated fights lasted, as a GM reads it", () => {
  it("says the average, the half and the nine in ten in rounds, from the round they started in", () => {
    // It said "Rounds to the end, from the start of round 1: mean 3.65, median 3, 90% by 5".
    expect(
      roundsText({
        rounds: { mean: 3.654, median: 3, p90: 5 },
        start: { round: 1, answers: 0, answersInRound: 0 },
      }),
    ).toBe(
      "How long: 3.65 rounds on average from the start of round 1; half the fights end within 3 rounds, nine in ten within 5 rounds.",
    );
    expect(
      roundsText({
        rounds: { mean: 1, median: 1, p90: 1 },
        start: { round: 4, answers: 7, answersInRound: 2 },
      }),
    ).toBe(
      "How long: 1.00 rounds on average from the start of round 4; half the fights end within 1 round, nine in ten within 1 round.",
    );
  });
});
