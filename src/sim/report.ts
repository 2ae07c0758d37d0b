// A simulation's summary as text for a terminal: where the fights started, win chances with their
// intervals, rounds, and each combatant's survival and remaining health. Free of Node, so that the
// browser console says where a simulation started in the same words.
import { sideWins } from "../engine/side-wins.js";
import type { Proportion } from "./interval.js";
import type { SimStart } from "./start.js";
import type { SimSummary } from "./summary.js";

export function percent(p: number, digits = 1): string {
  return `${(p * 100).toFixed(digits)}%`;
}

export function interval(x: Proportion): string {
  return `[${percent(x.low)}, ${percent(x.high)}]`;
}

/** "from the start of the fight", or "from round 3, after 12 answers (2 in this round)". */
export function describeStart(start: SimStart): string {
  if (start.answers === 0 && start.round === 1) return "from the start of the fight";
  const answers = `${start.answers} answer${start.answers === 1 ? "" : "s"}`;
  const inRound = start.answersInRound === 0 ? "none" : String(start.answersInRound);
  return `from round ${start.round}, after ${answers} (${inRound} in this round)`;
}

function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map(
    (r) =>
      "  " +
      r
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join("  "),
  );
}

export function formatSummary(s: SimSummary): string {
  const lines: string[] = [];
  const outcomes: string[][] = [["", "probability", "95% interval"]];
  for (const side of s.sides)
    outcomes.push([sideWins(side.name), percent(side.win.p), interval(side.win)]);
  outcomes.push(["draw", percent(s.draw.p), interval(s.draw)]);
  outcomes.push(["mutual kill", percent(s.mutualKill.p), interval(s.mutualKill)]);
  lines.push(...table(outcomes));
  lines.push("");
  lines.push(
    `  rounds to the end: mean ${s.rounds.mean.toFixed(2)}, median ${s.rounds.median}, 90th percentile ${s.rounds.p90}`,
  );
  lines.push("");
  const people: string[][] = [
    ["combatant", "side", "survives", "95% interval", "mean health", "if standing"],
  ];
  for (const c of s.combatants) {
    people.push([
      c.name,
      c.side,
      percent(c.survival.p),
      interval(c.survival),
      c.meanHealth.toFixed(2),
      c.meanHealthIfStanding === null ? "-" : c.meanHealthIfStanding.toFixed(2),
    ]);
  }
  lines.push(...table(people));
  return lines.join("\n");
}
