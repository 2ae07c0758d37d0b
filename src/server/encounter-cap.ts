// How many encounters one database holds (docs/http-api.md, "Limits and heavy work"): a console
// or a script stuck in a loop of new encounters or branches would otherwise fill the disk, and
// the encounters' list (GET /encounters lists them all) grows with it. The count is the
// database's, all servers on it together; a few requests at once may each find the last place.
import { envLimit } from "../app/env-limits.js";
import { ConflictError } from "./errors.js";

/**
 * Most encounters a database holds, branches included, unless FRAY_MAX_ENCOUNTERS says otherwise:
 * a table playing a fight a week with a few what-ifs each stores some hundreds a year. GET
 * /encounters lists them all, from each one's summary (store.ts, EncounterListing): 10,000 of
 * tnt's group fight took 0.12-0.20 s on SQLite and 0.14-0.17 s on PostgreSQL at load 2-4, 1.4-2.4 s
 * at load 21-24 (docs/benchmarks.md, "The encounters' list"); it was 1,000 while the list read
 * every encounter whole (10,000 took 1.4-2.5 s at load 2-4).
 */
export const MAX_ENCOUNTERS = 10_000;

/** The environment variable that raises MAX_ENCOUNTERS. */
export const ENCOUNTERS_VARIABLE = "FRAY_MAX_ENCOUNTERS";

/** Refuses a new encounter when the database holds `held` already, as many as it may. */
export function checkRoomForEncounter(held: number): void {
  const most = envLimit(ENCOUNTERS_VARIABLE, MAX_ENCOUNTERS);
  if (held < most) return;
  throw new ConflictError(
    `the database holds ${held.toLocaleString("en")} encounters, the most it keeps (${most.toLocaleString("en")})`,
    "encounters",
    `delete encounters you no longer need (DELETE /encounters/:id, or Delete on the console's list; a fight's log is kept by GET /encounters/:id/log), or start the server with ${ENCOUNTERS_VARIABLE} set higher`,
  );
}
