// The fight odds panel's figures to copy into a spreadsheet (figures.ts): where the odds start
// from, how exact they are, each outcome's chance to four decimals (every outcome, a draw that
// cannot happen too: a designer's columns line up with a simulation's), how long the fights last,
// and each combatant's chance of still being in the fight with its health at the end, which the
// panel does not show.
import { sideWins } from "../../src/engine/side-wins.js";
import { describeStart } from "../../src/sim/report.js";
import { meanCell, percentCell, roundsRows, type Cell } from "./figures.js";
import type { FightOddsJob } from "./types.js";

type FightOdds = NonNullable<FightOddsJob["result"]>;

/** The rows of exact odds `odds`, their sides named by `sideName`. */
export function fightOddsFigures(odds: FightOdds, sideName: (id: string) => string): Cell[][] {
  const exact = (p: number) => percentCell(p, 4);
  return [
    ["fight odds of", odds.title],
    ["from", describeStart(odds.start)],
    ["each chance low by at most", exact(odds.unresolved.total)],
    ["positions worked out", odds.states],
    [],
    ["outcome", "chance"],
    ...odds.sides.map((s) => [sideWins(s.name), exact(s.win)]),
    ["draw", exact(odds.draw)],
    ["mutual kill", exact(odds.mutualKill)],
    [],
    ...roundsRows(odds.rounds),
    [],
    [
      "combatant",
      "side",
      "chance of still being in the fight at the end",
      "health at the end, on average",
      "health at the end of those still in it",
    ],
    ...odds.combatants.map((c) => [
      c.name,
      sideName(c.side),
      exact(c.survival),
      meanCell(c.meanHealth),
      meanCell(c.meanHealthIfStanding),
    ]),
  ];
}
