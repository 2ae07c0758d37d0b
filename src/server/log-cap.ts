// How many answers one encounter's log holds on the server (docs/http-api.md, "Limits and heavy
// work"): a page or a script in a loop of answers, rolls or changes by hand (the GM on loopback,
// whom the rate limits do not count) would otherwise grow one encounter without bound, and every
// change replays the whole log. The longest example fights, played to their end by auto-play
// under 40 seeds each, hold at most 415 answers (karn's ambush in the pass).
import { envLimit } from "../app/env-limits.js";
import { ConflictError } from "./errors.js";

/** Most answers one encounter's log holds, unless FRAY_MAX_LOG says otherwise. */
export const MAX_LOG = 10_000;

/** The environment variable that raises MAX_LOG. */
export const LOG_VARIABLE = "FRAY_MAX_LOG";

/**
 * Which log is to be stored: a change of encounter `id`'s (`autoplay`: auto-play's, stopped where
 * it passes the cap), or a new encounter's (a log resumed, a branch).
 */
export type LogOf = { readonly encounter: number; readonly autoplay?: boolean } | "new";

/** Most answers one encounter's log holds: MAX_LOG, or FRAY_MAX_LOG. */
export function logCap(): number {
  return envLimit(LOG_VARIABLE, MAX_LOG);
}

/**
 * Refuses to store a log of `answers` answers past the cap (`most`); a change that makes the log
 * no longer than it was (`before`: undo, a change by hand in place of nothing) is always stored.
 */
export function checkLogLength(
  answers: number,
  before: number,
  of: LogOf,
  most: number = logCap(),
): void {
  if (answers <= most || answers <= before) return;
  const raise = `start the server with ${LOG_VARIABLE} set higher`;
  if (of === "new") {
    throw new ConflictError(
      `the log holds ${answers.toLocaleString("en")} answers, over the most an encounter on the server keeps (${most.toLocaleString("en")})`,
      "log",
      `play it on with the fray command, which has no such limit (fray play log.jsonl), or branch it at an earlier answer; or ${raise}`,
    );
  }
  const id = of.encounter;
  const stopped = of.autoplay === true ? "auto-play stopped, storing nothing, where " : "";
  throw new ConflictError(
    `${stopped}encounter ${id}'s log would hold ${answers.toLocaleString("en")} answers, over the most an encounter on the server keeps (${most.toLocaleString("en")})`,
    "log",
    `play the fight on with the fray command, which has no such limit: save its log (GET /encounters/${id}/log, or "Download the log" under its history) and run fray play on it; or ${raise}`,
  );
}
