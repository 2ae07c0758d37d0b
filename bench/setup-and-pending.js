// Two costs of every fight, measured in one fresh process on the build in DIST (dist/ by
// default; a copy of an older build beside it to compare, such as dist-before/):
// 1. replays: each of the five duels auto-played to its end as the server's autoplay does it
//    (server/stored-encounter.js): each answer replays the round, which stops at the next pending
//    choice by throwing it. Prints replayed fights a second.
// 2. simulation: `fray sim <duel> --runs RUNS --workers 1 --seed 1 --json` for karn's and tnt's
//    duels (the two rulesets whose setup checked its options at every fight), fights a second.
// Rates are per second of the process's CPU time (user and system), for a shared machine.
// Usage: node bench/setup-and-pending.js [dist] [runs]; run old and new in turns (docs/
// benchmarks.md). Prints one JSON line on stderr (the sim's own JSON goes to stdout); nothing here is asserted by tests.
import console from "node:console";
import { readFileSync } from "node:fs";
import process from "node:process";
import { URL } from "node:url";
import { parse } from "yaml";

const DIST = process.argv[2] ?? "dist";
const RUNS = process.argv[3] ?? "200000";
const d = (path) => new URL(`../${DIST}/${path}`, import.meta.url).href;
const { Encounter } = await import(d("engine/encounter.js"));
const { parseEncounterFile } = await import(d("engine/encounter-file.js"));
const { rulesets } = await import(d("app/rulesets.js"));
const { autoplay } = await import(d("server/stored-encounter.js"));
const { sim } = await import(d("cli/commands/sim.js"));

const DUELS = [
  "bench/encounters/cartyrion-duel.yaml",
  "bench/encounters/dungeons-of-olde-duel.yaml",
  "bench/encounters/karn-duel.yaml",
  "bench/encounters/swords-wizardry-fitz-duel.yaml",
  "examples/tnt/duel.yaml",
];
const read = (path) => parse(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"));

/** Fights auto-played to their end (seeds 1, 2, ...) in about `ms` milliseconds, a second. */
function replays(definition, ms) {
  let fights = 0;
  let answers = 0;
  const start = process.cpuUsage();
  while (cpuSeconds(start) * 1000 < ms) {
    const encounter = new Encounter(definition);
    autoplay(encounter, fights + 1, "end");
    answers += encounter.log.length;
    fights += 1;
  }
  const seconds = cpuSeconds(start);
  return { fightsPerS: Math.round(fights / seconds), answersPerFight: answers / fights };
}

const result = { dist: DIST, replays: {}, sim: {} };
for (const path of DUELS) {
  const definition = parseEncounterFile(read(path), rulesets, path);
  replays(definition, 300);
  result.replays[definition.ruleset.id] = replays(definition, 2000);
}
for (const path of ["bench/encounters/karn-duel.yaml", "examples/tnt/duel.yaml"]) {
  const start = process.cpuUsage();
  const out = await sim(path, { runs: RUNS, workers: "1", seed: "1", json: true });
  const seconds = cpuSeconds(start);
  const answer = { ...out, timing: undefined };
  result.sim[path] = {
    fightsPerS: Math.round(out.summary.runs / seconds),
    answer: JSON.stringify(answer).length,
    digest: hash(JSON.stringify(answer)),
  };
}
console.error(JSON.stringify(result));

/** The process's CPU time (user and system) since `start`, in seconds. */
function cpuSeconds(start) {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

/** A short digest of a text (FNV-1a), to see two runs' answers equal. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}
