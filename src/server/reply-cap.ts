// The largest reply the server sends. An encounter's reply holds its whole log and every
// explanation, and grows with the fight; past the cap the client gets a short error instead of
// megabytes it cannot use (and the server keeps its memory).
import type { FastifyInstance } from "fastify";
import { envLimit } from "../app/env-limits.js";
import { errorBody } from "./errors.js";

/** Largest reply body, in bytes (docs/http-api.md, "Limits"), unless FRAY_MAX_REPLY_MB says. */
export const MAX_REPLY_BYTES = 32 * 1024 * 1024;

/** The environment variable (`fray serve --max-reply-mb`) that raises MAX_REPLY_BYTES, in MB. */
export const REPLY_MB_VARIABLE = "FRAY_MAX_REPLY_MB";

const MB = 1024 * 1024;

function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

/**
 * Replaces a reply larger than `max` bytes (by default MAX_REPLY_BYTES, or FRAY_MAX_REPLY_MB when
 * set) by a 422 that says its size and the cap.
 */
export function registerReplyCap(
  app: FastifyInstance,
  max = envLimit(REPLY_MB_VARIABLE, MAX_REPLY_BYTES / MB) * MB,
): void {
  app.addHook("onSend", (_request, reply, payload, done) => {
    const size =
      typeof payload === "string"
        ? Buffer.byteLength(payload)
        : Buffer.isBuffer(payload)
          ? payload.length
          : 0;
    if (size <= max) return done(null, payload);
    void reply.code(422).type("application/json; charset=utf-8");
    const body = errorBody(
      `the reply would be ${megabytes(size)}, over the limit of ${megabytes(max)} a reply`,
      "server",
      "ask for a part: the log alone (GET /encounters/:id/log), or branch the fight at an earlier answer; or start the server with fray serve --max-reply-mb <MB>",
    );
    done(null, JSON.stringify(body));
  });
}
