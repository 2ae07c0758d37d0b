// What a stream whose reader stopped reading costs the server (docs/http-api.md, "What the server
// withstands"): a GM's page asleep on a laptop, or a client that opens GET /encounters/:id/events
// and never reads, while the fight goes on. The encounter is karn's ambush in the pass with its
// combatants copied to 300 (a server started with --max-combatants 300 holds it; the GM's state
// about 1 MB); the GM makes CHANGES changes, the first decision by its tactics and its undo in turn, as fast as
// they are answered. One stream reads (the GM's console) and one does not (a socket that sent
// its request and was paused). Measured in the server's process: what the stalled stream holds
// unsent (its writableLength) after the changes, beyond what the system's buffers took. Printed:
// the build, changes, the GM's state's size, the states the reading stream got, what the stalled
// one holds, the time of the changes, the load.
// With [links] (say 10), as many players' links each hold four stalled streams of their screen,
// link i from a machine of its own on the network (127.0.0.2, 127.0.0.3, …): printed too, what
// they hold unsent in all (the unread-replies budget counts them: 32 MB in all).
// With [slow] too (say 10), as many more links each hold one stream that reads slowly (64 KB
// every 200 ms, link i from 127.0.0.40 + i): its unsent bytes come and go, and those that the
// stalled streams' room leaves no place for are counted over it; printed too, the most all the
// players' streams held unsent at once (looked at every 20 ms), and the slow streams' states.
// Sizes in MB of 2^20 bytes, as the budgets are said.
// Needs the build (npm run build). Usage: node bench/stalled-stream.js [changes] [dist folder]
// [links] [slow] (a build of another commit, to compare). Prints Markdown for docs/benchmarks.md; nothing here
// is asserted by tests.
import console from "node:console";
import { connect } from "node:net";
import os from "node:os";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { clearInterval, setInterval } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";
import { TextDecoder } from "node:util";
import { crowdedAmbush, serverBuild } from "./crowded-ambush.js";

const { fetch, AbortController } = globalThis;
const CHANGES = Number(process.argv[2] ?? 200);
const LINKS = Number(process.argv[4] ?? 0);
const SLOW = Number(process.argv[5] ?? 0);
const COMBATANTS = 300;
process.env.FRAY_MAX_COMBATANTS = String(COMBATANTS);
const { buildApp, SqliteStore } = await serverBuild(process.argv[3]);

const file = crowdedAmbush(COMBATANTS);

const store = new SqliteStore(":memory:");
// Only this machine's address is the GM's own: the links' machines are the network's.
const app = await buildApp({ store, ownMachine: (address) => address === "127.0.0.1" });
const streams = [];
app.addHook("onRequest", async (request, reply) => {
  if (request.url.endsWith("/events")) streams.push(reply.raw);
});
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address();
const base = `http://127.0.0.1:${port}`;
const post = (path, body) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
const { id } = (await post("/encounters", { file })).body;
const state = await fetch(`${base}/encounters/${id}`).then((r) => r.text());
const combatant = file.combatants[0].id;

// The reading stream: counts the states it is sent.
let read = 0;
const stop = new AbortController();
const reading = await fetch(`${base}/encounters/${id}/events`, {
  signal: stop.signal,
  headers: { accept: "text/event-stream", "fray-request": "1" },
});
void (async () => {
  const decoder = new TextDecoder();
  for await (const chunk of reading.body)
    read += (decoder.decode(chunk).match(/event: state/g) ?? []).length;
})().catch(() => {});
// The stalled one: its request sent, never read.
const stalled = connect(port, "127.0.0.1");
stalled.write(
  `GET /encounters/${id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nFray-Request: 1\r\n\r\n`,
);
stalled.pause();
const playerStreams = [];
for (let i = 0; i < LINKS; i += 1) {
  const { body } = await post(`/encounters/${id}/players`, {
    name: `Player ${i}`,
    combatants: [combatant],
  });
  for (let j = 0; j < 4; j += 1) {
    const socket = connect({ port, host: "127.0.0.1", localAddress: `127.0.0.${2 + i}` });
    socket.write(
      `GET /player/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nFray-Request: 1\r\nAuthorization: Bearer ${body.token}\r\n\r\n`,
    );
    socket.pause();
    playerStreams.push(socket);
  }
}
const slowStreams = [];
let slowStates = 0;
for (let i = 0; i < SLOW; i += 1) {
  const { body } = await post(`/encounters/${id}/players`, {
    name: `Slow ${i}`,
    combatants: [combatant],
  });
  const socket = connect({ port, host: "127.0.0.1", localAddress: `127.0.0.${40 + i}` });
  socket.write(
    `GET /player/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nFray-Request: 1\r\nAuthorization: Bearer ${body.token}\r\n\r\n`,
  );
  socket.pause();
  const decoder = new TextDecoder();
  const reading = setInterval(() => {
    const chunk = socket.read(65536) ?? socket.read();
    if (chunk !== null)
      slowStates += (decoder.decode(chunk, { stream: true }).match(/event: state/g) ?? []).length;
  }, 200);
  socket.on("close", () => clearInterval(reading));
  slowStreams.push({ socket, reading });
}
await sleep(500);

// The most the players' streams hold unsent at once.
let peak = 0;
const looking = setInterval(() => {
  const now = streams.slice(2).reduce((n, s) => n + (s.destroyed ? 0 : s.writableLength), 0);
  peak = Math.max(peak, now);
}, 20);
const start = performance.now();
for (let i = 0; i < CHANGES; i += 1) {
  const change =
    i % 2 === 0
      ? post(`/encounters/${id}/policy`, {})
      : post(`/encounters/${id}/undo`, { steps: 1 });
  const { status, body } = await change;
  if (status !== 200) throw new Error(`change ${i}: ${status} ${JSON.stringify(body)}`);
}
await sleep(1000);
clearInterval(looking);
const seconds = (performance.now() - start) / 1000;
const held = streams.map((s) => (s.destroyed ? 0 : s.writableLength));
const mb = (b) => `${(b / 2 ** 20).toFixed(1)} MB`;
// The GM's streams are the first two opened (the reading one and the stalled one); the players'
// follow, each the most it may hold unsent.
const players = held.slice(2);
const playersHeld =
  LINKS === 0
    ? ""
    : ` ${LINKS} links × 4 stalled${SLOW === 0 ? "" : ` and ${SLOW} slow`}: ${mb(players.reduce((a, b) => a + b, 0))} in all at the end (most ${mb(Math.max(...players))}; ${streams.slice(2).filter((s) => s.destroyed).length} closed), ${mb(peak)} at most |${SLOW === 0 ? "" : ` the slow streams' states: ${slowStates} |`}`;
console.log(
  `| ${process.argv[3] ?? "dist"} | ${CHANGES} | ${mb(state.length)} | ${read} | ${mb(Math.max(...held.slice(0, 2)))} | ${seconds.toFixed(1)} s | ${os.loadavg()[0].toFixed(1)} |${playersHeld}`,
);
for (const socket of playerStreams) socket.destroy();
for (const { socket, reading } of slowStreams) {
  clearInterval(reading);
  socket.destroy();
}
stalled.destroy();
stop.abort();
await app.close();
process.exit(0);
