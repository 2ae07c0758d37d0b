// The simulation panel's figures to copy into a spreadsheet (figures.ts): what was run, each
// outcome with its count of fights, its chance and its 95% interval (every outcome, a draw no
// fight ended in too: a designer's columns line up from run to run), how long the fights lasted,
// and each combatant's chance of still being in the fight with its health at the end.
import { sideWins } from "../../src/engine/side-wins.js";
import type { Proportion } from "../../src/sim/interval.js";
import { describeStart } from "../../src/sim/report.js";
import { meanCell, percentCell, roundsRows, type Cell } from "./figures.js";
import type { SimulationJson } from "./types.js";

/**
 * The rows of simulation `result` of the encounter `title`, its tactics as `played` says them
 * ("The party: default; The goblins: reckless"), its sides named by `sideName`.
 */
export function simulationFigures(
  title: string,
  result: SimulationJson,
  played: string,
  sideName: (id: string) => string,
): Cell[][] {
  const fights = (p: Proportion) => Math.round(p.p * result.runs);
  const chance = (p: Proportion) => [percentCell(p.p), percentCell(p.low), percentCell(p.high)];
  return [
    ["simulation of", title],
    ["fights", result.runs],
    ["from", describeStart(result.start)],
    ["seed", result.seed],
    ["tactics played", played],
    [],
    ["outcome", "fights", "chance", "95% low", "95% high"],
    ...result.sides.map((s) => [sideWins(s.name), fights(s.win), ...chance(s.win)]),
    ["draw", fights(result.draw), ...chance(result.draw)],
    ["mutual kill", fights(result.mutualKill), ...chance(result.mutualKill)],
    [],
    ...roundsRows(result.rounds),
    [],
    [
      "combatant",
      "side",
      "still in the fight at the end (fights)",
      "chance",
      "95% low",
      "95% high",
      "health at the end, on average",
      "health at the end of those still in it",
    ],
    ...result.combatants.map((c) => [
      c.name,
      sideName(c.side),
      fights(c.survival),
      ...chance(c.survival),
      meanCell(c.meanHealth),
      meanCell(c.meanHealthIfStanding),
    ]),
  ];
}
