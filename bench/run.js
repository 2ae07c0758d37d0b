// The dice-core benchmarks (`npm run bench`), against the built library in ../dist:
// 1. rolls per second, string in and result out, against @dice-roller/rpg-dice-roller in the same run;
// 2. exact odds as the first call in a fresh process (one process per timing), against the
//    icepool timings of issue 2, plus the same computation warm for reference.
// Prints Markdown for docs/benchmarks.md.
import { execFileSync } from "node:child_process";
import console from "node:console";
import os from "node:os";
import process from "node:process";
import { performance } from "node:perf_hooks";
import { URL, fileURLToPath } from "node:url";
import { DiceRoll } from "@dice-roller/rpg-dice-roller";
import { Rng, compileDice, odds, roll } from "../dist/index.js";

const ROLL_EXPRESSIONS = ["4d6kh3", "3d20kh1+5", "6d6!+9"];
const ROUNDS = 5;
const ROUND_MS = 400;
const FIRST_CALL_RUNS = 15;

/** Calls fn(i) for ROUND_MS and returns calls per second. */
function rate(fn) {
  let sink = 0;
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ROUND_MS) {
    for (let k = 0; k < 200; k++) sink += fn(n++);
    now = performance.now();
  }
  if (sink === 0.5) console.log(sink);
  return n / ((now - start) / 1000);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function fmtRate(r) {
  return `${(r / 1000).toFixed(0)}k/s`;
}

function rollBenchmarks() {
  const rows = [];
  for (const expression of ROLL_EXPRESSIONS) {
    const dice = compileDice(expression);
    const rng = Rng.fromSeed(1);
    const runners = {
      fray: (i) => roll(expression, { seed: i }).total,
      compiled: () => dice.roll(rng).total,
      rpg: () => new DiceRoll(expression).total,
    };
    for (const fn of Object.values(runners)) rate(fn);
    const results = { fray: [], compiled: [], rpg: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, fn] of Object.entries(runners)) results[name].push(rate(fn));
    }
    const fray = median(results.fray);
    const rpg = median(results.rpg);
    rows.push(
      `| \`${expression}\` | ${fmtRate(fray)} | ${fmtRate(median(results.compiled))} | ${fmtRate(rpg)} | ${(fray / rpg).toFixed(1)}× |`,
    );
  }
  return [
    "| expression | Fray `roll(expr, { seed })` | Fray compiled, one Rng | rpg-dice-roller `new DiceRoll(expr)` | Fray / rpg-dice-roller |",
    "|---|---|---|---|---|",
    ...rows,
  ];
}

const FIRST_CALL_CASES = [
  { label: "`6d10!!#12kh3` (compounding, depth 12)", args: ["6d10!!#12kh3"], icepool: 120 },
  { label: "`100d20kh10`", args: ["100d20kh10"], icepool: 137 },
  { label: "`10d10kh5`", args: ["10d10kh5"], icepool: 5.5 },
  { label: "`5d6!+18`", args: ["5d6!+18"], icepool: 39 },
  { label: "`3d20kh1+4` vs `2d20kh1+6`", args: ["3d20kh1+4", "2d20kh1+6"], icepool: 0.7 },
];

/** One fresh process: { importMs, ms } (the import of dist/index.js, then the first call). */
function firstCall(args, nodeFlags = []) {
  const script = fileURLToPath(new URL("./first-call.js", import.meta.url));
  const out = execFileSync(process.execPath, [...nodeFlags, script, ...args], { encoding: "utf8" });
  return JSON.parse(out);
}

/** The same computation in this (warm) process; leading spaces make a new cache key. */
function warm(args, runs = 15) {
  const times = [];
  for (let i = 1; i <= runs; i++) {
    const pad = " ".repeat(i);
    const start = performance.now();
    const dist = odds(pad + args[0]);
    if (args[1] !== undefined) dist.compare(odds(pad + args[1]));
    times.push(performance.now() - start);
  }
  return median(times);
}

function oddsBenchmarks() {
  const rows = [];
  for (const c of FIRST_CALL_CASES) {
    const runs = Array.from({ length: FIRST_CALL_RUNS }, () => firstCall(c.args));
    const times = runs.map((r) => r.ms);
    const first = median(times);
    const eager = median(
      Array.from({ length: FIRST_CALL_RUNS }, () => firstCall(c.args, ["--no-lazy"]).ms),
    );
    rows.push(
      `| ${c.label} | ${c.icepool} ms | ${first.toFixed(2)} ms | ${Math.min(...times).toFixed(2)}–${Math.max(...times).toFixed(2)} ms | ${(c.icepool / first).toFixed(1)}× | ${median(runs.map((r) => r.importMs)).toFixed(1)} ms | ${eager.toFixed(2)} ms | ${warm(c.args).toFixed(3)} ms |`,
    );
  }
  return [
    `| computation | icepool (issue 2) | Fray first call, median of ${FIRST_CALL_RUNS} fresh processes | range | icepool / Fray | import of \`dist/index.js\` before it (median) | first call, \`node --no-lazy\` | Fray warm |`,
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ];
}

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const lines = [
  `Machine: ${cpu}, ${os.cpus().length} cores, ${os.platform()} ${os.release()}, Node ${process.version}.`,
  "",
  "### Rolling (string in, result out)",
  "",
  ...rollBenchmarks(),
  "",
  "### Exact odds, first call in a fresh process",
  "",
  ...oddsBenchmarks(),
];
console.log(lines.join("\n"));

// Whole-fight exact odds and the advisor (issue 16): bench/fight-odds.js (`--no-fight` leaves them
// out).
if (!process.argv.includes("--no-fight")) {
  console.log("\n### Whole-fight exact odds and the advisor\n");
  await (await import("./fight-odds.js")).runFightOddsBench();
}

// A GET while four heavy requests run (issue 14): bench/busy-get.js (`--no-busy` leaves it out).
if (!process.argv.includes("--no-busy")) {
  console.log("\n### A GET while four heavy requests run\n");
  await (await import("./busy-get.js")).runBusyGetBench();
}

// The tactics audit (issue 15): bench/audit.js (`--no-audit` leaves it out).
if (!process.argv.includes("--no-audit")) {
  console.log("\n### The tactics audit\n");
  await (await import("./audit.js")).runAuditBench();
}

// Simulation benchmarks (issue 6): bench/sim.js, last (`--no-sim` leaves them out).
if (!process.argv.includes("--no-sim")) {
  console.log("\n### Simulation\n");
  await (await import("./sim.js")).runSimBench();
}
