import { describe, expect, it } from "vitest";
import { chanceText, outcomeRows, roundsText, simulatingText, unseenText } from "./simulation.js";
import { wilson } from "../../../src/sim/interval.js";

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

describe("the simulation panel at work", () => {
  it("says how long it has waited past a few seconds, and what may come first", () => {
    // karn's duel: the odds held the job thread a minute, the panel said "Simulating…" alone.
    expect(simulatingText(1.5)).toBe("Simulating…");
    expect(simulatingText(12.4)).toBe(
      "Simulating… 12 s so far: the fight odds or the advice, while the server works them out, may come first (Cancel the fight odds to simulate now).",
    );
  });
});

describe("the simulation's outcomes, as a GM reads them", () => {
  const of = (wins: readonly number[], draws: number, mutualKills: number) => {
    const runs = wins.reduce((a, b) => a + b, draws + mutualKills);
    return {
      runs,
      sides: wins.map((w, i) => ({ id: `s${i}`, name: `Side ${i}`, win: wilson(w, runs) })),
      draw: wilson(draws, runs),
      mutualKill: wilson(mutualKills, runs),
    };
  };

  it("read the same wherever a figure shows: a duel's survivor's chance is its side's win, as the outcomes round it", () => {
    // 973 and 1,027 fights of 2,000, 48.65% and 51.35%: the outcomes read 48.7% and 51.3%
    // (adding up to 100%), the table of who is still in the fight 48.6% for the same 973 fights.
    const duel = of([973, 1027], 0, 0);
    const rows = outcomeRows(duel).map((r) => r.chance);
    expect(rows).toEqual(["48.7%", "51.3%"]);
    const chance = chanceText(duel);
    expect(duel.sides.map((s) => chance(s.win.p))).toEqual(rows);
    // Another figure (a combatant down in some fights its side won) to the nearest 0.1%.
    expect(chance(wilson(1500, 2000).p)).toBe("75.0%");
  });

  it("leave out a draw and a mutual kill no fight ended in, and say so under the table", () => {
    // The table listed "draw 0.0%" and "mutual kill 0.0%" where none could happen (a draw comes
    // at the round limit), where the fight odds leave out what cannot happen.
    const none = of([1240, 760], 0, 0);
    expect(outcomeRows(none).map((r) => [r.name, r.chance])).toEqual([
      ["Side 0 wins", "62.0%"],
      ["Side 1 wins", "38.0%"],
    ]);
    // The top of the 95% interval of 0 in 2,000: 0.19%.
    expect(unseenText(none)).toBe(
      "No fight of the 2,000 ended in a draw or a mutual kill (each under 0.2%, 95% sure).",
    );
    const kills = of([1200, 797], 0, 3);
    expect(outcomeRows(kills).map((r) => [r.name, r.chance])).toEqual([
      ["Side 0 wins", "60.0%"],
      ["Side 1 wins", "39.9%"],
      ["mutual kill", "0.1%"],
    ]);
    expect(unseenText(kills)).toBe("No fight of the 2,000 ended in a draw (under 0.2%, 95% sure).");
    const both = of([10, 10], 1, 1);
    expect(outcomeRows(both).map((r) => r.key)).toEqual(["s0", "s1", "draw", "mutualKill"]);
    expect(unseenText(both)).toBeNull();
  });
});
