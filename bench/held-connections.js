// Whether a phone gets in while a few machines hold the network's connections (docs/http-api.md,
// "What the server withstands"): eight machines hold the 512 (64 each, idle: their headers never
// sent, each opened again as the server cuts it off), and a phone from a ninth machine asks
// GET /player (a 401 without its link: answered) 20 times, one a second, each on a new
// connection. Usage: node bench/held-connections.js [dist folder] (a build: `dist/` after
// `npx tsc -b tsconfig.build.json`, or another commit's). Prints the phone's statuses; nothing
// here is asserted by tests.
import console from "node:console";
import process from "node:process";
import { setTimeout } from "node:timers";
import { connect } from "node:net";
import { request } from "node:http";
import { serverBuild } from "./crowded-ambush.js";

const { buildApp, SqliteStore } = await serverBuild(process.argv[2]);
const app = await buildApp({
  store: new SqliteStore(":memory:"),
  ownMachine: (a) => a === "127.0.0.1",
});
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address();
let holding = true;
const hold = (from) => {
  const s = connect({ port, host: "127.0.0.1", localAddress: from });
  s.on("error", () => {});
  s.on("close", () => {
    if (holding) setTimeout(() => hold(from), 10);
  });
};
for (let m = 0; m < 8; m++) for (let c = 0; c < 64; c++) hold(`127.0.0.${2 + m}`);
await new Promise((r) => setTimeout(r, 2000));
const statuses = new Map();
for (let i = 0; i < 20; i++) {
  const status = await new Promise((ok) => {
    request(
      { host: "127.0.0.1", port, path: "/player", localAddress: "127.0.0.50", agent: false },
      (res) => {
        res.resume();
        res.on("end", () => ok(res.statusCode));
      },
    )
      .on("error", () => ok("error"))
      .end();
  });
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  await new Promise((r) => setTimeout(r, 1000));
}
holding = false;
console.log(process.argv[2] ?? "dist", [...statuses].map(([s, n]) => `${s}: ${n}`).join(", "));
await app.close().catch(() => {});
process.exit(0);
