// Whole-fight exact odds of an encounter in a fresh process, given at most `seconds` (then stopped
// as Ctrl-C stops `fray odds`, with what was worked out so far): `node bench/fight-odds-child.js
// <encounter> <seconds>` prints one JSON line: `fray odds --json`'s fields that the bench reports,
// the wall time of the process so far, and Knuth's estimate (estimateExactRuns, 2,000 probes) of
// the runs of the rules one round takes from the fight's start to its first resumable point, which
// bounds what any state's round costs. A fight whose first stretch is estimated above 5,000,000
// runs is not attempted (it prints the estimate alone). Used by bench/fight-odds.js; needs the built dist/.
import { readFileSync } from "node:fs";
import process from "node:process";
import { performance } from "node:perf_hooks";
import { URL } from "node:url";
import { parse } from "yaml";

const [path, seconds] = process.argv.slice(2);
const load = (p) => import(new URL(`../dist/${p}`, import.meta.url).href);
const { rulesets } = await load("rulesets/index.js");
const { parseEncounterFile } = await load("engine/encounter-file.js");
const { encounterFightOdds } = await load("app/fight-odds.js");
const { replayToPosition } = await load("engine/position.js");
const { estimateExactRuns } = await load("engine/drivers/exact.js");
const { cloneState } = await load("engine/clone.js");
const { Rng } = await load("core/random.js");

/**
 * A first stretch estimated above this is not attempted: the progress callback, which stops the
 * work, is called between stretches, so one that size would run for hours.
 */
const MAX_FIRST_STRETCH = 5_000_000;

const definition = parseEncounterFile(parse(readFileSync(path, "utf8")), rulesets, path);
const start = replayToPosition(definition, []).roundStart;
const firstStretch = estimateExactRuns(
  (ctx) => definition.ruleset.round(cloneState(start), ctx),
  Rng.stream(1, 0),
  2_000,
  { tactics: definition.playbook },
);
if (firstStretch > MAX_FIRST_STRETCH) {
  process.stdout.write(`${JSON.stringify({ skipped: true, firstStretch })}\n`);
  process.exit(0);
}
const odds = encounterFightOdds(definition, {
  progress: (p) => (p.seconds > Number(seconds) ? "stop" : undefined),
});
const wall = performance.now() / 1000;
const { sides, draw, mutualKill, unresolved, stopped, roundsWorked, states, runs } = odds;
process.stdout.write(
  `${JSON.stringify({ wall, seconds: odds.seconds, sides, draw, mutualKill, unresolved, stopped, roundsWorked, states, runs, firstStretch })}\n`,
);
