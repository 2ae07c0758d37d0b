// What one file of the console costs the server's thread (docs/http-api.md, "What the server
// withstands"): a phone opening its player's link loads the page and three assets (web/dist), and
// while other machines flood the network each machine may still load 20 of them in 10 s
// (rate-limits.ts), so what each costs is what a flood of them costs. Two servers in one process,
// each over HTTP on loopback, asking in turns: the console's routes as built (console-routes.ts:
// the files held in memory) and, as their peer, @fastify/static as the routes used it before
// (a look at each file and its compressed copy, then the file read and streamed). Each round asks
// for the four files of a phone's load (brotli accepted, as a phone does) ROUNDS times from one
// keep-alive connection; the CPU is the process's (server and client), per file.
// Needs the build (npm run build). Usage: node bench/console-files.js [rounds]. Prints Markdown
// for docs/benchmarks.md; nothing here is asserted by tests.
import console from "node:console";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { URL } from "node:url";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";

const ROUNDS = Number(process.argv[2] ?? 300);
const TURNS = 4;
const dist = (path) => new URL(`../dist/server/${path}`, import.meta.url).href;
const { CONSOLE_DIR, registerConsoleRoutes } = await import(dist("console-routes.js"));

/** The files a phone's load asks for: the page, then what it names. */
const page = readFileSync(join(CONSOLE_DIR, "index.html"), "utf8");
const FILES = ["/", ...[...page.matchAll(/(?:src|href)="\.(\/assets\/[^"]+)"/g)].map((m) => m[1])];

/** The routes as they were: @fastify/static's sendFile of the build's files. */
async function staticPeer() {
  const app = Fastify();
  await app.register(fastifyStatic, { root: CONSOLE_DIR, serve: false, preCompressed: true });
  app.get("/", (_, reply) =>
    reply
      .header("cache-control", "no-cache")
      .sendFile("index.html", CONSOLE_DIR, { cacheControl: false }),
  );
  app.get("/assets/*", (req, reply) =>
    reply.sendFile(req.params["*"], join(CONSOLE_DIR, "assets"), { immutable: true, maxAge: "1y" }),
  );
  return app;
}

async function consoleRoutes() {
  const app = Fastify();
  await registerConsoleRoutes(app);
  return app;
}

function get(port, path, agent) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, agent, headers: { "accept-encoding": "gzip, deflate, br" } },
      (res) => {
        let bytes = 0;
        res.on("data", (c) => (bytes += c.length));
        res.on("end", () =>
          res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path}: ${res.statusCode}`)),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** CPU (server and client) and wall per file, over ROUNDS loads of FILES. */
async function measure(port, agent) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  let bytes = 0;
  for (let r = 0; r < ROUNDS; r += 1)
    for (const path of FILES) bytes += await get(port, path, agent);
  const used = process.cpuUsage(cpu);
  const files = ROUNDS * FILES.length;
  return {
    cpu: (used.user + used.system) / 1000 / files,
    wall: (performance.now() - start) / files,
    bytes: bytes / ROUNDS,
  };
}

const servers = [];
for (const [name, make] of [
  ["@fastify/static (before)", staticPeer],
  ["held in memory (console-routes.ts)", consoleRoutes],
]) {
  const app = await make();
  await app.listen({ port: 0, host: "127.0.0.1" });
  servers.push({
    name,
    app,
    port: app.server.address().port,
    agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    runs: [],
  });
}
for (const s of servers) await measure(s.port, s.agent); // warm
for (let t = 0; t < TURNS; t += 1)
  for (const s of servers) s.runs.push(await measure(s.port, s.agent));
for (const s of servers) {
  s.agent.destroy();
  await s.app.close();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
console.log(
  `${FILES.length} files a load (${FILES.join(", ")}), ${ROUNDS} loads a turn, ${TURNS} turns each\n`,
);
console.log(
  "| served by | CPU a file (median of turns; each turn) | wall a file | bytes a load (brotli) |",
);
console.log("| --- | --: | --: | --: |");
for (const s of servers)
  console.log(
    `| ${s.name} | ${median(s.runs.map((r) => r.cpu)).toFixed(3)} ms (${s.runs.map((r) => r.cpu.toFixed(3)).join(", ")}) | ${median(s.runs.map((r) => r.wall)).toFixed(3)} ms | ${Math.round(s.runs[0].bytes).toLocaleString("en")} |`,
  );
console.log(
  `\nload ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
