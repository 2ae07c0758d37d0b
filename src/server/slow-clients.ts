// What a client that holds connections costs (docs/http-api.md, "What the server withstands"): a
// request's headers and body must arrive in time (a client sending a byte now and then, slowloris,
// is cut off), and one address may hold only so many connections at once, so that a machine on
// the network cannot take every connection the server can hold. The GM's own machine (loopback)
// is never refused.
import type { Server } from "node:http";
import type { Socket } from "node:net";

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

/** The answer to a connection past the limit, written before any request is read. */
function refusal(limit: number): string {
  const body = JSON.stringify({
    error: `this address holds ${limit} connections to the server already, the most it takes from one machine`,
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

/** Answers 503 and closes a connection past `limit` from one address, unless it is `exempt`. */
export function capConnections(
  server: Server,
  limit = CONNECTIONS_PER_ADDRESS,
  exempt: (address: string) => boolean = isLoopback,
): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    if (exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      // Closed once the answer is written, whatever the client sends meanwhile.
      socket.write(refusal(limit), () => socket.destroy());
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
