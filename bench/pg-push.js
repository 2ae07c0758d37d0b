// How soon a player following an encounter on one `fray serve` process is told an answer given on
// another, both on one PostgreSQL database (docs/scaling.md): the time from sending the answer to
// process A until its state event arrives on the player's stream from process B, over ROUNDS
// answers, against the same measure on one process (the push without NOTIFY) in the same run.
// Needs the build (npm run build) and a PostgreSQL server: FRAY_TEST_PG_URL, as test/postgres.sh
// sets it. Usage: node bench/pg-push.js. Prints Markdown for docs/benchmarks.md.
import { spawn } from "node:child_process";
import console from "node:console";
import { readFileSync } from "node:fs";
import process from "node:process";
import { performance } from "node:perf_hooks";
import { URL, fileURLToPath } from "node:url";
import { TextDecoder } from "node:util";
import pg from "pg";

const { fetch } = globalThis;

const ROUNDS = 50;
const admin = process.env["FRAY_TEST_PG_URL"];
if (admin === undefined) {
  console.error('bench/pg-push.js: set FRAY_TEST_PG_URL (eval "$(bash test/postgres.sh)")');
  process.exit(1);
}
const start = fileURLToPath(new URL("../dist/server/start.js", import.meta.url));
const file = readFileSync(new URL("../examples/tnt/duel.yaml", import.meta.url), "utf8");

async function newDatabase() {
  const name = `fray_bench_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `fray serve --db db` in a process of its own; resolves with its URL and a way to stop it. */
function serve(db) {
  const script = `const { startServer } = await import(${JSON.stringify(start)});
const server = await startServer({ port: 0, host: "127.0.0.1", db: ${JSON.stringify(db)} });
process.once("SIGTERM", () => void server.app.close());
process.stdout.write(server.url + "\\n");`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve({ url: out.trim(), stop: () => child.kill("SIGTERM") });
    });
  });
}

async function post(url, body) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** The player's stream: resolves `until(version)` when the state at that version arrives. */
async function stream(url, token) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const waiting = new Map();
  const decoder = new TextDecoder();
  let buffer = "";
  (async () => {
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const id = /^id: (\d+)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (id !== undefined) waiting.get(Number(id))?.();
      }
    }
  })().catch(() => undefined);
  return (version) => new Promise((resolve) => waiting.set(version, resolve));
}

/** Milliseconds from an answer sent to `gm` to its state on a player's stream from `player`. */
async function measure(gm, player) {
  const times = [];
  let current;
  let until;
  while (times.length < ROUNDS) {
    if (current === undefined || current.pending === null) {
      // A new fight, followed by a player on `player`, when none is going on.
      current = await post(`${gm}/encounters`, { file });
      const link = await post(`${gm}/encounters/${current.id}/players`, {
        name: "Anna",
        side: current.sides[0].id,
      });
      until = await stream(`${player}/player/events`, link.token);
      continue;
    }
    const action = current.pending.kind === "roll" ? "roll" : "policy";
    const told = until(current.version + 1);
    const sent = performance.now();
    current = await post(`${gm}/encounters/${current.id}/${action}`, { version: current.version });
    await told;
    times.push(performance.now() - sent);
  }
  return times;
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const db = await newDatabase();
const a = await serve(db);
const b = await serve(db);
const one = await measure(a.url, a.url);
const two = await measure(a.url, b.url);
a.stop();
b.stop();
console.log("| player's stream on | answers | median | 95th percentile | slowest |");
console.log("| --- | --: | --: | --: | --: |");
for (const [name, xs] of [
  ["the same process", one],
  ["the other process (NOTIFY)", two],
]) {
  const ms = (x) => `${x.toFixed(1)} ms`;
  console.log(
    `| ${name} | ${xs.length} | ${ms(pct(xs, 0.5))} | ${ms(pct(xs, 0.95))} | ${ms(Math.max(...xs))} |`,
  );
}
