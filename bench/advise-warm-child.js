// One checkout's warm advisor for bench/advise-warm.js: `node bench/advise-warm-child.js
// <checkout> <duel under examples/> <calls>` calls `adviseNextDecision` on a fresh encounter at
// the duel's first decision `calls` times and prints, as JSON, each call's milliseconds (wall, and the process's CPU: V8's compiling threads count too), the
// advice's method and runs, and the advice itself (a string, to compare between checkouts).
import { performance } from "node:perf_hooks";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";

const [checkout, duel, callsText] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(checkout, "dist", path)).href);
const { readDataFile } = await load("app/files.js");
const { rulesetsToRead } = await load("app/rulesets-to-read.js");
const { parseEncounterFile } = await load("engine/encounter-file.js");
const { Encounter } = await load("engine/encounter.js");
const { adviseNextDecision } = await load("app/advise-pending.js");

const path = join(checkout, "examples", duel);
const content = readDataFile(path);
const definition = parseEncounterFile(content, await rulesetsToRead(content), path);
const seed = definition.seed ?? 1;
const ms = [];
const cpu = [];
let advised;
for (let i = 0; i < Number(callsText); i += 1) {
  const start = performance.now();
  const used = process.cpuUsage();
  advised = adviseNextDecision(Encounter.fromAnswers(definition, []), seed, 20_000);
  const spent = process.cpuUsage(used);
  ms.push(performance.now() - start);
  cpu.push((spent.user + spent.system) / 1000);
}
const { advice } = advised;
process.stdout.write(
  JSON.stringify({
    ms,
    cpu,
    method: advice.method,
    runs: advice.runs,
    advice: JSON.stringify(advised),
  }),
);
