// How many encounters one database holds (docs/http-api.md, "Limits and heavy work"): a console
// or a script stuck in a loop of new encounters or branches would otherwise fill the disk, and
// the encounters' list (GET /encounters reads them all) grows with it. The count is the
// database's, all servers on it together; a few requests at once may each find the last place.
import { envLimit } from "../app/env-limits.js";
import { ConflictError } from "./errors.js";

/**
 * Most encounters a database holds, branches included, unless FRAY_MAX_ENCOUNTERS says otherwise:
 * a table playing a fight a week with a few what-ifs each stores some hundreds a year; GET /encounters reads them all (1,000 of tnt's group fight took 1.0-1.4 s of the server's one thread at load 19, 10,000 took 10-17 s).
 */
export const MAX_ENCOUNTERS = 1_000;

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
