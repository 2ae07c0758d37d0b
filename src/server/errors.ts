// The HTTP API's errors: every failure becomes a status and a JSON body `{ error, where?, hint? }`
// that says what went wrong, where, and what would fix it. Fray's own errors (a bad encounter
// file, an answer the rules refuse) are 400s; these add the other statuses a client meets.
import { FrayError } from "../core/errors.js";

/** No such encounter (or ruleset): 404. */
export class NotFoundError extends FrayError {
  override readonly name = "NotFoundError";
}

/** The request does not fit the encounter as it is now (changed since, fight over ...): 409. */
export class ConflictError extends FrayError {
  override readonly name = "ConflictError";
}

/** No credential, or one the server does not know (a GM secret, a player's link): 401. */
export class UnauthorizedError extends FrayError {
  override readonly name = "UnauthorizedError";
}

/** A credential that does not open this route (a player's link on a GM route, a revoked link): 403. */
export class ForbiddenError extends FrayError {
  override readonly name = "ForbiddenError";
}

export interface ErrorBody {
  readonly error: string;
  readonly where?: string;
  readonly hint?: string;
}

export function errorBody(error: string, where?: string, hint?: string): ErrorBody {
  return {
    error,
    ...(where === undefined ? {} : { where }),
    ...(hint === undefined ? {} : { hint }),
  };
}

export function statusOf(error: FrayError): 400 | 401 | 403 | 404 | 409 {
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  return 400;
}
