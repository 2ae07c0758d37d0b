// How fast the GM's page is answered while many machines on the network flood the server
// (docs/http-api.md, "What the server withstands"): 300 connections from 30 addresses (ten each,
// within the 64 one machine may hold and the 512 of every machine together), each asking again as
// soon as it is answered, for the open OpenAPI description (the heaviest route a machine without
// a credential may ask) and for the encounter without the GM's secret (a 401). The GM on the
// server's own machine meanwhile reads the encounter whole, as the GM's page does after a change.
// The addresses are 127.0.0.2-31, which Linux routes to this machine like 127.0.0.1: the server
// is built with only 127.0.0.1 as its own machine (`ownMachine`), so that the others are counted
// as the network's, by the machines' rate limit (600 requests in 10 s each) and the caps.
// Two phones at the table (127.0.0.40 and 41, a player's link for each side, their screens opened
// before the flood) meanwhile make the fight's moves: each reads its screen (GET /player) and, when
// the choice is its own, answers it (Fray's roll or its tactics' pick), as a tap on the phone does.
// Ten more links, never opened, are then opened during the flood, each from a phone of its own
// (127.0.0.50-59), as a player arriving late does: its link's page (the console's files, from
// web/dist) and its first GET /player, refused or answered.
// The GM's first reads as the flood opens its connections are timed too (a new connection, then
// a read every 50 ms for 2 s), before the flood's steady state is.
// Needs the build (npm run build). Usage: node bench/many-machines.js [churn] [nice] [dist folder]
// (churn: the flood opens a new connection for each request, as a client without keep-alive;
// nice: the flooding process runs under `nice -n 19`, so that the server's process has the cores
// before it; dist folder: a build of another commit, to compare). Prints Markdown for
// docs/benchmarks.md; nothing here is asserted by tests.
import { Buffer } from "node:buffer";
import { fork } from "node:child_process";
import console from "node:console";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { URL, fileURLToPath } from "node:url";
import { parse } from "yaml";
import { serverBuild } from "./crowded-ambush.js";

const ADDRESSES = 30;
/** `churn`: the flood opens a connection for each request, rather than keeping each open. */
const CHURN = process.argv.includes("churn");
/** `nice`: the flooding process runs under `nice -n 19`. */
const NICE = process.argv.includes("nice");
const PER_ADDRESS = 10;
const GM_GETS = 40;
const PHONE_MOVES = 30;
const PHONES = ["127.0.0.40", "127.0.0.41"];
const LATE_PHONES = 10;
const GM_LAPTOP = "127.0.0.60";
const SECRET = "the-gm-secret-of-the-benchmark";

/** A GET of `path` from `localAddress` through `agent`: its status, once answered in full. */
function get(port, path, agent, localAddress, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        agent,
        localAddress,
        headers: { "fray-request": "1", ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** A request of `method` to `path` from `localAddress`: its status and JSON body, once answered. */
function call(port, method, path, agent, localAddress, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent,
        localAddress,
        headers: { "content-type": "application/json", ...headers },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode, body: text === "" ? null : JSON.parse(text) });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The flood: PER_ADDRESS connections from each of ADDRESSES addresses, until told to stop. */
async function floodServer(port, id) {
  let flooding = true;
  const statuses = new Map();
  const paths = ["/openapi.json", `/encounters/${id}`];
  async function flood(address, k) {
    const agent = new Agent({ keepAlive: !CHURN, maxSockets: 1 });
    for (let n = k; flooding; n += 1) {
      const status = await get(port, paths[n % paths.length], agent, address).catch(() => "error");
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    agent.destroy();
  }
  const started = performance.now();
  const flooders = [];
  for (let a = 0; a < ADDRESSES; a += 1)
    for (let c = 0; c < PER_ADDRESS; c += 1) flooders.push(flood(`127.0.0.${a + 2}`, c));
  process.send("flooding");
  await once(process, "message");
  flooding = false;
  await Promise.all(flooders);
  process.send({ seconds: (performance.now() - started) / 1000, statuses: [...statuses] });
  process.disconnect();
}

if (process.argv[2] === "flood") {
  await floodServer(Number(process.argv[3]), Number(process.argv[4]));
  process.exit();
}
const FOLDER = process.argv.slice(2).find((a) => a !== "churn" && a !== "nice");
const { buildApp, SqliteStore } = await serverBuild(FOLDER);

const store = new SqliteStore(":memory:");
// As `fray serve --host 0.0.0.0` builds it (start.ts): its OpenAPI description made at its start.
const app = await buildApp({
  store,
  gmSecret: SECRET,
  ownMachine: (address) => address === "127.0.0.1" || address === "::ffff:127.0.0.1",
  describeAtStart: true,
});
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address();
const gm = { authorization: `Bearer ${SECRET}`, "content-type": "application/json" };
const file = parse(
  readFileSync(new URL("../examples/tnt/group-fight.yaml", import.meta.url), "utf8"),
);
const created = await app.inject({
  method: "POST",
  url: "/encounters",
  headers: gm,
  payload: { file },
});
const { id } = created.json();
await app.inject({
  method: "POST",
  url: `/encounters/${id}/autoplay`,
  headers: gm,
  payload: { until: "round" },
});
const phones = [];
for (const [i, side] of ["sellswords", "bandits"].entries()) {
  const link = await app.inject({
    method: "POST",
    url: `/encounters/${id}/players`,
    headers: gm,
    payload: { name: side, side },
  });
  phones.push({
    address: PHONES[i],
    agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    auth: { authorization: `Bearer ${link.json().token}` },
  });
}

/**
 * The phones' moves, one after another, a short pause between them: each phone reads its screen,
 * and the one whose choice it is answers it. A move's time is its phone's read and answer; a
 * move any of whose requests is refused is counted, not timed.
 */
async function phoneMoves() {
  const out = { times: [], refused: 0, statuses: new Map() };
  const count = (status) => out.statuses.set(status, (out.statuses.get(status) ?? 0) + 1);
  for (let i = 0; i < PHONE_MOVES; i += 1) {
    const start = performance.now();
    let ok = true;
    for (const phone of phones) {
      const screen = await call(port, "GET", "/player", phone.agent, phone.address, phone.auth);
      count(screen.status);
      if (screen.status !== 200) {
        ok = false;
        continue;
      }
      const { pending, version, status } = screen.body;
      if (status === "over") {
        // The fight is over: the GM takes back its answers, and the phones play it again.
        const { answers } = (await app.inject({ url: `/encounters/${id}`, headers: gm })).json();
        await app.inject({
          method: "POST",
          url: `/encounters/${id}/undo`,
          headers: gm,
          payload: { steps: answers },
        });
        break;
      }
      if (pending === null) continue;
      const kind = pending.kind === "roll" ? "roll" : "policy";
      const moved = await call(
        port,
        "POST",
        `/player/${kind}`,
        phone.agent,
        phone.address,
        phone.auth,
        {
          version,
        },
      );
      count(moved.status);
      if (moved.status !== 200) ok = false;
    }
    if (ok) out.times.push(performance.now() - start);
    else out.refused += 1;
    await sleep(50);
  }
  return out;
}

/** Links made now, for phones that open them later. */
async function lateLinks() {
  const tokens = [];
  for (let i = 0; i < LATE_PHONES; i += 1) {
    const link = await app.inject({
      method: "POST",
      url: `/encounters/${id}/players`,
      headers: gm,
      payload: { name: `late ${i}`, side: "bandits" },
    });
    tokens.push(link.json().token);
  }
  return tokens;
}

/** The console's files a phone's load asks for (web/dist): the page, then what it names. */
const PAGE_FILES = [
  "/",
  ...[
    ...readFileSync(new URL("../web/dist/index.html", import.meta.url), "utf8").matchAll(
      /(?:src|href)="\.(\/assets\/[^"]+)"/g,
    ),
  ].map((m) => m[1]),
];

/**
 * Each late phone's load of its link's page (the console's files, brotli accepted) and then its
 * first GET /player, one phone after another: the statuses, and the time of each load whose every
 * request was answered.
 */
async function firstOpenings(tokens) {
  const out = { times: [], statuses: new Map(), files: new Map() };
  for (const [i, token] of tokens.entries()) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const address = `127.0.0.${50 + i}`;
    const start = performance.now();
    let loaded = true;
    for (const path of PAGE_FILES) {
      const file = await get(port, path, agent, address, { "accept-encoding": "br" });
      out.files.set(file, (out.files.get(file) ?? 0) + 1);
      if (file !== 200) loaded = false;
    }
    const { status } = await call(port, "GET", "/player", agent, address, {
      authorization: `Bearer ${token}`,
    });
    out.statuses.set(status, (out.statuses.get(status) ?? 0) + 1);
    if (status === 200 && loaded) out.times.push(performance.now() - start);
    agent.destroy();
    await sleep(50);
  }
  return out;
}

/**
 * The GM's reads of the encounter, one after another, a short pause between them, from the
 * server's own machine or (`from`) a laptop on the network holding the GM's secret.
 */
async function gmTimes(from = "127.0.0.1", gets = GM_GETS) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out = [];
  for (let i = 0; i < gets; i += 1) {
    const start = performance.now();
    const status = await get(port, `/encounters/${id}`, agent, from, gm);
    if (status !== 200) throw new Error(`the GM's GET: ${status}`);
    out.push(performance.now() - start);
    await sleep(50);
  }
  agent.destroy();
  return out;
}

await gmTimes(); // warm
const idle = await gmTimes();
const phonesIdle = await phoneMoves(); // their screens opened before the flood
const late = await lateLinks();
// The flood runs in a process of its own, so that its client's work is not the server's.
const flooder = fork(
  fileURLToPath(import.meta.url),
  ["flood", String(port), String(id), ...(CHURN ? ["churn"] : [])],
  NICE ? { execPath: "nice", execArgv: ["-n", "19", process.execPath] } : {},
);
await once(flooder, "message"); // flooding: its connections opening
// The server's thread's busy share (its event loop's utilization): what of the GM's wait is the
// server's own work, and what the cores taken by other processes (the flooding script's).
let elu = performance.eventLoopUtilization();
const opening = await gmTimes("127.0.0.1", 2000 / 50);
const openingBusy = performance.eventLoopUtilization(elu).utilization;
elu = performance.eventLoopUtilization();
const busy = await gmTimes();
const steadyBusy = performance.eventLoopUtilization(elu).utilization;
const laptopBusy = await gmTimes(GM_LAPTOP);
const phonesBusy = await phoneMoves();
const lateBusy = await firstOpenings(late);
flooder.send("stop");
const [{ seconds, statuses }] = await once(flooder, "message");
for (const phone of phones) phone.agent.destroy();
await app.close();

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const ms = (x) => `${x.toFixed(0)} ms`;
console.log(
  `${FOLDER ?? "dist"}${CHURN ? ", churn" : ""}${NICE ? ", the flood under nice -n 19" : ""}; the GM's first GET as the flood opens: ${ms(opening[0])}; the server's thread busy ${(openingBusy * 100).toFixed(0)}% of the flood's first 2 s, ${(steadyBusy * 100).toFixed(0)}% of the GM's next 40 GETs\n`,
);
console.log("| the GM's GET /encounters/:id | GETs | median | 95th percentile | slowest |");
console.log("| --- | --: | --: | --: | --: |");
for (const [name, xs] of [
  ["idle", idle],
  [`the flood's first 2 s (${ADDRESSES * PER_ADDRESS} connections opening)`, opening],
  [`${ADDRESSES * PER_ADDRESS} connections from ${ADDRESSES} addresses`, busy],
  [`the same, the GM on a laptop on the network (${GM_LAPTOP}, the secret)`, laptopBusy],
])
  console.log(
    `| ${name} | ${xs.length} | ${ms(pct(xs, 0.5))} | ${ms(pct(xs, 0.95))} | ${ms(Math.max(...xs))} |`,
  );
console.log(
  "\n| the phones' moves (a read of each screen, the answer) | moves | refused | median | 95th percentile | slowest |",
);
console.log("| --- | --: | --: | --: | --: | --: |");
for (const [name, { times, refused }] of [
  ["idle", phonesIdle],
  ["during the flood", phonesBusy],
])
  console.log(
    `| ${name} | ${PHONE_MOVES} | ${refused} | ${times.length === 0 ? "-" : ms(pct(times, 0.5))} | ${times.length === 0 ? "-" : ms(pct(times, 0.95))} | ${times.length === 0 ? "-" : ms(Math.max(...times))} |`,
  );
console.log(
  `the phones' answers during the flood: ${[...phonesBusy.statuses].map(([s, n]) => `${s}: ${n}`).join(", ")}`,
);
const late200 = lateBusy.times;
console.log(
  `\nlate phones' page during the flood (${PAGE_FILES.length} files each): ${[...lateBusy.files].map(([s, n]) => `${s}: ${n}`).join(", ")}`,
);
console.log(
  `late phones' first GET /player during the flood: ${[...lateBusy.statuses].map(([s, n]) => `${s}: ${n}`).join(", ")} of ${LATE_PHONES}${late200.length === 0 ? "" : `; the page and the screen loaded in ${ms(pct(late200, 0.5))} (median), ${ms(Math.max(...late200))} (slowest)`}`,
);
const answered = statuses.map(([s, n]) => `${s}: ${(n / seconds).toFixed(0)}/s`).join(", ");
console.log(`\nthe flood's answers (${seconds.toFixed(1)} s): ${answered}`);
console.log(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
