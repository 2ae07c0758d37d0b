// What the server's replay of a fight costs (it rebuilds an encounter from its stored answers for
// every request, Encounter.fromAnswers): each example played to its end as `fray play --auto`
// does, then its whole log replayed `calls` times in one process, for builds compared in turns.
// `node bench/replay-log.js [calls] [turns] <checkout> [<checkout> ...]` (each a directory with
// a built dist/ and examples/) prints per example and checkout each turn's median of all calls
// but the first two (wall and CPU), the first call, and whether every checkout's replays gave
// the same log, state, explanations and views (a digest of their JSON). Each checkout runs in a
// child process of its own (bench/replay-log-child.js). `BENCH_EXAMPLES` (comma-separated paths
// under examples/) replaces the list.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";
import { load, median } from "./advise-duels.js";

const EXAMPLES = ["swords-wizardry-fitz/group-fight.yaml", "karn/ambush-in-the-pass.yaml"];
const examples = process.env.BENCH_EXAMPLES?.split(",") ?? EXAMPLES;
const args = process.argv.slice(2);
const calls = /^\d+$/.test(args[0] ?? "") ? Number(args.shift()) : 50;
const turns = /^\d+$/.test(args[0] ?? "") ? Number(args.shift()) : 3;
const checkouts = args;
if (!(calls >= 3) || checkouts.length === 0) {
  process.stderr.write(
    "usage: node bench/replay-log.js [calls >= 3] [turns] <checkout> [<checkout> ...]\n",
  );
  process.exit(2);
}
const child = fileURLToPath(new URL("replay-log-child.js", import.meta.url));

for (const example of examples) {
  const runs = checkouts.map(() => []);
  for (let turn = 0; turn < turns; turn += 1) {
    checkouts.forEach((checkout, i) => {
      const ran = spawnSync(process.execPath, [child, resolve(checkout), example, String(calls)], {
        encoding: "utf8",
      });
      if (ran.status !== 0) throw new Error(`${checkout}: ${example}: ${ran.stderr}`);
      runs[i].push(JSON.parse(ran.stdout));
    });
  }
  const digests = runs.flat().flatMap((r) => [r.played, r.replayed]);
  const same = digests.every((d) => d === digests[0]);
  const { answers, rounds } = runs[0][0];
  process.stdout.write(
    `${example}: ${answers} answers, ${rounds} rounds (load ${load()}; the same: ${same})\n`,
  );
  checkouts.forEach((checkout, i) => {
    const list = (key) => runs[i].map((r) => median(r[key].slice(2)).toFixed(2)).join(", ");
    const first = runs[i].map((r) => r.ms[0].toFixed(1)).join(", ");
    process.stdout.write(
      `  ${checkout}: median of the last ${calls - 2} by turn: wall ${list("ms")} ms, ` +
        `CPU ${list("cpu")} ms; first call ${first} ms\n`,
    );
  });
}
