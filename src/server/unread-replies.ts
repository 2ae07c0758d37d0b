// What replies a client does not read cost the server (docs/http-api.md, "What the server
// withstands"). A reply the client does not take stays in the server's memory, past what the
// system's buffers hold, until the connection closes: a client that sends requests and never
// reads (or pipelines many on one connection) held each reply's bytes, up to the 512 connections
// from the network. So the bytes of replies sent to the network and not yet taken are counted, one
// machine's and all of them, and a reply past either is answered by a short 503 instead; a reply
// not taken within its time has its connection closed, which lets its bytes go. The GM's own
// machine (loopback) and the holder of the GM's secret are never refused.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { errorBody } from "./errors.js";

const MB = 1024 * 1024;

/**
 * Bytes of replies not yet taken by machines on the network, all of them together: a player's
 * screen of a large fight is 160 KB as made, and a client that reads takes it in milliseconds.
 */
export const UNREAD_REPLY_BYTES_IN_ALL = 32 * MB;

/** Bytes of replies not yet taken by one machine on the network: a quarter of all. */
export const UNREAD_REPLY_BYTES_PER_ADDRESS = 8 * MB;

/**
 * Longest a reply may wait to be taken, from its first byte to its last handed to the system: the
 * largest reply on the network's Wi-Fi, the GM's encounter of 3.6 MB as made, takes 2 s at
 * 20 Mbit/s and under 30 s at 1 Mbit/s.
 */
export const UNREAD_REPLY_MS = 30_000;

/** How soon a reply refused for want of room may be asked again: within a reply's time. */
const RETRY_SECONDS = 30;

export interface UnreadReplyCaps {
  readonly inAll?: number;
  readonly perAddress?: number;
  readonly timeoutMs?: number;
  /** Requests whose replies are neither counted nor refused: the GM's own. */
  readonly exempt: (request: FastifyRequest) => boolean;
}

function sizeOf(payload: unknown): number {
  if (typeof payload === "string") return Buffer.byteLength(payload);
  return Buffer.isBuffer(payload) ? payload.length : 0;
}

const megabytes = (bytes: number): string => `${bytes / MB} MB`;

/**
 * Counts the bytes of each reply to the network from when it is sent until its last byte is
 * handed to the system (or its connection closes), and answers 503 in place of a reply whose
 * bytes would take its machine's count past `perAddress`, or all machines' past `inAll`; a reply
 * not handed over within `timeoutMs` has its connection closed. Registered after the replies'
 * compression, so that it counts the bytes sent.
 */
export function capUnreadReplies(
  app: FastifyInstance,
  {
    inAll = UNREAD_REPLY_BYTES_IN_ALL,
    perAddress = UNREAD_REPLY_BYTES_PER_ADDRESS,
    timeoutMs = UNREAD_REPLY_MS,
    exempt,
  }: UnreadReplyCaps,
): void {
  const held = new Map<string, number>();
  let total = 0;
  app.addHook("onSend", (request, reply, payload, done) => {
    const size = sizeOf(payload);
    if (size === 0 || exempt(request)) return done(null, payload);
    const address = request.socket.remoteAddress ?? "";
    const mine = held.get(address) ?? 0;
    const refused =
      mine + size > perAddress
        ? `this machine has ${megabytes(perAddress)} of replies it has not taken yet, the most the server holds for one machine`
        : total + size > inAll
          ? `the machines on the network have ${megabytes(inAll)} of replies they have not taken yet, the most the server holds for all of them`
          : undefined;
    if (refused !== undefined) {
      reply.removeHeader("content-encoding");
      reply.removeHeader("etag");
      void reply
        .code(503)
        .header("retry-after", String(RETRY_SECONDS))
        .type("application/json; charset=utf-8");
      const hint =
        "read the replies already asked for, or close the connections that do not, then ask again";
      return done(null, JSON.stringify(errorBody(refused, "server", hint)));
    }
    held.set(address, mine + size);
    total += size;
    const raw = reply.raw;
    // Whatever the client sends meanwhile: a connection kept busy is no reply taken.
    const deadline = setTimeout(() => raw.destroy(), timeoutMs).unref();
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      clearTimeout(deadline);
      total -= size;
      const left = (held.get(address) ?? size) - size;
      if (left > 0) held.set(address, left);
      else held.delete(address);
    };
    raw.once("finish", release);
    raw.once("close", release);
    done(null, payload);
  });
}
