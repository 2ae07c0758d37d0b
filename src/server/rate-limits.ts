// How often a client may ask (docs/http-api.md, "What the server withstands"): a player's link and
// a machine other than the server's own, each at most so many requests in a window, past which
// the server answers 429 with Retry-After at once, before any work. A table's phone asks a few
// times a minute (its answers, a reload's reads, the poll that stands in while its stream is
// down); a phone or a page stuck in a loop asked hundreds of times a second, and every GM's read
// waited behind them (60-120 ms instead of 3-6). The GM's own machine (loopback) is not limited:
// another site's page cannot drive it (request-guard.ts), and the GM's console is the server's
// reason to be. Counting is @fastify/rate-limit's (fixed windows in a bounded LRU).
import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { App } from "./app.js";
import { BusyError } from "./errors.js";

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
}

/**
 * A phone's busiest minute at a table is a reload (its page, its state, its stream) and a few
 * answers and rolls; 120 in 10 s is some twenty times that. A machine's covers a GM's console on
 * another laptop (a read every 1.5 s, the advisor, the panels) with its players' phones behind
 * one address.
 */
export const RATE_LIMITS: RateLimits = {
  link: { max: 120, windowMs: 10_000 },
  machine: { max: 600, windowMs: 10_000 },
};

/** Requests from the server's own machine. */
function isLoopback(request: FastifyRequest): boolean {
  const ip = request.ip;
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts every request of a machine other than the server's own before anything else looks at it
 * (a flood of unknown links is refused without looking them up), and every request a player's
 * link opened once it is known (`registerAfterAccess`).
 */
export async function registerRateLimits(
  app: App,
  limits: RateLimits,
): Promise<{ readonly registerAfterAccess: () => void }> {
  await app.register(rateLimit, { global: false });
  const byMachine = app.createRateLimit({
    keyGenerator: (request) => `machine ${request.ip}`,
    allowList: (request) => isLoopback(request),
    max: limits.machine.max,
    timeWindow: limits.machine.windowMs,
  });
  const byLink = app.createRateLimit({
    keyGenerator: (request) => `link ${request.playerLink?.id ?? ""}`,
    max: limits.link.max,
    timeWindow: limits.link.windowMs,
  });
  app.addHook("onRequest", async (request) => {
    const count = await byMachine(request);
    // (isAllowed: on the allow list, not counted.)
    if (!count.isAllowed && count.isExceeded) {
      const wait = seconds(count.ttl);
      throw new BusyError(
        `too many requests from this machine (${request.ip}): at most ${limits.machine.max} in ${seconds(limits.machine.windowMs)} s`,
        wait,
        "the machine's requests",
        `wait ${wait} s and try again; a page that asks this often is stuck in a loop: reload it`,
      );
    }
  });
  return {
    registerAfterAccess: () =>
      app.addHook("onRequest", async (request) => {
        const link = request.playerLink;
        if (link === null) return;
        const count = await byLink(request);
        if (!count.isAllowed && count.isExceeded) {
          const wait = seconds(count.ttl);
          throw new BusyError(
            `too many requests from ${link.name}'s link: at most ${limits.link.max} in ${seconds(limits.link.windowMs)} s`,
            wait,
            "the player's link",
            `wait ${wait} s and try again; a screen that asks this often is stuck in a loop: reload it`,
          );
        }
      }),
  };
}
