// `fray odds <encounter.yaml> [--log partial.jsonl]`: exact odds of the whole fight under the
// policies (src/app/fight-odds.ts), as a table or JSON, with progress on stderr while it works.
import { encounterFightOdds, type FightOddsResult } from "../../app/fight-odds.js";
import { parseDecide } from "../../app/exchange-odds.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { sideWins } from "../../engine/side-wins.js";
import { MAX_STATES } from "../../engine/state-graph.js";
import { rulesets } from "../../app/rulesets.js";
import { describeStart, percent } from "../../sim/report.js";
import { readLogOf } from "../log-answers.js";
import { positiveInt } from "../options.js";

export interface EncounterOddsOptions {
  log?: string;
  decide?: string[];
  maxStates?: string;
  maxRounds?: string;
  json?: boolean;
}

/** True when a data file is an encounter (an exchange file has an attacker). */
export function isEncounterContent(content: unknown): boolean {
  return typeof content === "object" && content !== null && !("attacker" in content);
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

/** A probability to 1e-9, the precision the odds are exact to. */
function exact(p: number): string {
  return `${(p * 100).toFixed(7)}%`;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** Why the work stopped, when it stopped before the fight's end. */
function stoppedLine(odds: FightOddsResult): string | null {
  switch (odds.stopped) {
    case "done":
      return null;
    case "round-limit":
      return `stopped at the round limit: ${odds.roundsWorked} rounds (--max-rounds)`;
    case "state-limit":
      return `stopped at the state budget of ${count(odds.maxStates)} distinct states: exact through round ${odds.start.round + odds.roundsWorked - 1}; raise it with --max-states (e.g. --max-states ${odds.maxStates * 4}) if memory allows, or simulate (fray sim)`;
    case "cancelled":
      return "stopped before the end";
  }
}

export function renderFightOdds(odds: FightOddsResult, ruleset: string): string {
  const lines = [
    `${odds.title} (${ruleset}), exact odds of the whole fight under the tactics`,
    describeStart(odds.start),
    "",
  ];
  const outcomes: string[][] = [["", "probability"]];
  for (const side of odds.sides) outcomes.push([sideWins(side.name), exact(side.win)]);
  outcomes.push(["draw", exact(odds.draw)], ["mutual kill", exact(odds.mutualKill)]);
  lines.push(...table(outcomes), "");
  const r = odds.rounds;
  lines.push(
    `  rounds to the end: mean ${r.mean.toFixed(2)}, median ${r.median}, 90th percentile ${r.p90} (of the fights that end)`,
    "",
  );
  const people: string[][] = [["combatant", "side", "survives", "mean health", "if standing"]];
  for (const c of odds.combatants) {
    people.push([
      c.name,
      c.side,
      percent(c.survival, 2),
      c.meanHealth.toFixed(2),
      c.meanHealthIfStanding === null ? "-" : c.meanHealthIfStanding.toFixed(2),
    ]);
  }
  lines.push(...table(people), "");
  const u = odds.unresolved;
  lines.push(
    `  unresolved: ${u.total.toExponential(2)} (explosions cut off ${u.truncated.toExponential(2)}, fights still going after ${odds.roundsWorked} rounds ${u.ongoing.toExponential(2)}): each probability above is low by at most this`,
  );
  const stop = stoppedLine(odds);
  if (stop !== null) lines.push(`  ${stop}`);
  lines.push(
    `  ${count(odds.states)} distinct states, ${count(odds.runs)} runs of the rules, ${odds.seconds.toFixed(2)} s`,
  );
  return lines.join("\n") + "\n";
}

/** A status line on a terminal's stderr, at most every 200 ms; cleared by `done`. */
function progressLine(enabled: boolean) {
  let last = 0;
  let shown = false;
  return {
    update(text: string, seconds: number) {
      if (!enabled || seconds - last < 0.2) return;
      last = seconds;
      shown = true;
      process.stderr.write(`\r\x1b[K  ${text} (Ctrl-C quits with no result)`);
    },
    done() {
      if (shown) process.stderr.write("\r\x1b[K");
    },
  };
}

export function encounterOdds(path: string, content: unknown, options: EncounterOddsOptions): void {
  const definition = parseEncounterFile(content, rulesets, path);
  const answers = options.log === undefined ? [] : readLogOf(options.log, definition, path).log;
  const maxStates = positiveInt(options.maxStates, "--max-states", MAX_STATES);
  const maxRounds = positiveInt(options.maxRounds, "--max-rounds", 500);
  const line = progressLine(process.stderr.isTTY === true);
  let odds: FightOddsResult;
  try {
    odds = encounterFightOdds(definition, {
      answers,
      decisions: parseDecide(options.decide ?? []),
      maxStates,
      maxRounds,
      progress: (p) =>
        line.update(
          `round ${p.round}: ${count(p.states)} states, ${count(p.runs)} runs, ${percent(p.resolved)} of fights ended, ${p.seconds.toFixed(1)} s`,
          p.seconds,
        ),
    });
  } finally {
    line.done();
  }
  process.stdout.write(
    options.json === true
      ? `${JSON.stringify(odds, null, 2)}\n`
      : renderFightOdds(odds, definition.ruleset.title),
  );
}
