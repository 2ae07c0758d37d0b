// The advisor warm, as the console and the HTTP API call it: `adviseNextDecision` of
// dist/app/advise-pending.js at the first decision of each duel example, `calls` times in one
// process (default 9), for builds compared in turn. `node bench/advise-warm.js [calls] <checkout>
// [<checkout> ...]` (each a directory with a built dist/) prints per duel and checkout each call's
// milliseconds, the median of all calls but the first two, the advice's method and runs, and
// whether every checkout gave the same advice (its JSON). Each checkout runs in a
// child process of its own (bench/advise-warm-child.js), the checkouts in turn per duel.
// `BENCH_DUELS` (comma-separated paths under examples/) replaces the duel list.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";
import { duels, load, median } from "./advise-duels.js";

const args = process.argv.slice(2);
const calls = /^\d+$/.test(args[0] ?? "") ? Number(args.shift()) : 9;
const checkouts = args;
if (!(calls >= 3) || checkouts.length === 0) {
  process.stderr.write(
    "usage: node bench/advise-warm.js [calls >= 3] <checkout> [<checkout> ...]\n",
  );
  process.exit(2);
}
const child = fileURLToPath(new URL("advise-warm-child.js", import.meta.url));

for (const duel of duels) {
  const results = checkouts.map((checkout) => {
    const ran = spawnSync(process.execPath, [child, resolve(checkout), duel, String(calls)], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (ran.status !== 0) throw new Error(`${checkout}: ${duel}: ${ran.stderr}`);
    return { checkout, ...JSON.parse(ran.stdout) };
  });
  const same = results.every((r) => r.advice === results[0].advice);
  process.stdout.write(`${duel} (load ${load()}; the same advice: ${same})\n`);
  for (const r of results) {
    const list = (xs) => xs.map((x) => x.toFixed(0)).join(", ");
    process.stdout.write(
      `  ${r.checkout}: ${r.method}, ${r.runs} runs\n` +
        `    wall ${list(r.ms)} ms; median of the last ${calls - 2}: ${median(r.ms.slice(2)).toFixed(0)} ms\n` +
        `    CPU  ${list(r.cpu)} ms; median of the last ${calls - 2}: ${median(r.cpu.slice(2)).toFixed(0)} ms\n`,
    );
  }
}
