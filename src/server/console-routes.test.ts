import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import { NOT_BUILT, registerConsoleRoutes } from "./console-routes.js";
import { testApp } from "./test-support/app.js";

let app: App | undefined;
afterEach(() => app?.close());

async function consoleOn(root: string): Promise<App> {
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  await registerConsoleRoutes(app, root);
  return app;
}

describe("the console's files at /", () => {
  it("serves the built console: its page at / and its assets", async () => {
    const root = mkdtempSync(join(tmpdir(), "fray-web-"));
    mkdirSync(join(root, "assets"));
    writeFileSync(join(root, "index.html"), "<!doctype html><title>Fray console</title>");
    writeFileSync(join(root, "assets", "index-1.js"), "console.log(1)");
    const served = await consoleOn(root);
    const page = await served.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Fray console");
    const script = await served.inject({ method: "GET", url: "/assets/index-1.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toContain("javascript");
  });

  it("sends the build's compressed files to a browser that accepts them, kept a year, and the file as built to one that does not", async () => {
    const root = mkdtempSync(join(tmpdir(), "fray-web-"));
    mkdirSync(join(root, "assets"));
    const script = `console.log("${"the console ".repeat(200)}")`;
    const path = join(root, "assets", "index-1.js");
    writeFileSync(path, script);
    writeFileSync(`${path}.br`, brotliCompressSync(script));
    writeFileSync(`${path}.gz`, gzipSync(script));
    writeFileSync(join(root, "assets", "small-1.js"), "console.log(1)");
    const served = await consoleOn(root);
    const get = (url: string, encoding?: string) =>
      served.inject({
        method: "GET",
        url,
        headers: encoding === undefined ? {} : { "accept-encoding": encoding },
      });
    const br = await get("/assets/index-1.js", "gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gzip = await get("/assets/index-1.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.rawPayload.equals(gzipSync(script))).toBe(true);
    const plain = await get("/assets/index-1.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");
    expect(plain.body).toBe(script);
    // A file the build did not compress (under a kilobyte) is sent as built.
    const small = await get("/assets/small-1.js", "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe("console.log(1)");
  });

  it("serves a build made while it runs, without a restart: the new page, its new assets", async () => {
    const root = mkdtempSync(join(tmpdir(), "fray-web-"));
    const served = await consoleOn(root);
    // Started before any build: the page says to build it.
    expect((await served.inject({ method: "GET", url: "/" })).statusCode).toBe(503);
    const build = (n: number) => {
      rmSync(join(root, "assets"), { recursive: true, force: true });
      mkdirSync(join(root, "assets"));
      writeFileSync(join(root, "index.html"), `<script src="/assets/index-${n}.js"></script>`);
      writeFileSync(join(root, "assets", `index-${n}.js`), `console.log(${n})`);
    };
    const tags: string[] = [];
    for (const n of [1, 2]) {
      build(n);
      const page = await served.inject({ method: "GET", url: "/" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`index-${n}.js`);
      // Asked again on every load; the assets, named by their content, kept a year.
      expect(page.headers["cache-control"]).toBe("no-cache");
      // A browser that has this build's page is told so (304); the next build's is sent.
      const again = await served.inject({
        method: "GET",
        url: "/",
        headers: { "if-none-match": String(page.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      tags.push(String(page.headers.etag));
      const script = await served.inject({ method: "GET", url: `/assets/index-${n}.js` });
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe(`console.log(${n})`);
      expect(script.headers["cache-control"]).toContain("immutable");
    }
    expect(tags[1]).not.toBe(tags[0]);
    // The first build's asset is gone with it.
    expect((await served.inject({ method: "GET", url: "/assets/index-1.js" })).statusCode).toBe(
      404,
    );
    expect(
      (await served.inject({ method: "GET", url: "/assets/..%2F..%2Fetc%2Fpasswd" })).statusCode,
    ).not.toBe(200);
  });

  it("says to run npm run build when the console is not built", async () => {
    const missing = await consoleOn(join(tmpdir(), "fray-no-such-web-dist"));
    const page = await missing.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(503);
    expect(page.body).toBe(NOT_BUILT);
    expect(page.body).toContain("npm run build");
  });

  it("leaves the API's routes and its JSON 404 as they were", async () => {
    app = await testApp();
    const list = await app.inject({ method: "GET", url: "/encounters" });
    expect(list.json()).toEqual({ encounters: [] });
    const unknown = await app.inject({ method: "GET", url: "/console/nothing" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: "no route GET /console/nothing", where: "url" });
  });
});
