// How many bytes the server sends, and how long it takes, for long replies made at each request,
// as a client gets them that accepts no compression (every client before the server compressed
// them) and one that accepts gzip or brotli (a browser: "gzip, deflate, br"): the GM's GET
// /encounters/:id and GET /encounters/:id/log, a player's GET /player, of an encounter whose log
// holds 10,000 answers (the most the server keeps, FRAY_MAX_LOG), and GET /encounters listing
// 2,000 encounters. The encounter is karn's ambush in the pass with its combatants copied to 300
// (as a server started with --max-combatants 300 holds), auto-played under seed 1 until its log
// holds 10,000 answers (minutes; kept in the temp folder for the next run). The GETs go over HTTP from this machine, one after another, the first
// ones not counted; a reply's time is until its last byte, and the time at 20 Mbit/s (a phone on a
// busy Wi-Fi) is its bytes at that rate, worked out, not measured.
// Needs the build (npm run build). Usage: node bench/compressed-replies.js. Prints Markdown for
// docs/benchmarks.md; nothing here is asserted by tests.
import console from "node:console";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { URL } from "node:url";
import { parse } from "yaml";
import { longAmbushRecord } from "./crowded-ambush.js";

const ANSWERS = 10_000;
const COMBATANTS = 300;
const LISTED = 2_000;
const GETS = 10;
const WARM = 2;
const WIFI_BITS_PER_SECOND = 20e6;
const TOKEN = "fp_the-phone-of-the-benchmark-at-the-table-00000";
// A server started with --max-combatants 300 holds it.
process.env.FRAY_MAX_COMBATANTS = String(COMBATANTS);
const dist = (path) => new URL(`../dist/server/${path}`, import.meta.url).href;
const { buildApp } = await import(dist("app.js"));
const { SqliteStore } = await import(dist("sqlite-store.js"));
const { fromFile, changed, autoplay } = await import(dist("stored-encounter.js"));
const { tokenHash } = await import(dist("tokens.js"));

/** A GET of `path` accepting `encoding` (none: no header): bytes on the wire and milliseconds. */
function get(port, path, encoding, headers) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: {
          "fray-request": "1",
          ...headers,
          ...(encoding === undefined ? {} : { "accept-encoding": encoding }),
        },
      },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => {
          if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
          resolve({ bytes, ms: performance.now() - start, as: res.headers["content-encoding"] });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const started = performance.now();
const record = longAmbushRecord({ fromFile, changed, autoplay }, COMBATANTS, ANSWERS);
const made = (performance.now() - started) / 1000;
const store = new SqliteStore(":memory:");
const stored = await store.insert(record);
await store.playerLinks.insert({
  encounterId: stored.id,
  tokenHash: tokenHash(TOKEN),
  name: "Anna",
  side: record.file.combatants[0].side,
  combatants: null,
});
const small = fromFile(
  parse(readFileSync(new URL("../examples/karn/duel.yaml", import.meta.url), "utf8")),
  "duel.yaml",
  1,
).record;
for (let i = 1; i < LISTED; i += 1) await store.insert(small);
const app = await buildApp({ store });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address();

const routes = [
  [
    `the GM's GET /encounters/:id (${ANSWERS.toLocaleString("en")} answers)`,
    `/encounters/${stored.id}`,
    {},
  ],
  ["its GET /encounters/:id/log", `/encounters/${stored.id}/log`, {}],
  ["a player's GET /player", "/player", { authorization: `Bearer ${TOKEN}` }],
  [`GET /encounters (${LISTED.toLocaleString("en")} encounters)`, "/encounters", {}],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (x) => `${x.toFixed(0)} ms`;
console.log(
  "| reply | Accept-Encoding | sent as | bytes | time on this machine (median, fastest) | at 20 Mbit/s |",
);
console.log("| --- | --- | --- | --: | --: | --: |");
for (const [name, path, headers] of routes) {
  for (const encoding of [undefined, "gzip", "gzip, deflate, br"]) {
    const times = [];
    let last;
    for (let i = 0; i < WARM + GETS; i += 1) {
      last = await get(port, path, encoding, headers);
      if (i >= WARM) times.push(last.ms);
    }
    const wire = (last.bytes * 8 * 1000) / WIFI_BITS_PER_SECOND;
    console.log(
      `| ${name} | ${encoding ?? "(none)"} | ${last.as ?? "as made"} | ${kb(last.bytes)} | ${ms(median(times))}, ${ms(Math.min(...times))} | ${ms(wire)} |`,
    );
  }
}
await app.close();
await store.close();
console.log(
  `\n${record.answers.length} answers, ${record.file.combatants.length} combatants (made in ${made.toFixed(0)} s); load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
