// `fray advise <duel> --json` as a user runs it, a fresh process each time, for builds compared in
// turn: `node bench/advise-fresh.js <pairs> <checkout> [<checkout> ...]` runs, `pairs` times, each
// duel example once in each checkout (a directory with bin/fray.js and a built dist/), and prints
// per duel and checkout the wall, CPU (user + system) and user seconds of each run, their medians, and
// whether every checkout printed the same advice (md5 of the output). CPU is read with GNU time
// (/usr/bin/time, Linux), so that a busy machine's waiting counts less than in the wall.
// `BENCH_DUELS` (comma-separated paths under examples/) replaces the duel list.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import process from "node:process";
import { duels, load, median } from "./advise-duels.js";

const [pairsText, ...checkouts] = process.argv.slice(2);
const pairs = Number(pairsText);
if (!(pairs >= 1) || checkouts.length === 0) {
  process.stderr.write("usage: node bench/advise-fresh.js <pairs> <checkout> [<checkout> ...]\n");
  process.exit(2);
}
const timeFile = join(tmpdir(), `fray-advise-fresh-${process.pid}.txt`);

/** One fresh `fray advise <duel> --json` in `checkout`: wall and CPU seconds, the output's md5. */
function run(checkout, duel) {
  const ran = spawnSync(
    "/usr/bin/time",
    [
      "-o",
      timeFile,
      "-f",
      "%e %U %S",
      "node",
      "bin/fray.js",
      "advise",
      `examples/${duel}`,
      "--json",
    ],
    { cwd: resolve(checkout), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (ran.status !== 0) throw new Error(`${checkout}: fray advise ${duel}: ${ran.stderr}`);
  const [wall, user, system] = readFileSync(timeFile, "utf8").trim().split("\n").pop().split(" ");
  return {
    wall: Number(wall),
    cpu: Number(user) + Number(system),
    user: Number(user),
    md5: createHash("md5").update(ran.stdout).digest("hex"),
  };
}

for (const duel of duels) {
  const runs = checkouts.map(() => []);
  const loads = [];
  for (let p = 0; p < pairs; p += 1) {
    loads.push(load());
    checkouts.forEach((checkout, c) => runs[c].push(run(checkout, duel)));
  }
  const same = runs.flat().every((r) => r.md5 === runs[0][0].md5);
  process.stdout.write(`${duel} (load ${loads.join(", ")}; the same advice: ${same})\n`);
  checkouts.forEach((checkout, c) => {
    const walls = runs[c].map((r) => r.wall);
    const cpus = runs[c].map((r) => r.cpu);
    const users = runs[c].map((r) => r.user);
    process.stdout.write(
      `  ${checkout}: wall ${walls.map((x) => x.toFixed(2)).join(", ")} (median ${median(walls).toFixed(2)}) s;` +
        ` CPU ${cpus.map((x) => x.toFixed(2)).join(", ")} (median ${median(cpus).toFixed(2)}) s;` +
        ` user ${users.map((x) => x.toFixed(2)).join(", ")} (median ${median(users).toFixed(2)}) s\n`,
    );
  });
}
rmSync(timeFile, { force: true });
