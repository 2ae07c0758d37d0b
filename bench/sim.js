// Simulation benchmark (issue 6): fights a second on one core for a one-on-one fight of each
// ruleset that ships, the speed-up from 1 to 2 threads, and the ceilings: how many random draws a
// second the generator makes and how many draws a fight takes, and how much faster this machine
// runs two bare busy threads than one.
//
// The speed-up is measured two ways (docs/benchmarks.md, Simulation):
// - `fray sim`, end to end: the CLI's sim command with `--workers 1` and `--workers 2`, each in a
//   fresh process (bench/sim-child.js), alternately. Worker start-up and every thread's JIT
//   warm-up are inside it, as a user sees them.
// - steady state: in this process, a pool warmed up by a simulation that is not timed, against
//   this (warm) thread alone.
// Next to each pair, two ceilings, since the machine may be shared: two bare busy threads against
// one, and two threads playing fights with nothing coordinating them against one (fights touch
// memory and slow each other down more than busy loops do; no runner can beat that one). Every
// run is also accounted (bench/accounting.js): the main thread's idle time (waiting for workers)
// and the CPU per fight, 2 threads against 1, show what the runner itself costs; neighbours move
// these much less than they move wall-clock time.
// Worker start-up is timed on its own: from creating a pool to the first fight's result.
// Last, memory: the peak resident memory of `fray sim` for 10,000 runs against 10,000,000.
// Run after `npm run build`: `node bench/sim.js [seconds] [repeats] [ruleset ...]` (or from
// bench/run.js through `runSimBench()`). Needs the built dist/; results are for
// docs/benchmarks.md (nothing here is asserted by tests).
import { execFileSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import process from "node:process";
import { URL, fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { parse } from "yaml";
import { accounted } from "./accounting.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const load = (p) => import(pathToFileURL(`${root}dist/${p}`).href);

/** A duel per ruleset: bench/encounters/<id>-duel.yaml, else examples/<id>/duel.yaml. */
function duelFile(id) {
  for (const p of [`bench/encounters/${id}-duel.yaml`, `examples/${id}/duel.yaml`]) {
    if (existsSync(`${root}${p}`)) return p;
  }
  return undefined;
}

function timeIt(fn) {
  const t0 = process.hrtime.bigint();
  const value = fn();
  return { value, seconds: Number(process.hrtime.bigint() - t0) / 1e9 };
}

/** Runs batches of `batch` fights until `seconds` have passed; returns fights a second. */
function fightsPerSecond(runBatch, def, seconds, batch = 2_000) {
  runBatch(def, { seed: 9, from: 0, to: batch, maxRounds: 500 }); // warm-up
  let runs = 0;
  let spent = 0;
  while (spent < seconds) {
    const t = timeIt(() =>
      runBatch(def, { seed: 1, from: runs, to: runs + batch, maxRounds: 500 }),
    );
    runs += batch;
    spent += t.seconds;
  }
  return runs / spent;
}

/**
 * What this machine gives two threads right now: the speed-up of two busy loops over one. On a
 * shared machine this is the real ceiling of the 1 -> 2 thread scaling measured below.
 */
async function threadCeiling() {
  const code = `let x = 0; for (let i = 0; i < 1e9; i++) x += i & 1; require("node:worker_threads").parentPort.postMessage(x);`;
  const run = async (n) => {
    const t0 = process.hrtime.bigint();
    await Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise((done) => {
            const w = new Worker(code, { eval: true });
            w.on("message", () => w.terminate().then(done));
          }),
      ),
    );
    return Number(process.hrtime.bigint() - t0) / 1e9;
  };
  const one = await run(1);
  const two = await run(2);
  return (2 * one) / two;
}

/**
 * The ceiling for simulation itself: how much faster two threads play fights than one when
 * nothing coordinates them (each loads the encounter, warms up untimed, then plays `runs` fights
 * on a signal). Fights allocate and touch memory, unlike the bare busy loops above, so two of
 * them slow each other down more; no runner can beat this.
 */
async function fightCeiling(def, runs) {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    (async () => {
      const load = (p) => import(workerData.root + "dist/" + p);
      const { rulesets } = await load("rulesets/index.js");
      const { parseEncounterFile } = await load("engine/encounter-file.js");
      const { runBatch } = await load("sim/run-batch.js");
      const def = parseEncounterFile(workerData.file, rulesets, "bench");
      runBatch(def, { seed: 9, from: 0, to: workerData.runs, maxRounds: 500 });
      parentPort.once("message", () => {
        runBatch(def, { seed: 1, from: 0, to: workerData.runs, maxRounds: 500 });
        parentPort.postMessage("done");
      });
      parentPort.postMessage("ready");
    })();`;
  const play = async (n) => {
    const workers = Array.from(
      { length: n },
      () =>
        new Worker(code, {
          eval: true,
          workerData: { root: pathToFileURL(root).href, file: def.file, runs },
        }),
    );
    await Promise.all(workers.map((w) => new Promise((ok) => w.once("message", ok))));
    const t0 = process.hrtime.bigint();
    await Promise.all(
      workers.map((w) => new Promise((ok) => (w.once("message", ok), w.postMessage("go")))),
    );
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    await Promise.all(workers.map((w) => w.terminate()));
    return (n * runs) / seconds;
  };
  const one = await play(1);
  return (await play(2)) / one;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** `fray sim` in a fresh process (bench/sim-child.js), accounted; `flags` go to node. */
function cliRun(path, runs, workers, flags = []) {
  const out = execFileSync(
    process.execPath,
    [...flags, `${root}bench/sim-child.js`, `${root}${path}`, String(runs), String(workers)],
    { encoding: "utf8", maxBuffer: 64 << 20 },
  );
  const line = out.split("\n").find((l) => l.startsWith("ACCOUNTING "));
  return JSON.parse(line.slice("ACCOUNTING ".length));
}

/** Milliseconds from creating a pool to the first fight's result coming back from its worker. */
async function workerStartup(SimPool, DEFAULT_REGISTRY, def) {
  const t0 = process.hrtime.bigint();
  const pool = new SimPool(2);
  const task = { registry: DEFAULT_REGISTRY, file: def.file, source: def.title };
  await pool.run({ ...task, seed: 1, from: 0, to: 1, maxRounds: 500 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  await pool.close();
  return ms;
}

export async function runSimBench({ seconds = 3, repeats = 3, only = [] } = {}) {
  const { Rng } = await load("core/random.js");
  const { rulesets } = await load("rulesets/index.js");
  const { parseEncounterFile } = await load("engine/encounter-file.js");
  const { runBatch } = await load("sim/run-batch.js");
  const { runSimulation, SimPool } = await load("sim/runner.js");
  const { DEFAULT_REGISTRY } = await load("sim/batch-task.js");
  const lines = [];
  const out = (s) => {
    lines.push(s);
    process.stdout.write(`${s}\n`);
  };
  const f = (x) => Math.round(x).toLocaleString("en-US");

  // The ceiling: draws a second from one generator (the policy driver takes one float per roll).
  const rng = Rng.stream(1, 0);
  let sink = 0;
  for (let i = 0; i < 1e6; i += 1) sink += rng.float();
  const draws = 2e7;
  const ceiling = timeIt(() => {
    for (let i = 0; i < draws; i += 1) sink += rng.float();
    return sink;
  });
  const streams = timeIt(() => {
    for (let i = 0; i < 2e6; i += 1) sink += Rng.stream(1, i).float();
    return sink;
  });
  out(
    `generator: ${f(draws / ceiling.seconds)} draws/s (Rng.float), ` +
      `${f(2e6 / streams.seconds)} new streams/s (Rng.stream + first draw)`,
  );
  out("");
  out("| ruleset | duel | fights/s, 1 core | draws/fight | rounds/fight |");
  out("|---|---|---:|---:|---:|");
  const duels = [];
  for (const id of Object.keys(rulesets).sort()) {
    if (only.length > 0 && !only.includes(id)) continue;
    const path = duelFile(id);
    if (path === undefined) {
      out(`| ${id} | (no duel file: add bench/encounters/${id}-duel.yaml) | | | |`);
      continue;
    }
    const def = parseEncounterFile(parse(readFileSync(`${root}${path}`, "utf8")), rulesets, path);
    const rate = fightsPerSecond(runBatch, def, seconds);

    // Draws per fight: count the generator's floats over 2,000 fights.
    const float = Rng.prototype.float;
    let count = 0;
    Rng.prototype.float = function counted() {
      count += 1;
      return float.call(this);
    };
    const sample = runBatch(def, { seed: 3, from: 0, to: 2_000, maxRounds: 500 });
    Rng.prototype.float = float;
    const rounds = sample.rounds.reduce((s, c, r) => s + c * r, 0) / sample.runs;
    out(`| ${id} | ${path} | ${f(rate)} | ${(count / 2_000).toFixed(1)} | ${rounds.toFixed(2)} |`);
    duels.push({ id, path, def, rate });
  }

  out("");
  out(
    `Scaling, 1 -> 2 threads: medians of ${repeats} alternating repeats; runs = what one thread plays in about ${2 * seconds} s.`,
  );
  out("");
  out(
    "| ruleset | measure | runs | 1 thread (fights/s) | 2 threads (fights/s) | speed-up | ceiling, bare threads | ceiling, fights | speed-up / fight ceiling | main thread idle, 2 threads | CPU per fight, 2 vs 1 thread |",
  );
  out("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { id, def, path, rate } of duels) {
    const runs = Math.max(5_000, Math.round((rate * seconds * 2) / 1000) * 1000);
    const pool = new SimPool(2);
    // Warm-up, not timed: the worker loads its ruleset and its JIT settles.
    await runSimulation({ definition: def, seed: 9, runs: Math.min(runs, 100_000), pool });
    const END = "`fray sim`, end to end";
    const STEADY = "steady state, warm pool";
    const rows = { [END]: [], [STEADY]: [] };
    for (let r = 0; r < repeats; r += 1) {
      const bare = await threadCeiling();
      const fights = await fightCeiling(def, Math.max(2_000, Math.round(rate)));
      const c1 = cliRun(path, runs, 1);
      const c2 = cliRun(path, runs, 2);
      const s1 = await accounted(() =>
        runSimulation({ definition: def, seed: 1, runs, workers: 1 }),
      );
      const s2 = await accounted(() => runSimulation({ definition: def, seed: 1, runs, pool }));
      for (const [key, one, two] of [
        [END, c1, c2],
        [STEADY, s1, s2],
      ]) {
        rows[key].push({
          one: runs / one.wall,
          two: runs / two.wall,
          speedup: one.wall / two.wall,
          bare,
          fights,
          idle: two.mainIdle / two.wall,
          cpu: two.cpu / one.cpu,
        });
      }
    }
    await pool.close();
    for (const [key, xs] of Object.entries(rows)) {
      const m = (k) => median(xs.map((x) => x[k]));
      out(
        `| ${id} | ${key} | ${f(runs)} | ${f(m("one"))} | ${f(m("two"))} | ${m("speedup").toFixed(2)}x | ${m("bare").toFixed(2)}x | ${m("fights").toFixed(2)}x | ${median(xs.map((x) => x.speedup / x.fights)).toFixed(2)} | ${(100 * m("idle")).toFixed(1)}% | ${m("cpu").toFixed(2)} |`,
      );
    }
    const startups = [];
    for (let r = 0; r < repeats; r += 1)
      startups.push(await workerStartup(SimPool, DEFAULT_REGISTRY, def));
    const each = (key, k) => rows[key].map((x) => x[k].toFixed(2)).join(", ");
    out(
      `|  | each repeat | | | | ${each(END, "speedup")} / ${each(STEADY, "speedup")} | ${each(END, "bare")} | ${each(END, "fights")} | | | |`,
    );
    out(`|  | worker start-up (median) | | | | ${f(median(startups))} ms | | | | | |`);
  }

  // Memory stays flat as runs grow (streaming aggregates): peak resident memory of `fray sim` on
  // two threads for 10,000 runs and for a thousand times as many, and the memory the finished
  // simulation still holds on one thread (the heap after a full collection, with the result in
  // hand): what runs would pile up if anything kept a record per run.
  const flat = duels.find((d) => d.id === "cartyrion") ?? duels[0];
  if (flat !== undefined) {
    out("");
    out(`Memory, \`fray sim ${flat.path} --workers 2\` in a fresh process:`);
    out("");
    out(
      "| runs | peak resident memory (MB, every thread) | wall (s) | heap held at the end, 1 thread (MB) |",
    );
    out("|---:|---:|---:|---:|");
    for (const runs of [10_000, 1_000_000, 10_000_000]) {
      const r = cliRun(flat.path, runs, 2);
      const held = cliRun(flat.path, runs, 1, ["--expose-gc"]);
      out(
        `| ${f(runs)} | ${r.maxRssMb.toFixed(0)} | ${r.wall.toFixed(1)} | ${held.heldHeapMb.toFixed(2)} |`,
      );
    }
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const seconds = Number(process.argv[2] ?? 3);
  const repeats = Number(process.argv[3] ?? 3);
  await runSimBench({ seconds, repeats, only: process.argv.slice(4) });
}
