// How long auto-play to the end takes when the fight would pass the cap on one encounter's log
// (FRAY_MAX_LOG, here 500 answers): karn's ambush in the pass with its combatants copied to 100
// (about 4,800 answers to its end under seed 1), `POST /encounters/1/autoplay {"until": "end"}`
// on a server built from dist/ (SQLite in memory, the job's 60 s budget). What comes back, and
// when. Needs the build (npm run build). Usage: node bench/autoplay-cap.js. Prints Markdown for
// docs/benchmarks.md; nothing here is asserted by tests.
import console from "node:console";
import os from "node:os";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { URL } from "node:url";
import { crowdedAmbush } from "./crowded-ambush.js";

process.env.FRAY_MAX_LOG = "500";
const dist = (path) => new URL(`../dist/server/${path}`, import.meta.url).href;
const { buildApp } = await import(dist("app.js"));
const { SqliteStore } = await import(dist("sqlite-store.js"));

const file = crowdedAmbush(100);

const store = new SqliteStore(":memory:");
const app = await buildApp({ store });
const created = await app.inject({ method: "POST", url: "/encounters", payload: { file } });
const { id } = created.json();
const start = performance.now();
const played = await app.inject({
  method: "POST",
  url: `/encounters/${id}/autoplay`,
  payload: { until: "end" },
});
const seconds = (performance.now() - start) / 1000;
const { error } = played.json();
await app.close();
await store.close();
console.log(
  `| ${file.combatants.length} combatants | ${played.statusCode} | ${seconds.toFixed(1)} s | ${error} |`,
);
console.log(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
