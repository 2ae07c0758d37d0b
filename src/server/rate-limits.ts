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
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyRequest } from "fastify";
import { Memo } from "../engine/memo.js";
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
  /**
   * Each machine's player's tokens looked up past the network's limit: a phone opening its link
   * for the first time while other machines flood the network.
   */
  readonly firstOpening: RateLimit;
  /**
   * Each machine's files of the console (its page and assets, held in memory) past the network's
   * limit: a phone loading its player's link's page while other machines flood the network.
   */
  readonly consoleFiles: RateLimit;
  /** How long after a machine's refusal on the network its next refusal is answered. */
  readonly refusedAgainMs: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A file of the console's build (console-routes.ts), counted past the network's limit apart. */
    readonly consoleFile?: boolean;
  }
}

/**
 * How long after a machine's refusal on the network its next refusal is answered: a client that
 * asks again the moment it is refused (a flood of 300 connections from 30 machines got 1,487
 * refusals a second, each a turn of the server's one thread that the GM's page waited behind)
 * is refused once a second, however many connections it holds or opens (held by the connection,
 * each of a machine's connections was refused once a second, and a flood opening a new one for
 * each request was never held). A machine's first refusal is answered at once, as are the GM's
 * own machine (never counted) and the GM's secret; the waits are on timers, the thread free
 * meanwhile, and at most a machine's 64 connections wait.
 */
export const REFUSED_AGAIN_MS = 1_000;

/**
 * How long a machine refused is remembered as such (`REFUSED_AGAIN_MS`): the machines' window,
 * so that a flood refused by its machine's limit is held for the rest of it.
 */
export const REFUSED_REMEMBERED_MS = 10_000;

/**
 * The machines refused lately that the server remembers, the least recently refused leaving
 * first: a LAN's machines many times over; a flood from more addresses than these has each's
 * first refusal at once, each costing a turn of the thread as any request does.
 */
export const REFUSED_MACHINES_REMEMBERED = 10_000;

/**
 * A phone's busiest minute at a table is a reload (its page, its state, its stream) and a few
 * answers and rolls; 120 in 10 s is some twenty times that. A machine's covers a GM's console on
 * another laptop (a read every 1.5 s, the advisor, the panels) with its players' phones behind
 * one address. The network's, two machines at their most, is a table's many times over: 300
 * connections from 30 addresses, each within its machine's limit, kept the GM's own page waiting
 * 22-38 s (bench/many-machines.js, docs/benchmarks.md). It is counted by the second, so that a
 * flood's allowed requests come a second's worth at a time: 1,200 in 10 s let a window's requests
 * come in one burst, which the GM's GET waited behind (its slowest 1.2-8.3 s, 0.73-0.76 s by the
 * second). A phone's first opening is a read or
 * two (its screen, its stream) before its link is known; 10 lets a machine retry, and the flood's
 * 30 machines cost at most 30 indexed reads a second. A phone's page is four files of the
 * console's (its HTML, script, style and the script's runtime): 20 is five loads, and the flood's
 * 30 machines cost at most 60 files a second, each sent from memory.
 */
export const RATE_LIMITS: RateLimits = {
  link: { max: 120, windowMs: 10_000 },
  machine: { max: 600, windowMs: 10_000 },
  network: { max: 120, windowMs: 1_000 },
  firstOpening: { max: 10, windowMs: 10_000 },
  consoleFiles: { max: 20, windowMs: 10_000 },
  refusedAgainMs: REFUSED_AGAIN_MS,
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
  /**
   * A phone's first opening past the network's limit: the player's token a request shows on a
   * player's route (none: nothing to look up), and whom it shows once looked up in the store
   * (access.ts's `Credentials`).
   */
  readonly firstOpening?: {
    readonly tokenOf: (request: FastifyRequest) => string | undefined;
    readonly lookUp: (token: string) => Promise<Vouched>;
  };
}

export async function registerRateLimits(
  app: App,
  limits: RateLimits,
  {
    ownMachine = isLoopback,
    vouchedFor = () => undefined,
    firstOpening = { tokenOf: () => undefined, lookUp: () => Promise.resolve(undefined) },
  }: Spared = {},
): Promise<{ readonly registerAfterAccess: () => void }> {
  await app.register(rateLimit, { global: false });
  /**
   * Counts each request `keyOf` keys (none: not counted) against `limit`: the refusal of one past
   * it, as coming from `who` (`where`), saying that `what` asks this often is stuck; else none.
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
    return async (request: FastifyRequest): Promise<BusyError | undefined> => {
      const counted = await count(request);
      if (counted.isAllowed || !counted.isExceeded) return undefined;
      const wait = seconds(counted.ttl);
      return new BusyError(
        `too many requests from ${who(request)}: at most ${limit.max} in ${seconds(limit.windowMs)} s`,
        wait,
        where,
        `wait ${wait} s and try again; ${what} asks this often is stuck in a loop: reload it`,
      );
    };
  };
  const fromNetwork = (request: FastifyRequest) => !ownMachine(request.ip);
  /** When each machine on the network was refused last, or is to be (`performance.now()`). */
  const refusedAt = new Memo<string, number>(REFUSED_MACHINES_REMEMBERED);
  /**
   * Throws `refusal`, REFUSED_AGAIN_MS after its machine's last refusal when that machine on the
   * network was refused within REFUSED_REMEMBERED_MS, on any of its connections: a machine's
   * refusals come one a second, however many connections ask; the GM's secret is never held.
   */
  const refuse = async (request: FastifyRequest, refusal: BusyError): Promise<never> => {
    if (!fromNetwork(request) || vouchedFor(request) === "gm") throw refusal;
    const now = performance.now();
    const last = refusedAt.peek(request.ip);
    const at =
      last === undefined || now - last >= REFUSED_REMEMBERED_MS
        ? now
        : Math.max(now, last + limits.refusedAgainMs);
    refusedAt.put(request.ip, at);
    if (at > now) await sleep(at - now);
    throw refusal;
  };
  /** A hook refusing what `check` refuses. */
  const refusing =
    (check: (request: FastifyRequest) => Promise<BusyError | undefined>) =>
    async (request: FastifyRequest) => {
      const refusal = await check(request);
      if (refusal !== undefined) await refuse(request, refusal);
    };
  app.addHook(
    "onRequest",
    refusing(
      counting(
        limits.machine,
        (request) => (fromNetwork(request) ? `machine ${request.ip}` : undefined),
        (request) => `this machine (${request.ip})`,
        "the machine's requests",
        "a page that",
      ),
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
    refusing(
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
    ),
  );
  // After the machine's own count, so that a machine past its limit is refused as such. A phone
  // at the table (its link opened its screen before) and the GM's laptop (the GM's secret) are
  // not counted: another machine's flood would refuse them for the rest of its window.
  const network = counting(
    limits.network,
    (request) => (fromNetwork(request) && vouched(request) === undefined ? "network" : undefined),
    () => "the machines on the network together",
    "the network's requests",
    "a page or a program on one of them that",
  );
  // A player's token not yet seen here, past the network's limit: looked up (its machine's 10 in
  // 10 s), and let in if its link is there and not revoked, so that a phone opening its link
  // for the first time during a flood (or after a restart) joins the table.
  const firstOpenings = counting(
    limits.firstOpening,
    (request) => `first opening ${request.ip}`,
    (request) => `this machine (${request.ip})`,
    "the machine's first openings",
    "a page that",
  );
  // A file of the console past the network's limit: its machine's 20 in 10 s, so that a phone
  // opening its link during a flood gets its page (and then its first reads, below); the flood's
  // own requests for them stop there.
  const consoleFiles = counting(
    limits.consoleFiles,
    (request) => `console files ${request.ip}`,
    (request) => `this machine (${request.ip})`,
    "the machine's console files",
    "a page that",
  );
  const consoleFile = (request: FastifyRequest) =>
    !request.is404 && request.routeOptions.config.consoleFile === true;
  app.addHook("onRequest", async (request) => {
    const refusal = await network(request);
    if (refusal === undefined) return;
    if (consoleFile(request) && (await consoleFiles(request)) === undefined) return;
    const token = firstOpening.tokenOf(request);
    if (
      token !== undefined &&
      (await firstOpenings(request)) === undefined &&
      (await firstOpening.lookUp(token)) !== undefined
    )
      return;
    await refuse(request, refusal);
  });
  const byLink = counting(
    limits.link,
    (request) => (request.playerLink === null ? undefined : `link ${request.playerLink.id}`),
    (request) => `${request.playerLink?.name ?? ""}'s link`,
    "the player's link",
    "a screen that",
  );
  return { registerAfterAccess: () => app.addHook("onRequest", refusing(byLink)) };
}
