// Who may ask what (docs/http-api.md, "Who may ask"). Every route is the GM's unless its config
// says `access: "player"` (a player's link opens it, and only it) or `"public"` (the console's
// files, the OpenAPI description). A request shows its credential as `Authorization: Bearer
// <credential>`: the GM's secret, or a player's token. Without a GM secret (a server on loopback
// that was given none) the local GM is trusted, but a player's token still opens only the
// player's routes.
import type { FastifyReply, FastifyRequest } from "fastify";
import { Memo } from "../engine/memo.js";
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
  readonly credentials: Credentials;
  readonly links: PlayerLinkStore;
}

/**
 * How many players' links the server remembers having opened their screen (`Credentials`): a
 * table's few, of many tables at once; the least recently seen leaves first.
 */
export const LINKS_REMEMBERED = 1_000;

/**
 * Whom a request's credential shows, known without the store: a player's link that opened its
 * screen here (its token's SHA-256 and the player's name), the GM (the secret), or none known.
 */
export type Vouched = { readonly link: string; readonly name: string } | "gm" | undefined;

/**
 * The credentials the server knows without asking its store: the GM's secret, and the players'
 * tokens (their SHA-256) that opened their screen here since the server started and were not
 * refused since. The network's rate limit (rate-limits.ts) does not count a request that shows
 * one for its own kind of route, so that the phones at the table and the GM's laptop on the LAN
 * are answered while other machines flood the server; a made-up token is never remembered.
 */
export class Credentials {
  /** The GM secret's SHA-256; null: the local GM is trusted (loopback, nothing configured). */
  readonly secret: Buffer | null;
  /** The player's name, by the SHA-256 of a token that opened its screen. */
  private readonly links = new Memo<string, string>(LINKS_REMEMBERED);

  constructor(gmSecret: string | null) {
    this.secret = gmSecret === null ? null : secretHash(gmSecret);
  }

  /**
   * Whom `request` shows, for a route of its kind: a player's token that opened its screen here
   * on a player's route, the GM's secret on a GM's route; neither needs the store to be told
   * from a made-up one.
   */
  vouchedFor(request: FastifyRequest): Vouched {
    const credential = credentialOf(request);
    if (credential === undefined || credential === "") return undefined;
    switch (accessOf(request)) {
      case "player": {
        if (!isPlayerToken(credential)) return undefined;
        const link = tokenHash(credential);
        const name = this.links.peek(link);
        return name === undefined ? undefined : { link, name };
      }
      case "gm":
        return this.secret !== null &&
          !isPlayerToken(credential) &&
          isSecret(credential, this.secret)
          ? "gm"
          : undefined;
      case "public":
        return undefined;
    }
  }

  /**
   * The player's token `request` shows on a player's route, if any, whether remembered or not:
   * what `lookUp` may look up.
   */
  playerTokenOf(request: FastifyRequest): string | undefined {
    const credential = credentialOf(request);
    return credential !== undefined && accessOf(request) === "player" && isPlayerToken(credential)
      ? credential
      : undefined;
  }

  /**
   * Whom player's token `token` shows when it is not remembered (a phone opening its link for
   * the first time since the server started): its link in `links`, by its SHA-256 (one indexed
   * read), remembered as opened if it is there and not revoked; else none.
   */
  async lookUp(token: string, links: PlayerLinkStore): Promise<Vouched> {
    const hash = tokenHash(token);
    const link = await links.byTokenHash(hash);
    if (link === undefined || link.revokedAt !== null) return undefined;
    this.links.put(hash, link.name);
    return { link: hash, name: link.name };
  }

  /** Remembers that player's token `token` opened `link`'s screen (the most recently seen). */
  opened(token: string, link: PlayerLink): void {
    this.links.put(tokenHash(token), link.name);
  }

  /** Forgets player's token `token` (unknown, revoked). */
  refused(token: string): void {
    this.links.delete(tokenHash(token));
  }
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
      "this is not the GM's secret of this server (the GM's link its start printed holds it)",
      "Authorization",
      GM_HINT,
    );
  }
}

export function registerAccess(app: App, options: AccessOptions): void {
  const { credentials } = options;
  app.decorateRequest("playerLink", null);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const access = accessOf(request);
    const credential = credentialOf(request);
    try {
      if (access === "player") {
        const link = await playerLinkOf(options.links, credential);
        request.playerLink = link;
        if (credential !== undefined) credentials.opened(credential, link);
      } else if (access === "gm") checkGm(credential, credentials.secret);
    } catch (error) {
      if (access === "player" && credential !== undefined) credentials.refused(credential);
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
