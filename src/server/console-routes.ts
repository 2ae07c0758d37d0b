// The GM's console (web/, docs/console.md): the built single-page app served from web/dist at
// `/`. Its own paths are hash routes (`/#/encounters/1`), so they never meet the API's routes.
// Each request reads web/dist as it is then, so that `npm run build` while `fray serve` runs
// serves the new build on the next reload (its files have new names); without a build, `/` says
// how to make one and the API works as before.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyReply } from "fastify";
import { publicRoutes } from "./access.js";
import type { App } from "./app.js";

/** web/dist, from src/server (tests) and from dist/server (the built package) alike. */
export const CONSOLE_DIR = fileURLToPath(new URL("../../web/dist/", import.meta.url));

export const NOT_BUILT =
  "Fray's console is not built (web/dist is missing): run `npm run build`, then reload this page.\n" +
  "The HTTP API works without it: see /openapi.json.\n";

export async function registerConsoleRoutes(app: App, root: string = CONSOLE_DIR): Promise<void> {
  // The files hold nothing of a fight, so anyone may load them (the page then asks for a
  // credential). The page is asked again on every load (a build replaces it); the assets, named
  // by their content, are kept. A file not there (an asset of an older build) is the API's JSON
  // 404, as is any other unknown path.
  await app.register(async (scope) => {
    publicRoutes(scope);
    // The build writes each file compressed beside it (web/vite.config.ts): sent to a browser
    // that accepts brotli or gzip (the console's JavaScript, 1.7 MB, is 0.4 MB in brotli).
    await scope.register(fastifyStatic, { root, serve: false, preCompressed: true });
    scope.addHook("onSend", (_request, reply, payload, done) => {
      void reply.header("vary", "accept-encoding");
      done(null, payload);
    });
    const page = { schema: { hide: true } };
    const index = (_: unknown, reply: FastifyReply) =>
      existsSync(join(root, "index.html"))
        ? reply
            .header("cache-control", "no-cache")
            .sendFile("index.html", root, { cacheControl: false })
        : reply.status(503).type("text/plain; charset=utf-8").send(NOT_BUILT);
    scope.get("/", page, index);
    scope.get("/index.html", page, index);
    scope.get<{ Params: { "*": string } }>("/assets/*", page, (request, reply) =>
      reply.sendFile(request.params["*"], join(root, "assets"), {
        immutable: true,
        maxAge: "1y",
      }),
    );
  });
}
