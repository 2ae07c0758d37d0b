// Replies a client does not read (unread-replies.ts): the bytes the server holds for machines on
// the network that do not take their replies are bounded, and such a reply's connection is closed
// past its time; the GM's own machine is never refused.
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "./app.js";
import { SqliteStore } from "./sqlite-store.js";
import { CLOCK } from "./test-support/app.js";
import { capUnreadReplies, UNREAD_REPLY_BYTES_PER_ADDRESS, UnreadBytes } from "./unread-replies.js";

/** A request for the OpenAPI description as made (435 KB), which a client need not read. */
const ASK = "GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

describe("replies a machine on the network does not read", () => {
  let app: App;
  let port: number;
  /** The replies sent (their onSend: status and body), by the address that asked. */
  const answered = new Map<string, { status: number; body: string }[]>();
  const serverSockets = new Set<Socket>();
  /** The replies under way (until they close): those waiting for their connection hold bytes. */
  const underWay = new Set<ServerResponse>();

  beforeAll(async () => {
    const store = new SqliteStore(":memory:", CLOCK);
    app = await buildApp({ store, ownMachine: (address) => address === "127.0.0.1" });
    app.addHook("onClose", () => store.close());
    app.addHook("onSend", async (request, reply, payload) => {
      const from = request.socket.remoteAddress ?? "";
      const body = Buffer.isBuffer(payload) ? payload.toString() : String(payload);
      answered.get(from)?.push({ status: reply.statusCode, body });
      return payload;
    });
    app.addHook("onRequest", async (_request, reply) => {
      underWay.add(reply.raw);
      reply.raw.once("close", () => underWay.delete(reply.raw));
    });
    app.server.on("connection", (socket: Socket) => {
      serverSockets.add(socket);
      socket.once("close", () => serverSockets.delete(socket));
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(() => app.close());

  /**
   * Sends `times` requests at once on one connection from `from`, reads nothing, and once the
   * server has answered them all gives what it holds unsent and the replies it sent.
   */
  async function askUnread(from: string, times: number) {
    const socket: Socket = connect({ port, host: "127.0.0.1", localAddress: from });
    await new Promise((resolve) => socket.once("connect", resolve));
    const sent: { status: number; body: string }[] = [];
    answered.set(from, sent);
    socket.write(ASK.repeat(times));
    while (sent.length < times) await new Promise((r) => setTimeout(r, 50));
    // What the server holds unsent: its end of this connection's, and the replies asked for on
    // it that wait for their turn (no other connection is open).
    const held =
      [...serverSockets].find((s) => s.remotePort === socket.localPort)!.writableLength +
      [...underWay].filter((r) => r.socket === null).reduce((n, r) => n + r.writableLength, 0);
    socket.destroy();
    return { held, replies: sent };
  }

  it("holds at most 8 MB of one machine's replies, and answers the rest 503 at once", async () => {
    // 100 descriptions asked at once, 43 MB: the server made and held them all (what the system's
    // buffers did not take), 35 MB and more on one connection of the 512 the network may hold.
    const { held, replies: read } = await askUnread("127.0.0.2", 100);
    expect(held).toBeLessThanOrEqual(UNREAD_REPLY_BYTES_PER_ADDRESS);
    expect(read).toHaveLength(100);
    const refused = read.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(JSON.parse(refused[0]!.body)).toEqual({
      error:
        "this machine has 8 MB of replies it has not taken yet, the most the server holds for one machine",
      where: "server",
      hint: "read the replies already asked for, or close the connections that do not, then ask again",
    });
    // Those sent are the description.
    const sent = read.filter((r) => r.status === 200);
    expect(sent.length).toBeGreaterThan(0);
    for (const reply of sent) expect(reply.body.length).toBeGreaterThan(400_000);
  });

  it("never refuses the GM's own machine", async () => {
    const { replies: read } = await askUnread("127.0.0.1", 40);
    expect(read.map((r) => r.status)).toEqual(Array(40).fill(200));
  });
});

describe("a reply not taken in its time", () => {
  it("has its connection closed, which lets its bytes go", async () => {
    const app = Fastify();
    const room = 64 * 1024 * 1024;
    capUnreadReplies(
      app,
      new UnreadBytes({ timeoutMs: 300, perAddress: room, inAll: room, exempt: () => false }),
    );
    const big = Buffer.alloc(32 * 1024 * 1024, "x");
    app.get("/", (_, reply) => reply.type("text/plain").send(big));
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const { port } = app.server.address() as AddressInfo;
      const socket = connect({ port, host: "127.0.0.1" });
      socket.on("error", () => {});
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      const connections = () =>
        new Promise<number>((resolve, reject) =>
          app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      const start = Date.now();
      while ((await connections()) === 0) await new Promise((r) => setTimeout(r, 20));
      while ((await connections()) > 0 && Date.now() - start < 10_000)
        await new Promise((r) => setTimeout(r, 50));
      expect(await connections()).toBe(0);
      expect(Date.now() - start).toBeGreaterThanOrEqual(250);
      socket.destroy();
    } finally {
      await app.close();
    }
  });
});

describe("replies waiting behind others on a connection that closes", () => {
  it("let their bytes go when it closes, not at their time", async () => {
    // Three 8 MB replies asked at once on one connection that reads nothing: the first is sent as
    // far as it goes, the two behind it wait for their turn. Before, when the connection closed
    // the last waiting one was never let go (its reply never closes): its machine kept 8 MB of
    // its 24 (past the replies' time too, since a reply destroyed before its turn never closes),
    // and a 24 MB reply was refused while nothing was sent to it any more.
    const app = Fastify();
    const room = 24 * 1024 * 1024;
    const unread = new UnreadBytes({
      timeoutMs: 60_000,
      perAddress: room,
      inAll: room,
      exempt: () => false,
    });
    capUnreadReplies(app, unread);
    const sent: number[] = [];
    app.addHook("onSend", async (_request, reply, payload) => {
      sent.push(reply.statusCode);
      return payload;
    });
    app.get<{ Params: { mb: string } }>("/:mb", (request, reply) =>
      reply.type("text/plain").send(Buffer.alloc(Number(request.params.mb) * 1024 * 1024, "x")),
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const { port } = app.server.address() as AddressInfo;
      const socket = connect({ port, host: "127.0.0.1" });
      socket.on("error", () => {});
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.pause();
      socket.write("GET /8 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(3));
      while (sent.length < 3) await new Promise((r) => setTimeout(r, 20));
      expect(sent).toEqual([200, 200, 200]);
      expect(unread.past("127.0.0.1", 1)).toBe("machine");
      socket.destroy();
      const connections = () =>
        new Promise<number>((resolve, reject) =>
          app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      while ((await connections()) > 0) await new Promise((r) => setTimeout(r, 20));
      // The whole room is free again, at once: a 24 MB reply is sent.
      const reply = await fetch(`http://127.0.0.1:${port}/24`);
      expect(reply.status).toBe(200);
      expect((await reply.arrayBuffer()).byteLength).toBe(room);
    } finally {
      await app.close();
    }
  });
});
