// The first advice after a pause at the table, as the server gives it: `node
// bench/advise-after-pause.js [pause seconds] <checkout> [<checkout> ...]` (each a directory with
// a built dist/) starts each checkout's job runner (startJobs of dist/server/jobs.js, the server's
// limits), leaves it idle for the pause (default 2 s), then times the advice at the first decision
// of karn's duel (`BENCH_DUELS` replaces it) on a worker thread, and a second one right after
// (warm). A runner that drops its threads when idle (5 minutes before #16) has none after a long
// pause, as at its start: its first advice starts a thread and loads the rulesets. The runner is
// started as `fray serve` starts it, with its warm-up where the checkout has one (startJobs's
// third argument: the advisor at each ruleset's duel, examples/<ruleset>/duel.yaml; a checkout
// without it ignores the argument), and the line says how many warm-up jobs ran in the pause.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { load } from "./advise-duels.js";

const args = process.argv.slice(2);
const pause = /^\d+(\.\d+)?$/.test(args[0] ?? "") ? Number(args.shift()) : 2;
if (args.length === 0) {
  process.stderr.write("usage: node bench/advise-after-pause.js [pause s] <checkout> ...\n");
  process.exit(2);
}
const duels = process.env.BENCH_DUELS?.split(",") ?? ["karn/duel.yaml"];

for (const duel of duels) {
  process.stdout.write(`${duel} after ${pause} s idle (load ${load()})\n`);
  for (const checkout of args.map((a) => resolve(a))) {
    const jobsModule = pathToFileURL(join(checkout, "dist", "server", "jobs.js")).href;
    const { startJobs } = await import(jobsModule);
    const file = parse(readFileSync(join(checkout, "examples", duel), "utf8"));
    const task = { file, source: duel, answers: [], seed: file.seed ?? 1, samples: 20_000 };
    const runner = startJobs(undefined, undefined, true);
    await sleep(pause * 1000);
    const timed = async () => {
      const start = performance.now();
      await runner.run("advise", task);
      return (performance.now() - start).toFixed(0);
    };
    const first = await timed();
    const second = await timed();
    await runner.close();
    const warmed = runner.warmed === undefined ? "" : ` (${runner.warmed} warm-up jobs run)`;
    process.stdout.write(`  ${checkout}: first ${first} ms, then ${second} ms${warmed}\n`);
  }
}
