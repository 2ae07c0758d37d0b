// A refused request, as the API explains it: what went wrong, where, and what would fix it; one
// refused for coming too fast or too many (429) counts down the seconds of its Retry-After.
import { useEffect, useState } from "react";
import { ApiError } from "../api.js";
import type { Encounter } from "../types.js";

export function ErrorBox({
  error,
  placed = false,
}: {
  readonly error: Error | null;
  /** Shown beside what it is about (the dice box): its "where" goes without saying. */
  readonly placed?: boolean;
}) {
  if (error === null) return null;
  const body = error instanceof ApiError ? error.body : { error: error.message };
  // A message that opens with its place ("Brannoc's strike … against Chip's block: 25 is not a
  // face of a d20") says it once, under "where": on a phone the label twice filled the screen.
  const opening = body.where === undefined ? "" : `${body.where}: `;
  const message =
    opening !== "" && body.error.startsWith(opening)
      ? body.error.slice(opening.length)
      : body.error;
  return (
    <div className="error" role="alert">
      <div className="error-message">{message}</div>
      {body.where === undefined || placed ? null : (
        <div className="error-where">
          where: <code>{body.where}</code>
        </div>
      )}
      {error instanceof ApiError && error.retryAt !== undefined ? (
        <RetryWait at={error.retryAt} />
      ) : null}
      {body.hint === undefined || (error instanceof ApiError && stillHint(error)) ? null : (
        <div className="error-hint">hint: {body.hint}</div>
      )}
    </div>
  );
}

/** The server's hint that only says when to try again, which the countdown says instead. */
function stillHint(error: ApiError): boolean {
  return error.retryAt !== undefined && /^try again in \d+ s$/.test(error.body.hint ?? "");
}

/** "Try again in 4 s", a second less each second, until it may be tried again. */
export function waitText(at: number, now: number): string {
  const left = Math.ceil((at - now) / 1000);
  return left > 0 ? `Try again in ${left} s` : "You may try again now";
}

function RetryWait({ at }: { readonly at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (now >= at) return;
    const timer = window.setTimeout(() => setNow(Date.now()), (at - now) % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [at, now]);
  return (
    <div className="error-wait" role="timer">
      {waitText(at, now)}
    </div>
  );
}

/**
 * The page's error when it is the rules' refusal of the dice typed for `pending` (a 7 on a d6),
 * which the dice box shows beside it; else null.
 */
export function rollRefusal(error: Error | null, pending: Encounter["pending"]): ApiError | null {
  if (!(error instanceof ApiError) || error.status !== 400 || pending?.kind !== "roll") return null;
  return error.body.where === pending.label ? error : null;
}
