// The HTTP API's errors: every failure becomes a status and a JSON body `{ error, where?, hint? }`
// that says what went wrong, where, and what would fix it. Fray's own errors (a bad encounter
// file, an answer the rules refuse) are 400s; these add the other statuses a client meets.
import { EXCERPT_LENGTH, FrayError } from "../core/errors.js";

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

/**
 * A credential that does not open this route (a player's link on a GM route, a revoked link), or a
 * request refused before it reaches a route (another site's, another host name): 403.
 */
export class ForbiddenError extends FrayError {
  override readonly name = "ForbiddenError";
}

/** Heavy work over its budget of time or memory, stopped: 422. */
export class TooMuchWorkError extends FrayError {
  override readonly name = "TooMuchWorkError";
}

/**
 * Every place for heavy work taken, or a client asking faster than a table does (rate-limits.ts):
 * 429, with when to try again (the Retry-After header).
 */
export class BusyError extends FrayError {
  override readonly name = "BusyError";
  constructor(
    message: string,
    /** Seconds after which a place is likely to be free. */
    readonly retryAfter: number,
    where = "server",
    hint = `try again in ${retryAfter} s`,
  ) {
    super(message, where, hint);
  }
}

export interface ErrorBody {
  readonly error: string;
  readonly where?: string;
  readonly hint?: string;
}

/** Longest run of characters without a space that an error body repeats in full. */
const LONGEST_WORD = 100;

/**
 * `text` with every run of more than LONGEST_WORD characters without a space cut to an excerpt
 * (`"kkkk…" (100000 characters)`): an error quotes the input it refuses, never all of a long one
 * (a 10 KB id, a 100 KB key).
 */
export function clampEcho(text: string): string {
  const long = new RegExp(`\\S{${LONGEST_WORD + 1},}`, "g");
  return text.replace(
    long,
    (word) => `${word.slice(0, EXCERPT_LENGTH)}… (${word.length} characters)`,
  );
}

export function errorBody(error: string, where?: string, hint?: string): ErrorBody {
  return {
    error: clampEcho(error),
    ...(where === undefined ? {} : { where: clampEcho(where) }),
    ...(hint === undefined ? {} : { hint }),
  };
}

export function statusOf(error: FrayError): 400 | 401 | 403 | 404 | 409 | 422 | 429 {
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof TooMuchWorkError) return 422;
  if (error instanceof BusyError) return 429;
  return 400;
}

/** The refusal of a store's write when the encounter changed since it was read at `version`. */
export function changedMeanwhile(id: number, version: number): ConflictError {
  return new ConflictError(
    `encounter ${id} changed while this request ran (it was at version ${version})`,
    `encounter ${id}`,
    "get it again and retry",
  );
}
