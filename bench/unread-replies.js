// What replies a client never reads cost the server (docs/http-api.md, "What the server
// withstands"): machines on the network that open connections, ask for a large reply on each
// (the GM's state of karn's ambush with its combatants copied to 300, about 1 MB as made, no
// Accept-Encoding) and never read. MACHINES addresses of 127.0.0.0/8 stand for machines on the
// network (the server's own machine is 127.0.0.1), each with CONNECTIONS connections (within the
// 64 one machine may hold), each asking ASKED times (pipelined). Measured in the server's process
// (run with --expose-gc): its memory (RSS, and the heap and buffers outside it) once the replies
// are made and sent as far as they go, against before, and the bytes it holds unsent (its
// connections' writableLength, and the replies waiting for their connection); the replies answered 200 and 503; the
// GM's GET from 127.0.0.1 and a reading machine's GET meanwhile. Printed: a Markdown row.
// Needs the build (npm run build). Usage:
// node --expose-gc bench/unread-replies.js [machines] [connections] [asked] [dist folder]
// (a build of another commit, to compare). Nothing here is asserted by tests.
import console from "node:console";
import { connect } from "node:net";
import os from "node:os";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { crowdedAmbush, serverBuild } from "./crowded-ambush.js";

const { fetch, gc } = globalThis;
const MACHINES = Number(process.argv[2] ?? 4);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const ASKED = Number(process.argv[4] ?? 1);
const COMBATANTS = 300;
process.env.FRAY_MAX_COMBATANTS = String(COMBATANTS);
const { buildApp, SqliteStore } = await serverBuild(process.argv[5]);

const store = new SqliteStore(":memory:");
const app = await buildApp({ store, ownMachine: (address) => address === "127.0.0.1" });
const statuses = new Map();
const replies = new Set();
const sockets = new Set();
app.server.on("connection", (socket) => {
  sockets.add(socket);
  socket.once("close", () => sockets.delete(socket));
});
app.addHook("onRequest", async (request, reply) => {
  replies.add(reply.raw);
  reply.raw.once("close", () => replies.delete(reply.raw));
});
/** The bytes the server holds unsent: its connections' and the replies waiting for one. */
const unsent = () =>
  [...sockets].reduce((sum, s) => sum + s.writableLength, 0) +
  [...replies].reduce((sum, r) => sum + (r.socket === null ? (r.outputSize ?? 0) : 0), 0);
app.addHook("onSend", async (request, reply, payload) => {
  if (request.socket.remoteAddress !== "127.0.0.1") {
    statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
  }
  return payload;
});
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address();
const base = `http://127.0.0.1:${port}`;
const created = await fetch(`${base}/encounters`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ file: crowdedAmbush(COMBATANTS) }),
}).then((r) => r.json());
const path = `/encounters/${created.id}`;
const size = (
  await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity" } }).then((r) =>
    r.text(),
  )
).length;

const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
/** A connection from `address` that asks `times` and reads the replies when `read`. */
function ask(address, times, read) {
  return new Promise((done, failed) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: address });
    let got = "";
    socket.once("connect", () => {
      socket.write(request.repeat(times));
      if (!read) {
        socket.pause();
        done(socket);
      }
    });
    socket.on("error", failed);
    if (read)
      socket.on("data", (chunk) => {
        got += chunk.toString("latin1");
        const length = /content-length: (\d+)/i.exec(got);
        const body = got.indexOf("\r\n\r\n");
        if (length !== null && body >= 0 && got.length >= body + 4 + Number(length[1])) {
          socket.destroy();
          done(got.slice(9, 12));
        }
      });
  });
}

const memory = () => {
  gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external };
};
const before = memory();
const clients = [];
for (let m = 0; m < MACHINES; m += 1) {
  for (let c = 0; c < CONNECTIONS; c += 1)
    clients.push(await ask(`127.0.0.${m + 2}`, ASKED, false));
}
// Until the server has answered every request it read (it stops reading a connection whose
// replies wait), and a little more.
let answered = -1;
while (answered !== [...statuses.values()].reduce((a, b) => a + b, 0)) {
  answered = [...statuses.values()].reduce((a, b) => a + b, 0);
  await sleep(2000);
}
const held = unsent();
const after = memory();
let start = performance.now();
const gm = await fetch(`${base}${path}`).then((r) => r.status);
const gmMs = performance.now() - start;
start = performance.now();
const reader = await ask(`127.0.0.${MACHINES + 2}`, 1, true);
const readerMs = performance.now() - start;
const mb = (b) => `${(b / 1e6).toFixed(0)} MB`;
const counts = [...statuses.entries()]
  .sort()
  .map(([status, count]) => `${count} ${status}`)
  .join(", ");
console.log(
  `| ${process.argv[5] ?? "dist"} | ${MACHINES} x ${CONNECTIONS} x ${ASKED} | ${(size / 1e6).toFixed(2)} MB | ${counts} | ${mb(held)} | +${mb(after.rss - before.rss)} (heap +${mb(after.heapUsed - before.heapUsed)}, buffers +${mb(after.external - before.external)}) | GM ${gm} in ${gmMs.toFixed(0)} ms, a reader ${reader} in ${readerMs.toFixed(0)} ms | ${os.loadavg()[0].toFixed(1)} |`,
);
for (const socket of clients) socket.destroy();
await app.close();
process.exit(0);
