// Long replies made at each request (an encounter's GET, its log, the list of encounters, a
// player's screen) sent compressed to a client that accepts it, their ETag the same either way
// and a 304 answered to it compressed or not; short ones, and a client that accepts neither, as
// made (compressed-body.ts's registerReplyCompression).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import { createTombril, send, testApp } from "./test-support/app.js";

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { "fray-request": "1", ...headers } });

/** Tombril's fight played to its end by auto-play: replies of some kilobytes. */
async function played(): Promise<number> {
  const { id } = await createTombril(app);
  await send(app, "POST", `/encounters/${id}/autoplay`, { until: "end" });
  return id;
}

describe("a long reply made at each request", () => {
  it("is sent in brotli or gzip when the client accepts it, the same JSON, with Vary: Accept-Encoding and the same ETag", async () => {
    const id = await played();
    const url = `/encounters/${id}`;
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");
    expect(plain.rawPayload.length).toBeGreaterThan(5_000);
    const br = await get(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(url, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // The encounter's tag is weak (W/), the same whichever way it was sent.
    expect(br.headers.etag).toMatch(/^W\/"\d+\.2\.\d+"$/);
    expect(gz.headers.etag).toBe(br.headers.etag);
    expect(plain.headers.etag).toBe(br.headers.etag);
    // A client that accepts neither gets it as made.
    for (const accept of ["identity", "br;q=0, gzip;q=0", "deflate"])
      expect((await get(url, { "accept-encoding": accept })).headers["content-encoding"]).toBe(
        undefined,
      );
  });

  it("answers 304 to the tag it was sent with, compressed or not, weak or strong, alone or in a list", async () => {
    const id = await played();
    const url = `/encounters/${id}`;
    const tag = (await get(url, { "accept-encoding": "br" })).headers.etag as string;
    const strong = tag.replace(/^W\//, "");
    for (const held of [tag, strong, `"other", ${tag}`, "*"]) {
      const same = await get(url, { "accept-encoding": "gzip", "if-none-match": held });
      expect(same.statusCode).toBe(304);
      expect(same.rawPayload.length).toBe(0);
      expect(same.headers["content-encoding"]).toBeUndefined();
      expect(same.headers.etag).toBe(tag);
      expect(same.headers.vary).toBe("accept-encoding");
    }
    expect((await get(url, { "if-none-match": '"other"' })).statusCode).toBe(200);
    expect((await get(url, { "if-none-match": tag.replace(".2.", ".1.") })).statusCode).toBe(200);
  });

  it("the log, the list of encounters and a player's screen too; a short reply as made", async () => {
    const id = await played();
    for (let i = 0; i < 4; i++) await createTombril(app);
    const { token } = (
      await send<{ token: string }>(app, "POST", `/encounters/${id}/players`, {
        name: "Anna",
        side: "party",
      })
    ).body;
    const routes: [string, Record<string, string>][] = [
      [`/encounters/${id}/log`, {}],
      ["/encounters", {}],
      ["/player", { authorization: `Bearer ${token}` }],
    ];
    for (const [url, headers] of routes) {
      const plain = await get(url, headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const br = await get(url, { ...headers, "accept-encoding": "br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    }
    const missing = await get("/encounters/999", { "accept-encoding": "br" });
    expect(missing.statusCode).toBe(404);
    expect(missing.rawPayload.length).toBeLessThan(1024);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(missing.json()).toMatchObject({ where: "id" });
  });
});
