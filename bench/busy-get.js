// How fast `fray serve` answers a GET while four heavy requests run (issue 14, "a GET answered in
// under 100 ms while four heavy requests run"): the time of GET /encounters/:id (the demo
// encounter, rebuilt from its log) and GET /rulesets, idle and then while four simulations of
// 100,000 fights (the most a request may ask) are asked for, each followed by another as soon as
// it is answered, in the same run; the last four are then cancelled by hanging up. Measured with
// the server's default job threads (every core but one, at most four) and with four threads (one
// per heavy request, `--job-threads 4`).
// Needs the build (npm run build). Usage: node bench/busy-get.js (or from bench/run.js). Prints
// Markdown for docs/benchmarks.md; nothing here is asserted by tests.
import console from "node:console";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { URL, fileURLToPath } from "node:url";

const { fetch, AbortController } = globalThis;
const GETS = 60;
const HEAVY = 4;
const RUNS = 100_000;
const file = readFileSync(
  new URL("../examples/cartyrion/tombril-and-the-hill-giant.yaml", import.meta.url),
  "utf8",
);

/** Milliseconds of each GET of `url`, one after another, a short pause between them. */
async function times(url) {
  const out = [];
  for (let i = 0; i < GETS; i += 1) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    out.push(performance.now() - start);
    await sleep(20);
  }
  return out;
}

/** The GETs' times on a new server with `threads` job threads: idle, then busy. */
async function measure(threads) {
  const { startServer } = await import(new URL("../dist/server/start.js", import.meta.url).href);
  const { DEFAULT_JOB_LIMITS } = await import(
    new URL("../dist/server/jobs.js", import.meta.url).href
  );
  const db = join(mkdtempSync(join(tmpdir(), "fray-busy-get-")), "fray.sqlite");
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    db,
    jobLimits: { ...DEFAULT_JOB_LIMITS, threads: threads ?? DEFAULT_JOB_LIMITS.threads },
  });
  const base = server.url.replace(/\/$/, "");
  const paths = [`/encounters/${server.demo.id}`, "/rulesets"];
  const idle = {};
  for (const path of paths) {
    await times(`${base}${path}`); // warm
    idle[path] = await times(`${base}${path}`);
  }
  const hangUp = new AbortController();
  let measuring = true;
  let answered = 0;
  /** One of the four: a simulation, then another as soon as it is answered, until measured. */
  async function keepBusy(seed) {
    while (measuring) {
      const res = await fetch(`${base}/simulations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ file, runs: RUNS, seed }),
        signal: hangUp.signal,
      }).catch(() => null);
      if (res === null) return;
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`POST /simulations: ${res.status}`);
      answered += 1;
    }
  }
  const heavy = Array.from({ length: HEAVY }, (_, i) => keepBusy(i + 1));
  await sleep(1500); // the four are taken
  const busy = {};
  for (const path of paths) busy[path] = await times(`${base}${path}`);
  measuring = false;
  hangUp.abort();
  await Promise.all(heavy);
  await sleep(1000); // the server sees the hang-ups and stops their jobs
  await server.app.close();
  return { threads: threads ?? DEFAULT_JOB_LIMITS.threads, paths, idle, busy, answered };
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const ms = (x) => `${x.toFixed(1)} ms`;

export async function runBusyGetBench() {
  const rows = [
    "| GET | job threads | server | requests | median | 95th percentile | slowest |",
    "| --- | --: | --- | --: | --: | --: | --: |",
  ];
  const notes = [];
  for (const threads of [undefined, HEAVY]) {
    const m = await measure(threads);
    for (const path of m.paths)
      for (const [name, xs] of [
        ["idle", m.idle[path]],
        [`${HEAVY} simulations asked for`, m.busy[path]],
      ])
        rows.push(
          `| \`${path}\` | ${m.threads} | ${name} | ${xs.length} | ${ms(pct(xs, 0.5))} | ${ms(pct(xs, 0.95))} | ${ms(Math.max(...xs))} |`,
        );
    notes.push(
      `${m.threads} job thread(s): ${m.answered} simulations of ${RUNS.toLocaleString("en")} fights answered while the GETs were measured.`,
    );
  }
  console.log([...rows, "", ...notes].join("\n"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runBusyGetBench();
