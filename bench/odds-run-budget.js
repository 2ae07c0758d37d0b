// The console's whole-fight odds with its budget of runs (maxRuns 10,000,000: a long stretch of
// play estimated past it refused at once) against the same work without one, as the console
// asked before (stopped by the job's 60 s): how long until the panel can say the fight is too
// large, and what the budget costs a fight within it. `node bench/odds-run-budget.js`, after
// `npm run build`; one line per fight and way.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { URL } from "node:url";
import { parse } from "yaml";

const load = (p) => import(new URL(`../dist/${p}`, import.meta.url).href);
const { rulesets } = await load("rulesets/index.js");
const { parseEncounterFile } = await load("engine/encounter-file.js");
const { encounterFightOdds } = await load("app/fight-odds.js");

/** The server's budget of a job's time (src/server/jobs.ts, DEFAULT_JOB_LIMITS). */
const JOB_SECONDS = 60;
const CONSOLE = { maxStates: 50_000, maxRuns: 10_000_000 };

const example = (path) =>
  parse(readFileSync(new URL(`../examples/${path}`, import.meta.url), "utf8"));
const fights = {
  "karn, two new fighters": {
    ruleset: "karn",
    title: "Two new fighters",
    sides: [{ id: "party" }, { id: "foes" }],
    combatants: [
      { id: "combatant", name: "Combatant", side: "party" },
      { id: "combatant-2", name: "Combatant 2", side: "foes" },
    ],
  },
  "cartyrion, Tombril and the Hill Giant": example("cartyrion/tombril-and-the-hill-giant.yaml"),
  "cartyrion, cutpurses in an alley": example("cartyrion/cutpurses-in-an-alley.yaml"),
};

for (const [name, file] of Object.entries(fights)) {
  const definition = parseEncounterFile(file, rulesets, name);
  for (const [way, limits] of [
    ["before (no budget of runs)", { maxStates: CONSOLE.maxStates }],
    ["now (maxRuns 10,000,000)", CONSOLE],
  ]) {
    const started = performance.now();
    const odds = encounterFightOdds(definition, {
      ...limits,
      progress: (p) => (p.seconds > JOB_SECONDS ? "stop" : undefined),
    });
    const seconds = (performance.now() - started) / 1000;
    const stopped = odds.stopped === "cancelled" ? `the job's ${JOB_SECONDS} s` : odds.stopped;
    process.stdout.write(
      `${name}, ${way}: ${seconds.toFixed(2)} s, ${stopped}, ${odds.states.toLocaleString("en-US")} states, ${odds.runs.toLocaleString("en-US")} runs\n`,
    );
  }
}
