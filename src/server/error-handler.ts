// Turns every failure of a request into a status and `{ error, where?, hint? }`: Fray's errors
// by their kind (errors.ts; a 429 with its Retry-After), Fastify's own (a body that is not JSON,
// too large ...) with their status, a job stopped because its client hung up as a note in the log
// (nobody is left to answer, and nothing failed), anything else as a 500 that is logged and tells nothing of
// the server's insides. Errors of Fastify's router (a bad URL, an id too long) and of Node's HTTP
// parser (headers too large) take the same shape.
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { FrayError } from "../core/errors.js";
import { BusyError, errorBody, statusOf } from "./errors.js";
import { ClientGoneError } from "./job-runner.js";

/** The largest body the API reads on most routes (app.ts); a move's routes take less. */
export const BODY_LIMIT = 16 * 1024 * 1024;
/**
 * The largest body of a move in a fight, the GM's or a player's (an answer, a roll, undo, a change
 * by hand): a choice, a few dice or a total, a stat block. 16 MB of dice (8 million) took the
 * server's one thread 6-11 s to read and check, every other request waiting.
 */
export const MOVE_BODY_LIMIT = 64 * 1024;
/**
 * The largest body of the routes that take an encounter file (`POST /encounters`,
 * `/encounters/check`): a file's text is at most 4 MB (MAX_DATA_FILE_BYTES), and this leaves
 * room for JSON's escapes. Four machines each posting 15 MB there (an object of strings, which no
 * text limit had counted) kept the GM's reads at up to 2.3 s (load 21), each body read and parsed
 * on the server's one thread before its job refused it.
 */
export const FILE_BODY_LIMIT = 8 * 1024 * 1024;

/** Where and how to fix a body Fastify could not read, by its error's code. */
const BODY_ERRORS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY:
    "send JSON (check its quotes, commas and brackets: `jq . body.json` finds the first fault); a file in YAML goes with Content-Type: application/yaml",
  FST_ERR_CTP_EMPTY_JSON_BODY:
    'send {} when there is nothing to say, or no Content-Type and the header "Fray-Request: 1"',
  FST_ERR_CTP_BODY_TOO_LARGE:
    "a body is at most 16 MB: play a longer log with fray play log.jsonl, a larger file with the fray command",
};

export function handleError(
  error: Error & { readonly statusCode?: number; readonly code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof FrayError) {
    // (An Error already fits FrayError's shape, so instanceof does not narrow the type.)
    const fray: FrayError = error;
    if (fray instanceof BusyError) void reply.header("retry-after", String(fray.retryAfter));
    return reply.status(statusOf(fray)).send(errorBody(fray.message, fray.where, fray.hint));
  }
  const status = error.statusCode;
  const limit = request.routeOptions.bodyLimit;
  const body =
    error.code === "FST_ERR_CTP_BODY_TOO_LARGE" && limit < BODY_LIMIT
      ? limit === FILE_BODY_LIMIT
        ? "a body on this route is at most 8 MB: an encounter file's text is at most 4 MB (a larger fight goes to the fray command)"
        : `a body on this route is at most ${limit / 1024} KB: what it takes is short (an answer, a version)`
      : error.code === undefined
        ? undefined
        : BODY_ERRORS[error.code];
  if (status !== undefined && body !== undefined) {
    return reply.status(status).send(errorBody(error.message, "body", body));
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return reply
      .status(status)
      .send(errorBody(error.message, undefined, "see GET /openapi.json for what each route takes"));
  }
  if (error instanceof ClientGoneError) {
    request.log.info("the client went away: its heavy request was stopped");
    return reply.status(499).send(errorBody(error.message));
  }
  request.log.error(error);
  return reply.status(500).send(errorBody("internal error: the server failed on this request"));
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send(
      errorBody(
        `no route ${request.method} ${request.url.split("?")[0]}`,
        "url",
        "GET /openapi.json lists every route",
      ),
    );
}

/**
 * A request Node's HTTP parser refuses before Fastify sees it (headers over 16 KB: 431, a
 * malformed request: 400), answered in the same shape as every other error.
 */
export function handleClientError(error: Error & { readonly code?: string }, socket: Duplex): void {
  if (!socket.writable) return;
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = JSON.stringify(
    status === 431
      ? errorBody(
          "the request's headers are too large (over 16 KB)",
          "headers",
          "send fewer or shorter headers",
        )
      : errorBody(
          `the request is not valid HTTP (${error.code ?? error.message})`,
          "request",
          "send a well-formed HTTP/1.1 request",
        ),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}
