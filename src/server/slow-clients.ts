// What a client that holds connections costs (docs/http-api.md, "What the server withstands"): a
// request's headers and body must arrive in time (a client sending a byte now and then, slowloris,
// is cut off), and one address may hold only so many connections at once, so that a machine on
// the network cannot take every connection the server can hold. The GM's own machine (loopback)
// is never refused.
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { Transform } from "node:stream";
import type { App } from "./app.js";
import { BusyError } from "./errors.js";

/** Longest a request's headers may take to arrive: a phone sends them in well under a second. */
export const HEADERS_TIMEOUT_MS = 15_000;
/** Longest a whole request may take to arrive (the largest body, 16 MB, at 5 Mbit/s). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node looks for requests past those times. */
export const TIMEOUT_CHECK_MS = 2_000;
/**
 * Connections one address may hold at once: a browser opens at most six to a server, one more
 * per event stream; several tabs and a program beside them stay well within it.
 */
export const CONNECTIONS_PER_ADDRESS = 64;

/** Whether a connection comes from this machine (the GM's own browser): never refused. */
export function isLoopback(address: string): boolean {
  return /^(127\.|::1$|::ffff:127\.)/.test(address);
}

/**
 * Connections the whole network may hold at once, from every machine but this one: many machines
 * each within their own limit (a LAN of phones gone wrong, or a hostile few with many addresses)
 * stop here, well within the files a process may open (1,024 by default), so that the server's
 * own pages (loopback, never counted) and its database keep theirs.
 */
export const CONNECTIONS_IN_ALL = 512;

/** The answer to a connection past a limit, written before any request is read. */
function refusal(error: string): string {
  const body = JSON.stringify({
    error,
    where: "server",
    hint: "close other tabs or programs that connect to it, and try again",
  });
  return [
    "HTTP/1.1 503 Service Unavailable",
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

export interface ConnectionCaps {
  /** Connections one address may hold at once. */
  readonly perAddress?: number;
  /** Connections every address together may hold at once. */
  readonly inAll?: number;
  /** Addresses never refused nor counted: loopback (the GM's own machine) by default. */
  readonly exempt?: (address: string) => boolean;
}

/**
 * Answers 503 and closes a connection past `perAddress` from one address, or past `inAll` from
 * every address together, unless it is `exempt`. Past `inAll`, a connection from an address that
 * holds fewer than the address holding the most, by two or more, is taken in place of that one's
 * oldest (closed at once): a few machines that hold the network's connections (eight at their 64,
 * idle or sending their headers slowly, then opening new ones as those are cut off) kept every
 * other machine out, the table's phones with them; now they give way to a phone, and only many
 * machines each holding as few as it can keep a newcomer out.
 */
export function capConnections(
  server: Server,
  {
    perAddress = CONNECTIONS_PER_ADDRESS,
    inAll = CONNECTIONS_IN_ALL,
    exempt = isLoopback,
  }: ConnectionCaps = {},
): void {
  /** Each address's connections, the oldest first. */
  const open = new Map<string, Set<Socket>>();
  let total = 0;
  /** Counts `socket` from `address` no more, once. */
  const letGo = (address: string, socket: Socket) => {
    const sockets = open.get(address);
    if (sockets === undefined || !sockets.delete(socket)) return;
    total -= 1;
    if (sockets.size === 0) open.delete(address);
  };
  /** The address holding the most connections, with them; undefined when none is held. */
  const most = (): [string, Set<Socket>] | undefined => {
    let found: [string, Set<Socket>] | undefined;
    for (const entry of open) if (entry[1].size > (found?.[1].size ?? 0)) found = entry;
    return found;
  };
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    if (exempt(address)) return;
    const held = open.get(address)?.size ?? 0;
    let refused =
      held + 1 > perAddress
        ? `this address holds ${perAddress} connections to the server already, the most it takes from one machine`
        : total >= inAll
          ? `the server holds ${inAll} connections from the network already, the most it takes from every machine together`
          : undefined;
    if (refused !== undefined && held + 1 <= perAddress) {
      const hog = most();
      if (hog !== undefined && hog[1].size > held + 1) {
        const [oldest] = hog[1];
        letGo(hog[0], oldest!);
        oldest!.destroy();
        refused = undefined;
      }
    }
    if (refused !== undefined) {
      // Closed once the answer is written, whatever the client sends meanwhile.
      socket.write(refusal(refused), () => socket.destroy());
      return;
    }
    const sockets = open.get(address) ?? new Set<Socket>();
    sockets.add(socket);
    open.set(address, sockets);
    total += 1;
    socket.once("close", () => letGo(address, socket));
  });
}

/**
 * Bytes of request bodies the server holds at once, from every machine but this one, while they
 * arrive and until their answer is sent: four of the largest (16 MB) together. Each connection may
 * send one, and 512 of them at 16 MB would be 8 GB; past this, a body is refused (429) rather than
 * read on, and the memory of the GM's own page and the work under way is kept.
 */
export const BODY_BYTES_IN_ALL = 64 * 1024 * 1024;

const MB = 1024 * 1024;

/** `bytes` as said in an error: in MB when a whole number of them. */
function sizeOf(bytes: number): string {
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`;
}

/** How soon a body refused for want of room may be sent again: within a request's time. */
const BODY_RETRY_SECONDS = 30;

/**
 * Counts every body's bytes as they arrive, and refuses the one whose next bytes would take the
 * bodies held past `inAll` (a 429 saying so); a body's bytes are let go once its answer is sent.
 */
export function capBodies(
  app: App,
  inAll = BODY_BYTES_IN_ALL,
  exempt: (address: string) => boolean = isLoopback,
): void {
  let held = 0;
  app.addHook("preParsing", (request, reply, payload, done) => {
    if (exempt(request.socket.remoteAddress ?? "")) return done(null, payload);
    let mine = 0;
    reply.raw.once("close", () => {
      held -= mine;
      mine = 0;
    });
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        if (held + chunk.length > inAll) {
          next(
            new BusyError(
              `the server holds ${sizeOf(inAll)} of bodies from the network being sent already, the most it takes at once`,
              BODY_RETRY_SECONDS,
            ),
          );
          return;
        }
        held += chunk.length;
        mine += chunk.length;
        next(null, chunk);
      },
    });
    payload.on("error", (error) => counted.destroy(error));
    done(null, payload.pipe(counted));
  });
}
