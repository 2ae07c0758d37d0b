import { describe, expect, it } from "vitest";
import { wilson } from "../../src/sim/interval.js";
import { tabSeparated } from "./figures.js";
import { simulationFigures } from "./sim-figures.js";
import type { SimulationJson } from "./types.js";

describe("a simulation's figures for a spreadsheet", () => {
  // 2,000 fights: the party won 973, the goblins 1,024, three ended in a mutual kill.
  const result = {
    title: "Ambush",
    ruleset: "cartyrion",
    seed: 7,
    runs: 2000,
    maxRounds: 500,
    start: { round: 1, answers: 0, answersInRound: 0 },
    sides: [
      { id: "party", name: "The party", win: wilson(973, 2000) },
      { id: "goblins", name: "The goblins", win: wilson(1024, 2000) },
    ],
    draw: wilson(0, 2000),
    mutualKill: wilson(3, 2000),
    rounds: { mean: 6.5349, median: 6, p90: 11 },
    combatants: [
      {
        id: "hero",
        name: "Hero",
        side: "party",
        survival: wilson(972, 2000),
        meanHealth: 4.5,
        meanHealthIfStanding: 9.2593,
      },
      {
        id: "gob",
        name: "Goblin",
        side: "goblins",
        survival: wilson(0, 2000),
        meanHealth: 0,
        meanHealthIfStanding: null,
      },
    ],
    stopped: "runs",
    tactics: {},
  } satisfies SimulationJson;
  const sideName = (id: string) => (id === "party" ? "The party" : "The goblins");

  it("gives each outcome's count of fights, its chance and its interval to two decimals, a draw none ended in too", () => {
    // The panel's table rounds its chances to one decimal, so that they add up to 100% (48.7%
    // where the fights give 48.65%), and says the interval as one text, "46.46%-50.84%".
    const rows = simulationFigures(
      "Ambush",
      result,
      "The party: default; The goblins: reckless",
      sideName,
    );
    const text = tabSeparated(rows);
    const lines = text.split("\n");
    expect(lines.slice(0, 11)).toEqual([
      "simulation of\tAmbush",
      "fights\t2000",
      "from\tfrom the start of the fight",
      "seed\t7",
      "tactics played\tThe party: default; The goblins: reckless",
      "",
      "outcome\tfights\tchance\t95% low\t95% high",
      `The party wins\t973\t48.65%\t${(100 * wilson(973, 2000).low).toFixed(2)}%\t${(100 * wilson(973, 2000).high).toFixed(2)}%`,
      `The goblins win\t1024\t51.20%\t${(100 * wilson(1024, 2000).low).toFixed(2)}%\t${(100 * wilson(1024, 2000).high).toFixed(2)}%`,
      `draw\t0\t0.00%\t0.00%\t${(100 * wilson(0, 2000).high).toFixed(2)}%`,
      `mutual kill\t3\t0.15%\t${(100 * wilson(3, 2000).low).toFixed(2)}%\t${(100 * wilson(3, 2000).high).toFixed(2)}%`,
    ]);
    // The Wilson interval of 973 in 2,000 (a brute check of the figure the cells hold).
    expect(lines[7]).toMatch(/\t46\.46%\t50\.84%$/);
    expect(lines.slice(11, 16)).toEqual([
      "",
      "rounds on average\t6.53",
      "half the fights end within (rounds)\t6",
      "nine in ten end within (rounds)\t11",
      "",
    ]);
    expect(lines.slice(17)).toEqual([
      "Hero\tThe party\t972\t48.60%\t" +
        `${(100 * wilson(972, 2000).low).toFixed(2)}%\t${(100 * wilson(972, 2000).high).toFixed(2)}%\t4.5\t9.26`,
      `Goblin\tThe goblins\t0\t0.00%\t0.00%\t${(100 * wilson(0, 2000).high).toFixed(2)}%\t0\t`,
      "",
    ]);
  });

  it("keeps a row a line and a cell a tab: a name's own tab or line break is a space", () => {
    expect(tabSeparated([["Grub\tthe\nbold", 3], [], ["x"]])).toBe("Grub the bold\t3\n\nx\n");
  });
});
