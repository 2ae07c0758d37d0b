import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { App } from "./app.js";
import { acceptedEncoding } from "./compressed-body.js";
import { createTombril, send, testApp } from "./test-support/app.js";

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const ROUTES = [
  "GET /rulesets",
  "GET /rulesets/{id}",
  "GET /rulesets/{id}/examples",
  "GET /rulesets/{id}/examples/{file}",
  "GET /rosters",
  "POST /rosters",
  "GET /rosters/{id}",
  "DELETE /rosters/{id}",
  "POST /encounters/check",
  "GET /encounters",
  "POST /encounters",
  "POST /encounters/from-log",
  "GET /encounters/{id}",
  "DELETE /encounters/{id}",
  "POST /encounters/{id}/again",
  "POST /encounters/{id}/answer",
  "POST /encounters/{id}/policy",
  "POST /encounters/{id}/roll",
  "POST /encounters/{id}/autoplay",
  "POST /encounters/{id}/undo",
  "POST /encounters/{id}/redo",
  "PUT /encounters/{id}/tactics",
  "POST /encounters/{id}/reroll",
  "POST /encounters/{id}/branch",
  "GET /encounters/{id}/log",
  "GET /encounters/{id}/advice",
  "POST /encounters/{id}/simulations",
  "POST /encounters/{id}/fight-odds",
  "POST /encounters/{id}/fight-odds/jobs",
  "GET /encounters/{id}/fight-odds/jobs/{job}",
  "DELETE /encounters/{id}/fight-odds/jobs/{job}",
  "GET /encounters/{id}/events",
  "GET /encounters/{id}/players",
  "POST /encounters/{id}/players",
  "DELETE /encounters/{id}/players/{player}",
  "GET /player",
  "GET /player/events",
  "POST /player/answer",
  "POST /player/roll",
  "POST /player/policy",
  "GET /encounters/{id}/gm",
  "POST /encounters/{id}/changes",
  "POST /exchange-odds",
  "POST /simulations",
];

interface Operation {
  summary?: string;
  responses?: Record<string, unknown>;
}

describe("the OpenAPI description at /openapi.json", () => {
  it("lists every route, each with a summary and its success response", async () => {
    const res = await app.inject({ method: "GET", url: "/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual([...ROUTES].sort());
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const url = path.replace(/\{(\w+)\}/g, ":$1");
        expect(
          app.hasRoute({ method: method.toUpperCase() as "GET", url }),
          `${method} ${url}`,
        ).toBe(true);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(Object.keys(op.responses ?? {}).some((s) => /^20[0124]$/.test(s))).toBe(true);
      }
    }
  });

  it("is sent compressed when the client accepts it: brotli or gzip, the same text, a thirtieth of the size", async () => {
    const get = (encoding?: string) =>
      app.inject({
        method: "GET",
        url: "/openapi.json",
        headers: encoding === undefined ? {} : { "accept-encoding": encoding },
      });
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");
    const text = plain.body;
    expect(text.length).toBeGreaterThan(400_000);
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(br.rawPayload.length).toBeLessThan(text.length / 30);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);
    const gzip = await get("gzip;q=1, br;q=0.5");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.rawPayload.length).toBeLessThan(text.length / 15);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
    // Made once: the second brotli reply is the first's bytes.
    expect((await get("br")).rawPayload.equals(br.rawPayload)).toBe(true);
    expect((await get("identity")).body).toBe(text);
  });

  it("says what the replies that carry a seed hold, checked against real replies at the seed's extremes", async () => {
    const doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    /** The reply `status` of `method path` as its description says, made a zod schema. */
    const described = (method: string, path: string, status: string) => {
      const reply = doc.paths[path]?.[method]?.responses[status] as {
        content: Record<string, { schema: Parameters<typeof z.fromJSONSchema>[0] }>;
      };
      return z.fromJSONSchema(reply.content["application/json"]!.schema);
    };
    const most = Number.MAX_SAFE_INTEGER;
    const created = await createTombril(app, most);
    expect(created.seed).toBe(most);
    expect(described("post", "/encounters", "201").safeParse(created).error).toBeUndefined();
    const read = await send(app, "GET", `/encounters/${created.id}`);
    expect(read.body.seed).toBe(most);
    expect(described("get", "/encounters/{id}", "200").safeParse(read.body).error).toBeUndefined();
    const branch = await send(app, "POST", `/encounters/${created.id}/branch`, {
      at: 0,
      seed: -most,
    });
    expect(branch.body.seed).toBe(-most);
    const branched = described("post", "/encounters/{id}/branch", "201");
    expect(branched.safeParse(branch.body).error).toBeUndefined();
    // What the description says of a seed is what a request may send, and no more: a seed past
    // 2^53 - 1, which JSON cannot carry exactly, or one written as a text, is no reply's.
    for (const seed of [most + 1, String(most), 1.5]) {
      expect(branched.safeParse({ ...branch.body, seed }).success, String(seed)).toBe(false);
    }
    // The fight again refuses such a seed in the words the others do (it said zod's "Too big:
    // expected int to be <=9007199254740991").
    const again = await send<{ error: string }>(app, "POST", `/encounters/${created.id}/again`, {
      seed: most + 1,
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(
      `body: seed: a seed is a whole number from -${most} to ${most} (2^53 - 1): write one in that range, or leave seed out (the same dice as this encounter's)`,
    );
  });

  it("every route is documented in docs/http-api.md", () => {
    const docs = readFileSync(
      fileURLToPath(new URL("../../docs/http-api.md", import.meta.url)),
      "utf8",
    );
    for (const route of ROUTES) {
      expect(docs).toContain(`\`${route.replace(/\{(\w+)\}/g, ":$1")}\``);
    }
  });
});

describe("the encoding a client accepts", () => {
  it("is brotli or gzip by their weights, brotli at equal weight, none refused or unknown", () => {
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding("")).toBeUndefined();
    expect(acceptedEncoding("identity")).toBeUndefined();
    expect(acceptedEncoding("deflate")).toBeUndefined();
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("GZIP ;Q=0.8")).toBe("gzip");
    expect(acceptedEncoding("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(acceptedEncoding("br;q=0, *")).toBe("gzip");
    expect(acceptedEncoding("*;q=0.5, br;q=0.5")).toBe("br");
  });
});
