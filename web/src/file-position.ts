// Where a refused encounter file went wrong, in the text the GM pasted: the API names a YAML or
// JSON syntax error as "file:LINE:COLUMN"; this finds that place in the box's text, and a field
// it refuses by its line and by the title the builder's form gives it.
import { schemaAt, type Schema } from "./schema-form.js";

export interface FilePosition {
  readonly line: number;
  readonly column: number;
}

/** The line and column an error's `where` names ("file:6:1"), or null for a field path. */
export function positionOf(where: string | undefined): FilePosition | null {
  const m = /^file:(\d+):(\d+)$/.exec(where ?? "");
  return m === null ? null : { line: Number(m[1]), column: Number(m[2]) };
}

/** The start and end (offsets into `text`) of line `line` (from 1), clamped to the text. */
export function lineRange(text: string, line: number): { start: number; end: number } {
  let start = 0;
  for (let l = 1; l < line; l += 1) {
    const next = text.indexOf("\n", start);
    if (next === -1) return { start: text.length, end: text.length };
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return { start, end: end === -1 ? text.length : end };
}

/** Where in the pasted text a refused field is: its line and what it is, said as the GM wrote it. */
export interface FieldPlace extends FilePosition {
  /**
   * The field by its title in the builder's form and its key as the file has it, and whose it is:
   * "Weapon (weapon) of Aldric"; a key the file lacks: "Hit points (hitPoints), missing from
   * Brenna's stat block".
   */
  readonly what: string;
}

/** A path of the file ("combatants", 0, "weapon"), as a field's title (null: none known). */
export type TitleAt = (path: readonly (string | number)[]) => string | null;

/**
 * The titles of a ruleset's forms (GET /rulesets/:id's `stats` and `options`), by a path of the
 * file: a combatant's field as the builder labels its box ("combatants", 2, "hitPoints": "Hit
 * points"), an option's the same.
 */
export function titlesOf(stats: Schema, options: Schema): TitleAt {
  return (path) => {
    const field =
      path[0] === "combatants" && typeof path[1] === "number"
        ? schemaAt(stats, path.slice(2))
        : path[0] === "options"
          ? schemaAt(options, path.slice(1))
          : null;
    return typeof field?.title === "string" ? field.title : null;
  };
}

/** "Hit points (hitPoints)"; a key whose title says no more than it, the key alone ("seed"). */
function titled(key: string, title: string | null): string {
  return title === null || title.toLowerCase() === key.toLowerCase() ? key : `${title} (${key})`;
}

/** The path an error's `where` names ("file: combatants[0].weapon"), or null for none. */
export function fieldPath(where: string | undefined): (string | number)[] | null {
  const m = /^file:\s+(\S.*)$/.exec(where ?? "");
  if (m === null) return null;
  const path: (string | number)[] = [];
  for (const [, key, index] of m[1]!.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    path.push(index === undefined ? key! : Number(index));
  }
  return path.length === 0 ? null : path;
}

/**
 * The line of the field an error's `where` names in the YAML or JSON `text` (the key's line, or
 * the nearest enclosing one the text has when the key is missing), with what it is; null when
 * the text does not parse or `where` names no field. The YAML parser loads with it, not at the
 * console's first load.
 */
export async function fieldPlace(
  text: string,
  where: string | undefined,
  titleAt: TitleAt = () => null,
): Promise<FieldPlace | null> {
  const path = fieldPath(where);
  if (path === null) return null;
  const { LineCounter, parseDocument, isMap, isSeq, isScalar } = await import("yaml");
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0) return null;
  const owner =
    path[0] === "combatants" && typeof path[1] === "number"
      ? (doc.getIn(["combatants", path[1], "name"]) ?? doc.getIn(["combatants", path[1], "id"]))
      : undefined;
  const who = owner === undefined ? "" : String(owner);
  for (let depth = path.length; depth > 0; depth -= 1) {
    const parent = depth === 1 ? doc.contents : doc.getIn(path.slice(0, depth - 1), true);
    const last = path[depth - 1]!;
    let offset: number | undefined;
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === last);
      offset = isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
    } else if (isSeq(parent) && typeof last === "number") {
      const item = parent.items[last];
      offset = isMap(item) || isSeq(item) || isScalar(item) ? item.range?.[0] : undefined;
    }
    if (offset === undefined) continue;
    const { line, col } = lines.linePos(offset);
    const keyAt = path.findLastIndex((k) => typeof k === "string");
    const key = String(path[keyAt] ?? "");
    const field = titled(key, titleAt(path.slice(0, keyAt + 1)));
    const of = who === "" ? "" : ` of ${who}`;
    const what =
      depth < path.length
        ? `${field}, missing from ${who === "" ? "here" : `${who}'s stat block`}`
        : path.length === 2 && key === "combatants"
          ? `${who === "" ? "this" : `${who}'s`} stat block`
          : typeof last === "number"
            ? `${titleAt(path) ?? key} ${last + 1} (${key}[${last}])${of}`
            : `${field}${of}`;
    return { line, column: col, what };
  }
  return null;
}

/** The ruleset a pasted file names (its `ruleset:`), or null when it names none or does not parse. */
export async function rulesetOf(text: string): Promise<string | null> {
  const { parseDocument } = await import("yaml");
  const doc = parseDocument(text);
  const id = doc.errors.length > 0 ? undefined : doc.get("ruleset");
  return typeof id === "string" ? id : null;
}

/**
 * Whether a pasted or opened text is a fight's log (`fray-log/1` JSON lines, as the fight page's
 * Download the log saves it) rather than an encounter file: its first line is the log's header.
 */
export function isLog(text: string): boolean {
  const first = text.trimStart().split("\n", 1)[0] ?? "";
  if (!first.startsWith("{")) return false;
  try {
    const header = JSON.parse(first) as { format?: unknown };
    return typeof header.format === "string" && header.format.startsWith("fray-log/");
  } catch {
    return false;
  }
}
