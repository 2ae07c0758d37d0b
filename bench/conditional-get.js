// How long `fray serve` takes to answer a page that polls an unchanged encounter (GET
// /encounters/:id and a player's GET /player with the ETag they hold: 304) when the encounter's log
// is long: 10,000 answers, the most the server keeps (FRAY_MAX_LOG). The record is tnt's group fight
// played to its end by auto-play under seed 1, its answers repeated to 10,000: a 304 reads the
// encounter's stored version, never replays it, so what it costs is what it reads of the store.
// The GETs go over HTTP one after another, the first ones not counted.
// Needs the build (npm run build). Usage:
//   node bench/conditional-get.js                           # SQLite, a new file under the temp folder
//   node bench/conditional-get.js postgres://user@host/db   # a new database on that server
// Prints Markdown for docs/benchmarks.md; nothing here is asserted by tests.
import console from "node:console";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { URL } from "node:url";
import pg from "pg";
import { parse } from "yaml";

const { fetch } = globalThis;
const ANSWERS = 10_000;
const GETS = 100; // with the warm ones, within a player link's 120 requests in 10 s
const WARM = 10;
const TOKEN = "fp_the-phone-of-the-benchmark-at-the-table-00000";
const dist = (path) => new URL(`../dist/${path}`, import.meta.url).href;
const { openStore } = await import(dist("server/open-store.js"));
const { startServer } = await import(dist("server/start.js"));
const { fromFile, changed, autoplay } = await import(dist("server/stored-encounter.js"));
const { encounterTag } = await import(dist("server/encounters.js"));
const { playerTag } = await import(dist("server/player-json.js"));
const { tokenHash } = await import(dist("server/tokens.js"));

/** A new empty database: a SQLite file, or a new database on the PostgreSQL server `url` names. */
async function newDatabase(url) {
  if (url === undefined) return join(mkdtempSync(join(os.tmpdir(), "fray-etag-")), "fray.sqlite");
  const name = `fray_etag_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const at = new URL(url);
  at.pathname = `/${name}`;
  return at.toString();
}

/** tnt's group fight played to its end, its answers repeated to ANSWERS. */
function longRecord() {
  const text = readFileSync(new URL("../examples/tnt/group-fight.yaml", import.meta.url), "utf8");
  const { record } = fromFile(parse(text), "group-fight.yaml", 1);
  const done = changed({ ...record, id: 0 }, (encounter, seed) => autoplay(encounter, seed, "end"));
  const played = done.progress.answers;
  const answers = Array.from({ length: ANSWERS }, (_, i) => played[i % played.length]);
  return { ...record, ...done.progress, answers };
}

/** Milliseconds of each GET of `path` with If-None-Match `tag` (all 304), the first WARM not counted. */
async function times(url, tag, headers = {}) {
  const out = [];
  for (let i = 0; i < WARM + GETS; i += 1) {
    const start = performance.now();
    const res = await fetch(url, { headers: { "if-none-match": tag, ...headers } });
    await res.arrayBuffer();
    if (res.status !== 304) throw new Error(`${url}: ${res.status}, not 304`);
    if (i >= WARM) out.push(performance.now() - start);
  }
  return out;
}

const pgUrl = process.argv[2];
const db = await newDatabase(pgUrl);
const store = await openStore(db);
const stored = await store.insert(longRecord());
const link = await store.playerLinks.insert({
  encounterId: stored.id,
  tokenHash: tokenHash(TOKEN),
  name: "Anna",
  side: "sellswords",
  combatants: null,
});
await store.close();
const server = await startServer({ port: 0, host: "127.0.0.1", db });
const base = server.url.replace(/\/$/, "");
const rows = [
  "| store | the page's GET (304) | GETs | fastest | median | 95th percentile | slowest |",
  "| --- | --- | --: | --: | --: | --: | --: |",
];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const ms = (x) => `${x.toFixed(2)} ms`;
const measured = [
  ["the GM's `/encounters/:id`", `${base}/encounters/${stored.id}`, encounterTag(stored), {}],
  [
    "a player's `/player`",
    `${base}/player`,
    playerTag(link, stored),
    { authorization: `Bearer ${TOKEN}` },
  ],
];
for (const [name, url, tag, headers] of measured) {
  const store = pgUrl === undefined ? "SQLite" : "PostgreSQL";
  try {
    const xs = await times(url, tag, headers);
    rows.push(
      `| ${store} | ${name} | ${xs.length} | ${ms(Math.min(...xs))} | ${ms(pct(xs, 0.5))} | ${ms(pct(xs, 0.95))} | ${ms(Math.max(...xs))} |`,
    );
  } catch (error) {
    // A build whose 304 replays the encounter: the repeated answers are not a fight.
    rows.push(`| ${store} | ${name} | ${error.message} | | | | |`);
  }
}
await server.app.close();
console.log(rows.join("\n"));
console.log(
  `\nrecord: ${stored.answers.length} answers, ${JSON.stringify(stored).length} bytes; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
