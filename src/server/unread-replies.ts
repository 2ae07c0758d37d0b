// What replies a client does not read cost the server (docs/http-api.md, "What the server
// withstands"). A reply the client does not take stays in the server's memory, past what the
// system's buffers hold, until the connection closes: a client that sends requests and never
// reads (or pipelines many on one connection) held each reply's bytes, up to the 512 connections
// from the network. So the bytes of replies sent to the network and not yet taken are counted, one
// machine's and all of them, and a reply past either is answered by a short 503 instead; a reply
// not taken within its time has its connection closed, which lets its bytes go (and those of the
// replies waiting behind it). The GM's own machine (loopback) and the holder of the GM's secret
// are never refused.
import type { Socket } from "node:net";
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
 * The bytes held unsent for each machine on the network, and for all of them: the replies not
 * yet taken (`capUnreadReplies`) and the event streams' (live.ts) in the same count, so that
 * neither can hold what the other was refused. Before, a stream whose reader stopped reading
 * held up to 1 MB outside it, four to a player's link: ten links, 40 MB.
 */
export class UnreadBytes {
  private readonly held = new Map<string, number>();
  private total = 0;
  readonly inAll: number;
  readonly perAddress: number;
  readonly timeoutMs: number;
  private readonly exempt: (request: FastifyRequest) => boolean;

  constructor({
    inAll = UNREAD_REPLY_BYTES_IN_ALL,
    perAddress = UNREAD_REPLY_BYTES_PER_ADDRESS,
    timeoutMs = UNREAD_REPLY_MS,
    exempt,
  }: UnreadReplyCaps) {
    this.inAll = inAll;
    this.perAddress = perAddress;
    this.timeoutMs = timeoutMs;
    this.exempt = exempt;
  }

  /** The machine `request`'s bytes are counted for; null for the GM's, never counted. */
  countedFor(request: FastifyRequest): string | null {
    return this.exempt(request) ? null : (request.socket.remoteAddress ?? "");
  }

  /** Which room `size` bytes more for `address` would pass: its machine's, all's, or none. */
  past(address: string, size: number): "machine" | "all" | undefined {
    if ((this.held.get(address) ?? 0) + size > this.perAddress) return "machine";
    return this.total + size > this.inAll ? "all" : undefined;
  }

  /** Why `size` bytes more for `address` are refused, or undefined if there is room. */
  refusal(address: string, size: number): string | undefined {
    switch (this.past(address, size)) {
      case "machine":
        return `this machine has ${megabytes(this.perAddress)} of replies it has not taken yet, the most the server holds for one machine`;
      case "all":
        return `the machines on the network have ${megabytes(this.inAll)} of replies they have not taken yet, the most the server holds for all of them`;
      case undefined:
        return undefined;
    }
  }

  /** Counts `bytes` more held for `address` (fewer, when negative: taken or let go). */
  add(address: string, bytes: number): void {
    this.total += bytes;
    const left = (this.held.get(address) ?? 0) + bytes;
    if (left > 0) this.held.set(address, left);
    else this.held.delete(address);
  }
}

/**
 * Counts the bytes of each reply to the network from when it is sent until its last byte is
 * handed to the system (or its connection closes), and answers 503 in place of a reply whose
 * bytes would take its machine's count past `perAddress`, or all machines' past `inAll`; a reply
 * not handed over within `timeoutMs` has its connection closed. Registered after the replies'
 * compression, so that it counts the bytes sent.
 */
export function capUnreadReplies(app: FastifyInstance, unread: UnreadBytes): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    const size = sizeOf(payload);
    const address = size === 0 ? null : unread.countedFor(request);
    if (address === null) return done(null, payload);
    const refused = unread.refusal(address, size);
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
    unread.add(address, size);
    const raw = reply.raw;
    // Whatever the client sends meanwhile: a connection kept busy is no reply taken.
    const deadline = setTimeout(() => raw.destroy(), unread.timeoutMs).unref();
    // A reply waiting behind others on its connection (pipelined) is neither finished nor closed
    // when the connection closes, nor destroyed at its time: it held its bytes for good.
    const closing = onConnectionClose(request.raw.socket);
    const release = () => {
      if (!closing.delete(release)) return;
      clearTimeout(deadline);
      unread.add(address, -size);
    };
    raw.once("finish", release);
    raw.once("close", release);
    closing.add(release);
    done(null, payload);
  });
}

/** What to do when each connection closes: one listener a connection, however many replies. */
const onClose = new WeakMap<Socket, Set<() => void>>();

/** What is done when `socket` closes: each function of the set, called once, as it then is. */
function onConnectionClose(socket: Socket): Set<() => void> {
  const known = onClose.get(socket);
  if (known !== undefined) return known;
  const those = new Set<() => void>();
  onClose.set(socket, those);
  const call = () => {
    onClose.delete(socket);
    for (const then of those) then();
  };
  // Closed before its reply was sent (its client went away meanwhile): at once, as it would be.
  if (socket.closed) queueMicrotask(call);
  else socket.once("close", call);
  return those;
}
