// How long the server takes to make a player's screen of a large fight (player-json.ts's
// playerJson, what a link's first GET /player or pushed state of each version costs; the server
// keeps it for the version's other reads): karn's ambush in the pass with its combatants copied
// to 300 (as a server started with --max-combatants 300 holds), auto-played under seed 1 until
// its log holds 2,000 answers (kept in the temp folder for the next run), a link for the first
// side's player. Each build named on the command line (a `dist/` folder: this one's, and another
// made from an older commit with `npx tsc -p tsconfig.build.json --outDir <folder>`) makes the
// screen in turn in the same process, REPEATS times each after one not counted, so that both
// meet the same load: the CPU time of each (the process's, one thread making it), and its wall
// time, which a loaded machine stretches.
// Usage: node bench/player-screen.js [dist folder...] (default: ./dist). Prints Markdown for
// docs/benchmarks.md; nothing here is asserted by tests.
import console from "node:console";
import os from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { longAmbushRecord } from "./crowded-ambush.js";

const ANSWERS = 2_000;
const COMBATANTS = 300;
const REPEATS = 7;
process.env.FRAY_MAX_COMBATANTS = String(COMBATANTS);
const dists = process.argv.length > 2 ? process.argv.slice(2) : ["dist"];
const modules = await Promise.all(
  dists.map(async (folder) => {
    const at = (path) => pathToFileURL(join(resolve(folder), "server", path)).href;
    return {
      folder,
      stored: await import(at("stored-encounter.js")),
      player: await import(at("player-json.js")),
    };
  }),
);

const record = {
  ...longAmbushRecord(modules[0].stored, COMBATANTS, ANSWERS),
  id: 1,
  version: 1,
  createdAt: "",
};
const link = {
  id: 1,
  encounterId: 1,
  name: "Anna",
  side: record.file.combatants[0].side,
  combatants: null,
  createdAt: "",
  revokedAt: null,
};
const times = new Map(modules.map((m) => [m.folder, []]));
const encounters = new Map(modules.map((m) => [m.folder, m.stored.rebuild(record)]));
let bytes;
for (let i = 0; i <= REPEATS; i += 1) {
  for (const m of modules) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const json = m.player.playerJson(link)(record, encounters.get(m.folder));
    const used = process.cpuUsage(cpu);
    const ms = performance.now() - start;
    if (i > 0) times.get(m.folder).push({ ms, cpu: (used.user + used.system) / 1000 });
    bytes ??= JSON.stringify(json).length;
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
console.log(
  `karn's ambush copied to ${COMBATANTS} combatants, ${record.answers.length} answers, a screen of ${(bytes / 1024).toFixed(0)} KB; load ${os.loadavg()[0].toFixed(1)}`,
);
console.log(
  "| build | a player's screen made: CPU (median, least) | wall (median, fastest) | CPU against the first |",
);
console.log("| --- | --: | --: | --: |");
const cpuOf = (m) => times.get(m.folder).map((t) => t.cpu);
const first = median(cpuOf(modules[0]));
for (const m of modules) {
  const cpu = cpuOf(m);
  const wall = times.get(m.folder).map((t) => t.ms);
  const both = (xs) => `${median(xs).toFixed(0)} ms, ${Math.min(...xs).toFixed(0)} ms`;
  console.log(
    `| ${m.folder} | ${both(cpu)} | ${both(wall)} | ${(median(cpu) / first).toFixed(2)} |`,
  );
}
