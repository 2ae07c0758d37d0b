// Who may ask what (docs/http-api.md, "Who may ask"). Every route is the GM's unless its config
// says `access: "player"` (a player's link opens it, and only it) or `"public"` (the console's
// files, the OpenAPI description). A request shows its credential as `Authorization: Bearer
// <credential>`: the GM's secret, or a player's token. Without a GM secret (a server on loopback
// that was given none) the local GM is trusted, but a player's token still opens only the
// player's routes.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { App } from "./app.js";
import { ForbiddenError, UnauthorizedError } from "./errors.js";
import type { PlayerLink, PlayerLinkStore } from "./player-link-store.js";
import { isPlayerToken, isSecret, secretHash, tokenHash } from "./tokens.js";

export type Access = "gm" | "player" | "public";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; the GM when not given. */
    readonly access?: Access;
  }
  interface FastifyRequest {
    /** The player's link that opened a player's route. */
    playerLink: PlayerLink | null;
  }
}

export interface AccessOptions {
  /** The GM's secret; null: the local GM is trusted (loopback, nothing configured). */
  readonly gmSecret: string | null;
  readonly links: PlayerLinkStore;
}

const GM_HINT =
  "open the GM's link that `fray serve` printed, or send the header Authorization: Bearer <the GM's secret>";
const PLAYER_HINT = "open your link again, or ask the GM for a new one (the GM's page, Players)";

/** The credential a request shows, if any. */
export function credentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match === null ? "" : match[1];
}

/** Who may call the route a request is for; a route that does not exist is public (its 404). */
export function accessOf(request: FastifyRequest): Access {
  return request.is404 ? "public" : (request.routeOptions.config.access ?? "gm");
}

/** The player's link a token opens: refused without one, or with one unknown or revoked. */
export async function playerLinkOf(
  links: PlayerLinkStore,
  credential: string | undefined,
): Promise<PlayerLink> {
  if (credential === undefined) {
    throw new UnauthorizedError(
      "a player's screen needs the player's link",
      "Authorization",
      PLAYER_HINT,
    );
  }
  if (!isPlayerToken(credential)) {
    throw new ForbiddenError(
      "the player's routes take a player's link, not the GM's secret",
      "Authorization",
      "the GM reads GET /encounters/:id",
    );
  }
  const link = await links.byTokenHash(tokenHash(credential));
  if (link === undefined) {
    throw new UnauthorizedError(
      "this player's link is not known here (mistyped, or its encounter was deleted)",
      "Authorization",
      PLAYER_HINT,
    );
  }
  if (link.revokedAt !== null) {
    throw new ForbiddenError(
      `this player's link (${link.name}) was revoked by the GM`,
      "Authorization",
      "ask the GM for a new link",
    );
  }
  return link;
}

function checkGm(credential: string | undefined, secret: Buffer | null): void {
  if (credential !== undefined && isPlayerToken(credential)) {
    throw new ForbiddenError(
      "a player's link opens only the player's screen (GET /player), not the GM's routes",
      "Authorization",
      "the GM's console needs the GM's link",
    );
  }
  if (secret === null) return;
  if (credential === undefined) {
    throw new UnauthorizedError(
      "this route is the GM's: it needs the GM's secret",
      "Authorization",
      GM_HINT,
    );
  }
  if (!isSecret(credential, secret)) {
    throw new UnauthorizedError(
      "this is not the GM's secret (a server given none makes a new one at each start)",
      "Authorization",
      GM_HINT,
    );
  }
}

export function registerAccess(app: App, options: AccessOptions): void {
  const secret = options.gmSecret === null ? null : secretHash(options.gmSecret);
  app.decorateRequest("playerLink", null);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const access = accessOf(request);
      const credential = credentialOf(request);
      if (access === "player") request.playerLink = await playerLinkOf(options.links, credential);
      else if (access === "gm") checkGm(credential, secret);
    } catch (error) {
      if (error instanceof UnauthorizedError)
        void reply.header("www-authenticate", 'Bearer realm="fray"');
      throw error;
    }
  });
}

/** Makes every route registered in `scope` public (the console's files). */
export function publicRoutes(scope: App): void {
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, access: "public" };
  });
}
