// The GM's console (web/, docs/console.md): the built single-page app served from web/dist at
// `/`. Its own paths are hash routes (`/#/encounters/1`), so they never meet the API's routes.
// Without a build, `/` says how to make one and the API works as before.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import { publicRoutes } from "./access.js";
import type { App } from "./app.js";

/** web/dist, from src/server (tests) and from dist/server (the built package) alike. */
export const CONSOLE_DIR = fileURLToPath(new URL("../../web/dist/", import.meta.url));

export const NOT_BUILT =
  "Fray's console is not built (web/dist is missing): run `npm run build`, then restart `fray serve`.\n" +
  "The HTTP API works without it: see /openapi.json.\n";

export async function registerConsoleRoutes(app: App, root: string = CONSOLE_DIR): Promise<void> {
  if (!existsSync(join(root, "index.html"))) {
    app.get("/", { schema: { hide: true }, config: { access: "public" } }, (_, reply) =>
      reply.status(503).type("text/plain; charset=utf-8").send(NOT_BUILT),
    );
    return;
  }
  // One route per built file (no wildcard), so that unknown paths keep the API's JSON 404; the
  // files hold nothing of a fight, so anyone may load them (the page then asks for a credential).
  await app.register(async (scope) => {
    publicRoutes(scope);
    await scope.register(fastifyStatic, { root, wildcard: false });
  });
}
