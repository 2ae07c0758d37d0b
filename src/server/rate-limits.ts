// How often a client may ask (docs/http-api.md, "What the server withstands"): a player's link,
// a machine other than the server's own and all of those together, each at most so many requests
// in a window, past which the server answers 429 with Retry-After at once, before any work. A table's phone asks a few
// times a minute (its answers, a reload's reads, the poll that stands in while its stream is
// down); a phone or a page stuck in a loop asked hundreds of times a second, and every GM's read
// waited behind them (60-120 ms instead of 3-6). The GM's own machine (loopback) is not limited:
// another site's page cannot drive it (request-guard.ts), and the GM's console is the server's
// reason to be. A phone whose link opened its screen before, and the GM's secret from another
// laptop, are not counted with the network's machines: a flood from other machines took the whole
// network's window and refused the table's phones with it. Counting is @fastify/rate-limit's
// (fixed windows in a bounded LRU).
import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { App } from "./app.js";
import type { Vouched } from "./access.js";
import { BusyError } from "./errors.js";
import { isLoopback } from "./slow-clients.js";

export interface RateLimit {
  /** The most requests in one window. */
  readonly max: number;
  /** The window, in milliseconds. */
  readonly windowMs: number;
}

export interface RateLimits {
  /** Each player's link, wherever it is opened. */
  readonly link: RateLimit;
  /** Each machine other than the server's own, whatever it asks (a GM's laptop on the LAN too). */
  readonly machine: RateLimit;
  /** Every machine other than the server's own, together. */
  readonly network: RateLimit;
}

/**
 * A phone's busiest minute at a table is a reload (its page, its state, its stream) and a few
 * answers and rolls; 120 in 10 s is some twenty times that. A machine's covers a GM's console on
 * another laptop (a read every 1.5 s, the advisor, the panels) with its players' phones behind
 * one address. The network's, two machines at their most, is a table's many times over: 300
 * connections from 30 addresses, each within its machine's limit, kept the GM's own page waiting
 * 22-38 s (bench/many-machines.js, docs/benchmarks.md).
 */
export const RATE_LIMITS: RateLimits = {
  link: { max: 120, windowMs: 10_000 },
  machine: { max: 600, windowMs: 10_000 },
  network: { max: 1_200, windowMs: 10_000 },
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts every request of a machine other than the server's own before anything else looks at it
 * (a flood of unknown links is refused without looking them up), and every request a player's
 * link opened once it is known (`registerAfterAccess`).
 */
/** Whom the limits spare, and how far. */
export interface Spared {
  /** Whether a client's address is the server's own machine: not counted at all. */
  readonly ownMachine?: (address: string) => boolean;
  /**
   * Whom a request's credential shows, known without the store (access.ts's `Credentials`): the
   * network's limit does not count it; its machine's does, and a player's link's, before the
   * link is looked up.
   */
  readonly vouchedFor?: (request: FastifyRequest) => Vouched;
}

export async function registerRateLimits(
  app: App,
  limits: RateLimits,
  { ownMachine = isLoopback, vouchedFor = () => undefined }: Spared = {},
): Promise<{ readonly registerAfterAccess: () => void }> {
  await app.register(rateLimit, { global: false });
  /**
   * A hook that counts each request `keyOf` keys (none: not counted) against `limit`, refusing
   * one past it as coming from `who` (`where`), saying that `what` asks this often is stuck.
   */
  const counting = (
    limit: RateLimit,
    keyOf: (request: FastifyRequest) => string | undefined,
    who: (request: FastifyRequest) => string,
    where: string,
    what: string,
  ) => {
    const count = app.createRateLimit({
      keyGenerator: (request) => keyOf(request) ?? "",
      // (isAllowed: on the allow list, not counted.)
      allowList: (request) => keyOf(request) === undefined,
      max: limit.max,
      timeWindow: limit.windowMs,
    });
    return async (request: FastifyRequest) => {
      const counted = await count(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      const wait = seconds(counted.ttl);
      throw new BusyError(
        `too many requests from ${who(request)}: at most ${limit.max} in ${seconds(limit.windowMs)} s`,
        wait,
        where,
        `wait ${wait} s and try again; ${what} asks this often is stuck in a loop: reload it`,
      );
    };
  };
  const fromNetwork = (request: FastifyRequest) => !ownMachine(request.ip);
  app.addHook(
    "onRequest",
    counting(
      limits.machine,
      (request) => (fromNetwork(request) ? `machine ${request.ip}` : undefined),
      (request) => `this machine (${request.ip})`,
      "the machine's requests",
      "a page that",
    ),
  );
  const vouched = (request: FastifyRequest) =>
    fromNetwork(request) ? vouchedFor(request) : undefined;
  const knownLink = (request: FastifyRequest) => {
    const shown = vouched(request);
    return typeof shown === "object" ? shown : undefined;
  };
  // A link the network's limit does not count is counted before it is looked up: a player's
  // link used from many machines at once would otherwise cost a lookup a request.
  app.addHook(
    "onRequest",
    counting(
      limits.link,
      (request) => {
        const link = knownLink(request);
        return link === undefined ? undefined : `known link ${link.link}`;
      },
      (request) => `${knownLink(request)?.name ?? ""}'s link`,
      "the player's link",
      "a screen that",
    ),
  );
  // After the machine's own count, so that a machine past its limit is refused as such. A phone
  // at the table (its link opened its screen before) and the GM's laptop (the GM's secret) are
  // not counted: another machine's flood would refuse them for the rest of its window.
  app.addHook(
    "onRequest",
    counting(
      limits.network,
      (request) => (fromNetwork(request) && vouched(request) === undefined ? "network" : undefined),
      () => "the machines on the network together",
      "the network's requests",
      "a page or a program on one of them that",
    ),
  );
  const byLink = counting(
    limits.link,
    (request) => (request.playerLink === null ? undefined : `link ${request.playerLink.id}`),
    (request) => `${request.playerLink?.name ?? ""}'s link`,
    "the player's link",
    "a screen that",
  );
  return { registerAfterAccess: () => app.addHook("onRequest", byLink) };
}
