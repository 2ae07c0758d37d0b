// The reply cap: a reply over it becomes a short 422 saying its size and the cap; one within it,
// or a stream (the console's files), goes out as it is.
import { Readable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { MAX_REPLY_BYTES, registerReplyCap } from "./reply-cap.js";

describe("the reply cap", () => {
  it("replaces a reply over it by a 422 with its size, and lets the others through", async () => {
    const app = Fastify();
    registerReplyCap(app, 2 * 1024 * 1024);
    app.get("/big", () => ({ log: "x".repeat(3 * 1024 * 1024) }));
    app.get("/small", () => ({ log: "x".repeat(1024) }));
    app.get("/stream", () => Readable.from(["x".repeat(3 * 1024 * 1024)]));
    const big = await app.inject({ method: "GET", url: "/big" });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual({
      error: "the reply would be 3.0 MB, over the limit of 2.0 MB a reply",
      where: "server",
      hint: "ask for a part: the log alone (GET /encounters/:id/log), or branch the fight at an earlier answer; or start the server with fray serve --max-reply-mb <MB>",
    });
    const small = await app.inject({ method: "GET", url: "/small" });
    expect(small.statusCode).toBe(200);
    expect(small.json<{ log: string }>().log.length).toBe(1024);
    const stream = await app.inject({ method: "GET", url: "/stream" });
    expect(stream.statusCode).toBe(200);
    expect(stream.body.length).toBe(3 * 1024 * 1024);
    await app.close();
  });

  it("is 32 MB on the server, unless FRAY_MAX_REPLY_MB (fray serve --max-reply-mb) says", async () => {
    expect(MAX_REPLY_BYTES).toBe(32 * 1024 * 1024);
    vi.stubEnv("FRAY_MAX_REPLY_MB", "1");
    const app = Fastify();
    registerReplyCap(app);
    vi.unstubAllEnvs();
    app.get("/big", () => ({ log: "x".repeat(2 * 1024 * 1024) }));
    const big = await app.inject({ method: "GET", url: "/big" });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toMatchObject({
      error: "the reply would be 2.0 MB, over the limit of 1.0 MB a reply",
    });
    await app.close();
  });
});
