// What a log too long to keep costs the server (docs/http-api.md, "What the server withstands"):
// POST /encounters/from-log resumes a fight from its log on the jobs' thread, and a log of more
// answers than an encounter on the server keeps (10,000, FRAY_MAX_LOG) is refused. The log here is
// Cartyrion's Tombril and the hill giant with nothing but the GM's changes (the giant's stamina
// set, again and again), the answers that cost a replay most (each builds the ruleset's fields).
// 1. In one process, the same log of ANSWERS answers read two ways in turns: replayed whole and
//    then refused (as the server did before), and refused once its lines are read (readLog's
//    count of answers, before the replay).
// 2. A server built from dist/ over HTTP: about the largest such log a body holds (12 MB of lines, 16 MB as JSON), its 409's
//    time, and the time of an encounter made meanwhile (POST /encounters, a job queued behind it).
// Needs the build (npm run build). Usage: node bench/long-log.js [answers] [turns]. Prints
// Markdown for docs/benchmarks.md; nothing here is asserted by tests.
import console from "node:console";
import { readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { URL } from "node:url";
import { parse } from "yaml";

const { fetch } = globalThis;
const ANSWERS = Number(process.argv[2] ?? 12_000);
const TURNS = Number(process.argv[3] ?? 2);
// The log as a JSON string, its quotes escaped: within the 16 MB a body may be.
const BODY = 12 * 1024 * 1024;
const d = (path) => new URL(`../dist/${path}`, import.meta.url).href;
const { Encounter } = await import(d("engine/encounter.js"));
const { parseEncounterFile } = await import(d("engine/encounter-file.js"));
const { logLines, readLog } = await import(d("engine/log.js"));
const { rulesets } = await import(d("app/rulesets.js"));
const { checkLogLength, MAX_LOG } = await import(d("server/log-cap.js"));
const { buildApp } = await import(d("server/app.js"));
const { SqliteStore } = await import(d("server/sqlite-store.js"));

const fileText = readFileSync(
  new URL("../examples/cartyrion/tombril-and-the-hill-giant.yaml", import.meta.url),
  "utf8",
);
const definition = parseEncounterFile(parse(fileText), rulesets, "tombril");
const header = logLines(new Encounter(definition), 1)[0];
const change = (n) =>
  JSON.stringify({
    type: "answer",
    n,
    kind: "gm",
    change: { op: "set", combatant: "giant", field: "stamina", value: 60 - (n % 2) },
  });

/** A log of the GM's changes: `answers` of them, or as many as `bytes` hold. */
function gmLog({ answers = Infinity, bytes = Infinity }) {
  const lines = [header];
  let size = header.length + 1;
  for (let n = 1; n <= answers; n += 1) {
    const line = change(n);
    if (size + line.length + 1 > bytes) break;
    lines.push(line);
    size += line.length + 1;
  }
  return { text: `${lines.join("\n")}\n`, answers: lines.length - 1 };
}

/** Seconds to refuse `text`: replayed first (before), or once read (after). */
function refuse(text, replayFirst) {
  const start = performance.now();
  try {
    if (replayFirst) {
      const { encounter } = readLog(text, rulesets, "log");
      checkLogLength(encounter.log.length, 0, "new", MAX_LOG);
    } else {
      readLog(text, rulesets, "log", (answers) => checkLogLength(answers, 0, "new", MAX_LOG));
    }
  } catch (error) {
    if (!/over the most an encounter on the server keeps/.test(error.message)) throw error;
    return (performance.now() - start) / 1000;
  }
  throw new Error("the log was kept");
}

const log = gmLog({ answers: ANSWERS });
const runs = { before: [], after: [] };
for (let t = 0; t < TURNS; t += 1) {
  runs.before.push(refuse(log.text, true));
  runs.after.push(refuse(log.text, false));
}

const store = new SqliteStore(":memory:");
const app = await buildApp({ store });
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `http://127.0.0.1:${app.server.address().port}`;
const post = async (path, body) => {
  const start = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, seconds: (performance.now() - start) / 1000 };
};
const big = gmLog({ bytes: BODY - 1024 });
const refused = post("/encounters/from-log", { log: big.text });
await sleep(200);
const made = await post("/encounters", { file: fileText });
const bigRefused = await refused;
await app.close();

const s = (x) => `${x.toFixed(2)} s`;
console.log(
  `| ${ANSWERS.toLocaleString("en")} answers of the GM's changes (${(log.text.length / 1e6).toFixed(1)} MB), refused | each turn |`,
);
console.log("| --- | --- |");
console.log(`| replayed, then refused (before) | ${runs.before.map(s).join(", ")} |`);
console.log(`| refused once read (after) | ${runs.after.map(s).join(", ")} |`);
console.log(
  `\nPOST /encounters/from-log of ${big.answers.toLocaleString("en")} answers (${(big.text.length / 1e6).toFixed(1)} MB): ${bigRefused.status} in ${s(bigRefused.seconds)}; POST /encounters sent 0.2 s after it: ${made.status} in ${s(made.seconds)}`,
);
console.log(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
