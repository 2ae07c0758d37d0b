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
// Needs the build (npm run build). Usage: node bench/stalled-stream.js [changes] [dist folder]
// [links] (a build of another commit, to compare). Prints Markdown for docs/benchmarks.md; nothing here
// is asserted by tests.
import console from "node:console";
import { connect } from "node:net";
import os from "node:os";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { TextDecoder } from "node:util";
import { crowdedAmbush, serverBuild } from "./crowded-ambush.js";

const { fetch, AbortController } = globalThis;
const CHANGES = Number(process.argv[2] ?? 200);
const LINKS = Number(process.argv[4] ?? 0);
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
await sleep(500);

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
const seconds = (performance.now() - start) / 1000;
const held = streams.map((s) => s.writableLength);
const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
// The GM's streams are the first two opened (the reading one and the stalled one); the players'
// follow, each the most it may hold unsent.
const players = held.slice(2);
const playersHeld =
  LINKS === 0
    ? ""
    : ` ${LINKS} links × 4 stalled: ${mb(players.reduce((a, b) => a + b, 0))} in all (most ${mb(Math.max(...players))}) |`;
console.log(
  `| ${process.argv[3] ?? "dist"} | ${CHANGES} | ${mb(state.length)} | ${read} | ${mb(Math.max(...held.slice(0, 2)))} | ${seconds.toFixed(1)} s | ${os.loadavg()[0].toFixed(1)} |${playersHeld}`,
);
for (const socket of playerStreams) socket.destroy();
stalled.destroy();
stop.abort();
await app.close();
process.exit(0);
