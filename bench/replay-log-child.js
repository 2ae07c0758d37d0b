// One checkout for bench/replay-log.js: `node bench/replay-log-child.js <checkout> <example under
// examples/> <calls>` plays the example to its end as `fray play --auto` does (its seed, or 1),
// then replays its whole log `calls` times as the server does for every request
// (`Encounter.fromAnswers`), and prints as JSON each replay's milliseconds (wall, and the
// process's CPU), the log's length, and a digest of all a replay gives (log, state, status,
// explanations, views, turn order, the GM's hand, the log file's lines) to compare between checkouts.
import { createHash } from "node:crypto";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { pathToFileURL } from "node:url";

const [checkout, example, callsText] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(checkout, "dist", path)).href);
const { readDataFile } = await load("app/files.js");
const { rulesetsToRead } = await load("app/rulesets-to-read.js");
const { parseEncounterFile } = await load("engine/encounter-file.js");
const { Encounter } = await load("engine/encounter.js");
const { playToEnd } = await load("engine/autoplay.js");
const { logLines } = await load("engine/log.js");

const path = join(checkout, "examples", example);
const content = readDataFile(path);
const definition = parseEncounterFile(content, await rulesetsToRead(content), path);
const seed = definition.seed ?? 1;
const played = playToEnd(new Encounter(definition), seed);
const answers = [...played.log];

/** All an encounter gives a reader, as JSON: what must not change with how states are copied. */
function everything(e) {
  const sides = [...new Set(definition.setup.sides.map((s) => s.id))];
  return JSON.stringify({
    file: logLines(e, seed),
    log: e.log,
    round: e.round,
    state: e.state,
    status: e.status,
    explanations: e.explanations,
    gm: e.view({ kind: "gm" }),
    sides: sides.map((side) => e.view({ kind: "side", side })),
    order: e.order(),
    hand: e.gmCombatants(),
    halfway: e.stateAfter(Math.floor(answers.length / 2)),
  });
}

const ms = [];
const cpu = [];
let replayed;
for (let i = 0; i < Number(callsText); i += 1) {
  const start = performance.now();
  const used = process.cpuUsage();
  replayed = Encounter.fromAnswers(definition, answers);
  const spent = process.cpuUsage(used);
  ms.push(performance.now() - start);
  cpu.push((spent.user + spent.system) / 1000);
}
const digest = (text) => createHash("sha256").update(text).digest("hex").slice(0, 16);
process.stdout.write(
  JSON.stringify({
    ms,
    cpu,
    answers: answers.length,
    rounds: replayed.round,
    played: digest(everything(played)),
    replayed: digest(everything(replayed)),
  }),
);
