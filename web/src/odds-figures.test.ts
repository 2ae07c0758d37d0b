import { describe, expect, it } from "vitest";
import { tabSeparated } from "./figures.js";
import { fightOddsFigures } from "./odds-figures.js";
import type { FightOddsJob } from "./types.js";

describe("the fight odds' figures for a spreadsheet", () => {
  it("gives each outcome's exact chance to four decimals, a draw that cannot happen too, and each combatant's, which the panel does not show", () => {
    // What POST .../fight-odds/jobs gave for cartyrion's demo duel, cut to what is read here.
    const odds: NonNullable<FightOddsJob["result"]> = {
      title: "Tombril and the Hill Giant",
      ruleset: "cartyrion",
      start: { round: 2, answers: 7, answersInRound: 1 },
      sides: [
        { id: "party", name: "Tombril", win: 0.336099 },
        { id: "opponents", name: "The Hill Giant", win: 0.663899 },
      ],
      draw: 0,
      mutualKill: 0,
      rounds: { distribution: [0, 0.5, 0.5], mean: 1.7812, median: 2, p90: 2 },
      combatants: [
        {
          id: "tombril",
          name: "Tombril",
          side: "party",
          survival: 0.336099,
          meanHealth: 12.3456,
          meanHealthIfStanding: 36.7,
        },
        {
          id: "giant",
          name: "Hill Giant",
          side: "opponents",
          survival: 0.663899,
          meanHealth: 30,
          meanHealthIfStanding: null,
        },
      ],
      unresolved: { total: 2e-6, truncated: 2e-6, ongoing: 0 },
      stopped: "done",
      roundsWorked: 9,
      maxStates: 50_000,
      maxRuns: 10_000_000,
      estimatedRuns: null,
      states: 44_487,
      runs: 1354,
      seconds: 16.2,
    };
    const sideName = (id: string) => (id === "party" ? "Tombril" : "The Hill Giant");
    expect(tabSeparated(fightOddsFigures(odds, sideName)).split("\n")).toEqual([
      "fight odds of\tTombril and the Hill Giant",
      "from\tfrom round 2, after 7 answers (1 in this round)",
      "each chance low by at most\t0.0002%",
      "positions worked out\t44487",
      "",
      "outcome\tchance",
      "Tombril wins\t33.6099%",
      "The Hill Giant wins\t66.3899%",
      "draw\t0.0000%",
      "mutual kill\t0.0000%",
      "",
      "rounds on average\t1.78",
      "half the fights end within (rounds)\t2",
      "nine in ten end within (rounds)\t2",
      "",
      "combatant\tside\tchance of still being in the fight at the end\thealth at the end, on average\thealth at the end of those still in it",
      "Tombril\tTombril\t33.6099%\t12.35\t36.7",
      "Hill Giant\tThe Hill Giant\t66.3899%\t30\t",
      "",
    ]);
  });
});
