// How long `fray serve` takes to answer GET /encounters (the console's list of encounters) when
// the database holds 1,000, 5,000 and then 10,000 encounters: each tnt's group fight played to its end
// by auto-play under seed 1 (67 answers, 13 KB stored), the same record stored again and again. The
// server is started on the database as `fray serve` starts it; the GETs go over HTTP one after
// another, the first one not counted.
// Needs the build (npm run build). Usage:
//   node bench/encounters-list.js                       # SQLite, a new file under the temp folder
//   node bench/encounters-list.js postgres://user@host/db   # a new database on that server
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
const COUNTS = [1_000, 5_000, 10_000];
const GETS = 5;
const dist = (path) => new URL(`../dist/${path}`, import.meta.url).href;
const { openStore } = await import(dist("server/open-store.js"));
const { startServer } = await import(dist("server/start.js"));
const { fromFile, changed, autoplay } = await import(dist("server/stored-encounter.js"));

/** A new empty database: a SQLite file, or a new database on the PostgreSQL server `url` names. */
async function newDatabase(url) {
  if (url === undefined) return join(mkdtempSync(join(os.tmpdir(), "fray-list-")), "fray.sqlite");
  const name = `fray_list_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const at = new URL(url);
  at.pathname = `/${name}`;
  return at.toString();
}

/** tnt's group fight played to its end: the record stored again and again. */
function playedRecord() {
  const text = readFileSync(new URL("../examples/tnt/group-fight.yaml", import.meta.url), "utf8");
  const { record } = fromFile(parse(text), "group-fight.yaml", 1);
  const done = changed({ ...record, id: 0 }, (encounter, seed) => autoplay(encounter, seed, "end"));
  return { ...record, ...done.progress };
}

/** Stores encounters until the database holds `count`. */
async function fill(db, record, count) {
  const store = await openStore(db);
  for (let held = await store.count(); held < count; held += 1) await store.insert(record);
  await store.close();
}

/** Milliseconds of each GET /encounters on a new server of `db`, and the size of the answer. */
async function measure(db, count) {
  process.env.FRAY_MAX_ENCOUNTERS = String(count);
  const server = await startServer({ port: 0, host: "127.0.0.1", db });
  const url = `${server.url.replace(/\/$/, "")}/encounters`;
  const times = [];
  let bytes = 0;
  for (let i = 0; i <= GETS; i += 1) {
    const start = performance.now();
    const res = await fetch(url);
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /encounters: ${res.status}`);
    if (i > 0) times.push(performance.now() - start);
    bytes = body.byteLength;
  }
  await server.app.close();
  return { count, times, bytes };
}

const pg_url = process.argv[2];
const db = await newDatabase(pg_url);
const record = playedRecord();
const rows = [
  "| store | encounters | GETs | fastest | median | slowest | answer |",
  "| --- | --: | --: | --: | --: | --: | --: |",
];
for (const count of COUNTS) {
  await fill(db, record, count);
  const { times, bytes } = await measure(db, count);
  const sorted = [...times].sort((a, b) => a - b);
  const s = (ms) => `${(ms / 1000).toFixed(3)} s`;
  rows.push(
    `| ${pg_url === undefined ? "SQLite" : "PostgreSQL"} | ${count.toLocaleString("en")} | ${times.length} | ${s(sorted[0])} | ${s(sorted[Math.floor(sorted.length / 2)])} | ${s(sorted.at(-1))} | ${(bytes / 1e6).toFixed(2)} MB |`,
  );
}
console.log(rows.join("\n"));
console.log(
  `\nrecord: ${record.answers.length} answers, ${JSON.stringify(record).length} bytes; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
