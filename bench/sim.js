// Simulation benchmark (issue 6): fights a second on one core for a one-on-one fight of each
// ruleset that ships, the speed-up from 1 to 2 worker threads, and the ceiling: how many random
// draws a second the generator makes and how many draws a fight takes.
// Run after `npm run build`: `node bench/sim.js` (or from bench/run.js through `runSimBench()`).
// Needs the built dist/; results are for docs/benchmarks.md (nothing here is asserted by tests).
import { readFileSync, existsSync } from "node:fs";
import process from "node:process";
import { URL, fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { parse } from "yaml";

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
 * shared machine this is the real ceiling of the 1 -> 2 worker scaling measured below.
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

export async function runSimBench({ seconds = 3 } = {}) {
  const { Rng } = await load("core/random.js");
  const { rulesets } = await load("rulesets/index.js");
  const { parseEncounterFile } = await load("engine/encounter-file.js");
  const { runBatch } = await load("sim/run-batch.js");
  const { runSimulation } = await load("sim/runner.js");
  const lines = [];
  const out = (s) => {
    lines.push(s);
    process.stdout.write(`${s}\n`);
  };

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
    `generator: ${Math.round(draws / ceiling.seconds).toLocaleString("en-US")} draws/s (Rng.float), ` +
      `${Math.round(2e6 / streams.seconds).toLocaleString("en-US")} new streams/s (Rng.stream + first draw)`,
  );

  out(
    `machine: two busy threads run ${(await threadCeiling()).toFixed(2)}x as fast as one (the ceiling for the worker speed-up below)`,
  );
  out("");
  out(
    "| ruleset | duel | fights/s, 1 core | draws/fight | rounds/fight | 1 worker (fights/s) | 2 workers (fights/s) | speed-up |",
  );
  out("|---|---|---:|---:|---:|---:|---:|---:|");
  for (const id of Object.keys(rulesets).sort()) {
    const path = duelFile(id);
    if (path === undefined) {
      out(`| ${id} | (no duel file: add bench/encounters/${id}-duel.yaml) | | | | | | |`);
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

    // Scaling: the same simulation on 1 and on 2 threads (pool start-up included).
    const runs = Math.max(20_000, Math.round(rate * seconds * 2));
    const one = await runSimulation({ definition: def, seed: 1, runs, workers: 1 });
    const two = await runSimulation({ definition: def, seed: 1, runs, workers: 2 });
    const speedup = one.timing.wallSeconds / two.timing.wallSeconds;
    const f = (x) => Math.round(x).toLocaleString("en-US");
    out(
      `| ${id} | ${path} | ${f(rate)} | ${(count / 2_000).toFixed(1)} | ${rounds.toFixed(2)} | ${f(one.timing.runsPerSecond)} | ${f(two.timing.runsPerSecond)} | ${speedup.toFixed(2)}x |`,
    );
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const seconds = Number(process.argv[2] ?? 3);
  await runSimBench({ seconds });
}
