// Turns every failure of a request into a status and `{ error, where?, hint? }`: Fray's errors
// by their kind (errors.ts), Fastify's own (a body that is not JSON, too large ...) with their
// status, anything else as a 500 that is logged and tells nothing of the server's insides.
import type { FastifyReply, FastifyRequest } from "fastify";
import { FrayError } from "../core/errors.js";
import { errorBody, statusOf } from "./errors.js";

export function handleError(
  error: Error & { readonly statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof FrayError) {
    // (An Error already fits FrayError's shape, so instanceof does not narrow the type.)
    const fray: FrayError = error;
    return reply.status(statusOf(fray)).send(errorBody(fray.message, fray.where, fray.hint));
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return reply
      .status(status)
      .send(errorBody(error.message, undefined, "see GET /openapi.json for what each route takes"));
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
