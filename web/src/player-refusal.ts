// A player's move that did not go through, said in the player's words: a phone that lost its
// connection ("Failed to fetch", the browser's), an answer the fight moved past before it arrived
// (the GM undid or changed something: the server's 409 at `version`), a phone sending too fast
// (429). Anything else is the API's own refusal, which already says where and how to fix it.
import { ApiError } from "./api.js";

/** Why a move was not sent, when the phone could not reach the server at all. */
export const NOT_SENT =
  "Not sent: this phone has lost its connection to the GM's server. Your answer is kept here: send it again once the screen says live.";

/** Why an answer was not taken: the fight changed while the player was answering. */
export const MOVED_ON =
  "Not taken: the fight changed while you were answering (the GM undid or changed something). Your choice as it is now is shown: answer it again.";

/** Why a move was refused for coming too fast (its wait is counted down under it). */
export const TOO_FAST =
  "Too fast: the GM's server takes only so many requests from a phone at a time. Your answer is kept here.";

export function playerRefusal(thrown: unknown): Error {
  // fetch rejects with a TypeError only when no answer came at all (offline, the server down).
  if (thrown instanceof TypeError) return new Error(NOT_SENT);
  if (!(thrown instanceof ApiError))
    return thrown instanceof Error ? thrown : new Error(String(thrown));
  if (thrown.status === 409 && thrown.body.where === "version") return new Error(MOVED_ON);
  if (thrown.status === 429) return new ApiError(429, { error: TOO_FAST }, thrown.retryAt);
  return thrown;
}
