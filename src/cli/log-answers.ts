// A log given with --log (`fray sim`, `fray advise`): the answers of a fight in progress, to be
// carried on from with the encounter file given beside it. The log must be of that encounter (the
// same ruleset and the same setup: sides, combatants, switches, options, and the same late
// arrivals' tactics) and must replay; every
// error names the log, and a log of another encounter says what differs.
import type { Encounter } from "../engine/encounter.js";
import type { EncounterDefinition } from "../engine/encounter-file.js";
import { formatPath, InputError, type PathPart } from "../engine/input-error.js";
import { readLog } from "../engine/log.js";
import { rulesets } from "../app/rulesets.js";
import { readText } from "../app/files.js";

/** The first place where two plain data values differ, and the values there; none if equal. */
function firstDifference(
  a: unknown,
  b: unknown,
  path: readonly PathPart[] = [],
): { path: readonly PathPart[]; a: unknown; b: unknown } | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null)
    return { path, a, b };
  const list = Array.isArray(a);
  if (list !== Array.isArray(b)) return { path, a, b };
  if (list && (a as unknown[]).length !== (b as unknown[]).length) return { path, a, b };
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    const part = list ? Number(key) : key;
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      [...path, part],
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A path into a setup as the encounter file spells it (a combatant's stats sit beside its id). */
function filePath(path: readonly PathPart[]): string {
  const file = path[0] === "combatants" && path[2] === "stats" ? path.toSpliced(2, 1) : path;
  return formatPath(file) || "the encounter";
}

function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return `${value.length} entries`;
  return typeof value === "object" && value !== null ? "other fields" : JSON.stringify(value);
}

/**
 * The log at `logPath`, replayed, after checking that it is a log of the encounter that
 * `definition` describes (read from `encounterPath`).
 */
export function readLogOf(
  logPath: string,
  definition: EncounterDefinition,
  encounterPath: string,
): Encounter {
  const logged = readLog(readText(logPath), rulesets, logPath).encounter;
  const theirs = logged.definition;
  if (theirs.ruleset.id !== definition.ruleset.id) {
    throw new InputError(
      `${logPath}: the log is of a ${theirs.ruleset.id} encounter, ${encounterPath} of ${definition.ruleset.id}`,
      logPath,
      `give the encounter file that the log was played from`,
    );
  }
  const difference =
    firstDifference(theirs.setup, definition.setup) ??
    firstDifference(theirs.arrivalTactics, definition.arrivalTactics, ["arrivalTactics"]);
  if (difference !== undefined) {
    const where = filePath(difference.path);
    throw new InputError(
      `${logPath}: the log is of another encounter than ${encounterPath}: ${where} is ${shown(difference.a)} in the log, ${shown(difference.b)} in ${encounterPath}`,
      logPath,
      `give the encounter file that the log was played from (the log holds it: fray play ${logPath} resumes it)`,
    );
  }
  return logged;
}
