// The GM's console (web/, docs/console.md): the built single-page app served from web/dist at
// `/`. Its own paths are hash routes (`/#/encounters/1`), so they never meet the API's routes.
// Each request looks at web/dist as it is then, so that `npm run build` while `fray serve` runs
// serves the new build on the next reload (its files have new names); without a build, `/` says
// how to make one and the API works as before. The files are held in memory (console-files.ts)
// and are the `consoleFile` routes a machine may still load while other machines flood the
// network (rate-limits.ts): a phone opening its player's link then gets its page.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyReply, FastifyRequest } from "fastify";
import { publicRoutes } from "./access.js";
import type { App } from "./app.js";
import { acceptedEncoding } from "./compressed-body.js";
import { ConsoleFiles } from "./console-files.js";
import { namesTag } from "./encounters.js";

/** web/dist, from src/server (tests) and from dist/server (the built package) alike. */
export const CONSOLE_DIR = fileURLToPath(new URL("../../web/dist/", import.meta.url));

export const NOT_BUILT =
  "Fray's console is not built (web/dist is missing): run `npm run build`, then reload this page.\n" +
  "The HTTP API works without it: see /openapi.json.\n";

/** An asset's name as the build makes them (`index-Dm4nsfui.js`): no folder, no leading dot. */
const ASSET_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export async function registerConsoleRoutes(app: App, root: string = CONSOLE_DIR): Promise<void> {
  const files = new ConsoleFiles();
  /**
   * Sends the file at `path` with `cacheControl` (a 304 to a client that has it), in the encoding
   * the client prefers of the build's copies; none there: `missing`.
   */
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    cacheControl: string,
    missing: () => FastifyReply,
  ) => {
    const file = files.file(path);
    if (file === undefined) return missing();
    void reply
      .header("vary", "accept-encoding")
      .header("cache-control", cacheControl)
      .header("etag", file.tag);
    if (namesTag(request.headers["if-none-match"], file.tag)) return reply.status(304).send();
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    const encoded = encoding === undefined ? undefined : file.encoded.get(encoding);
    void reply.type(file.type);
    if (encoding === undefined || encoded === undefined) return reply.send(file.plain);
    return reply.header("content-encoding", encoding).send(encoded);
  };
  // The files hold nothing of a fight, so anyone may load them (the page then asks for a
  // credential). The page is asked again on every load (a build replaces it); the assets, named
  // by their content, are kept. A file not there (an asset of an older build) is the API's JSON
  // 404, as is any other unknown path.
  await app.register(async (scope) => {
    publicRoutes(scope);
    const page = { schema: { hide: true }, config: { consoleFile: true } };
    const index = (request: FastifyRequest, reply: FastifyReply) =>
      send(request, reply, join(root, "index.html"), "no-cache", () =>
        reply.status(503).type("text/plain; charset=utf-8").send(NOT_BUILT),
      );
    scope.get("/", page, index);
    scope.get("/index.html", page, index);
    scope.get<{ Params: { "*": string } }>("/assets/*", page, (request, reply) => {
      const name = request.params["*"];
      const notFound = () => {
        reply.callNotFound();
        return reply;
      };
      if (!ASSET_NAME.test(name)) return notFound();
      return send(
        request,
        reply,
        join(root, "assets", name),
        "public, max-age=31536000, immutable",
        notFound,
      );
    });
  });
}
