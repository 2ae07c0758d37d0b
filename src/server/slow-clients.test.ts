// Slow and greedy clients (slow-clients.ts): a request must arrive in time, and one machine may
// hold only so many connections; the GM's own machine is never refused.
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import { handleError } from "./error-handler.js";
import {
  capBodies,
  capConnections,
  HEADERS_TIMEOUT_MS,
  isLoopback,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_CHECK_MS,
} from "./slow-clients.js";
import { testApp } from "./test-support/app.js";

let app: App;

beforeAll(async () => {
  app = await testApp();
});

afterAll(() => app.close());

describe("a slow client (slowloris)", () => {
  it("is cut off when its headers or its whole request take too long: the server's timeouts are set", () => {
    // Fastify's default is no limit at all on a request's arrival: a body sent a byte every few
    // seconds held its connection open for good (300 of them for 150 s, measured).
    expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(TIMEOUT_CHECK_MS).toBeLessThan(HEADERS_TIMEOUT_MS);
  });
});

/** Opens a connection and collects what the server writes until it closes it. */
/** A connection to the server, from `from` (another loopback address stands for another machine). */
function open(port: number, from = "127.0.0.1"): { socket: Socket; closed: Promise<string> } {
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  let text = "";
  socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(text)));
  return { socket, closed };
}

describe("connections from one address", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_, res) => res.end("ok"));
    capConnections(server, { perAddress: 2, inAll: 3, exempt: () => false });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("are refused past the limit with a 503 that says why, and taken again once one closes", async () => {
    const held = [open(port), open(port)];
    await Promise.all(held.map(({ socket }) => new Promise((r) => socket.once("connect", r))));
    const third = open(port);
    const answer = await third.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      error:
        "this address holds 2 connections to the server already, the most it takes from one machine",
      where: "server",
      hint: "close other tabs or programs that connect to it, and try again",
    });
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = open(port);
    again.socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(await again.closed).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*ok$/);
    held[1]!.socket.destroy();
    await held[1]!.closed;
    await new Promise((r) => setTimeout(r, 50));
  });

  it("are refused past the limit of every address together, many machines each within their own", async () => {
    // Four machines (127.0.0.2-5 stand for them), one connection each: the fourth is past 3 in
    // all with the first three's, each within its own 2.
    const held = [open(port, "127.0.0.2"), open(port, "127.0.0.5"), open(port, "127.0.0.3")];
    await Promise.all(held.map(({ socket }) => new Promise((r) => socket.once("connect", r))));
    const fourth = await open(port, "127.0.0.4").closed;
    expect(fourth).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(JSON.parse(fourth.slice(fourth.indexOf("\r\n\r\n") + 4))).toMatchObject({
      error:
        "the server holds 3 connections from the network already, the most it takes from every machine together",
      where: "server",
    });
    held[2]!.socket.destroy();
    await held[2]!.closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = open(port, "127.0.0.4");
    again.socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(await again.closed).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*ok$/);
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map(({ closed }) => closed));
    await new Promise((r) => setTimeout(r, 50));
  });

  it("past the limit of every address together, are taken in place of the oldest of a machine that holds more", async () => {
    // 127.0.0.2 holds two of the network's three (a few machines holding them all, idle or
    // sending their headers slowly, kept a phone out); 127.0.0.4, holding none, gets one: the
    // oldest of 127.0.0.2's is closed.
    const held = [open(port, "127.0.0.2"), open(port, "127.0.0.2"), open(port, "127.0.0.3")];
    await Promise.all(held.map(({ socket }) => new Promise((r) => socket.once("connect", r))));
    await new Promise((r) => setTimeout(r, 50));
    const phone = open(port, "127.0.0.4");
    phone.socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const answered = await new Promise<string>((resolve) =>
      phone.socket.once("data", (chunk: Buffer) => resolve(chunk.toString())),
    );
    expect(answered).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*ok$/);
    expect(await held[0]!.closed).toBe("");
    // Each now holds one: a fourth machine is refused, none holding more than it would.
    const fifth = await open(port, "127.0.0.5").closed;
    expect(fifth).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    for (const { socket } of [...held, phone]) socket.destroy();
    await Promise.all([...held, phone].map(({ closed }) => closed));
    await new Promise((r) => setTimeout(r, 50));
  });

  it("are never refused from this machine (the GM's browser): loopback is exempt by default", () => {
    expect(["127.0.0.1", "::1", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true);
    expect(["192.168.1.20", "::ffff:192.168.1.20", "fe80::1"].some(isLoopback)).toBe(false);
  });
});

describe("bodies from the network held at once", () => {
  it("are refused (429) past their limit in all while others are held, and taken again once those are answered", async () => {
    const server = Fastify();
    server.setErrorHandler(handleError);
    capBodies(server as unknown as App, 100, () => false);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    server.post("/held", async () => {
      await gate;
      return { ok: true };
    });
    server.post("/", () => ({ ok: true }));
    const body = JSON.stringify({ text: "x".repeat(60) }); // 73 bytes
    const held = server.inject({
      method: "POST",
      url: "/held",
      payload: body,
      headers: { "content-type": "application/json" },
    });
    await new Promise((r) => setTimeout(r, 50));
    const refused = await server.inject({
      method: "POST",
      url: "/",
      payload: body,
      headers: { "content-type": "application/json" },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("30");
    expect(refused.json()).toEqual({
      error:
        "the server holds 100 bytes of bodies from the network being sent already, the most it takes at once",
      where: "server",
      hint: "try again in 30 s",
    });
    open();
    expect((await held).statusCode).toBe(200);
    const again = await server.inject({
      method: "POST",
      url: "/",
      payload: body,
      headers: { "content-type": "application/json" },
    });
    expect(again.statusCode).toBe(200);
    await server.close();
  });
});
