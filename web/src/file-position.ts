// Where a refused encounter file went wrong, in the text the GM pasted: the API names a YAML or
// JSON syntax error as "file:LINE:COLUMN"; this finds that place in the box's text.

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
  /** The key as the file has it, and whose it is: "weapon, in Aldric's stat block". */
  readonly what: string;
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
  const who = owner === undefined ? "" : `${String(owner)}'s stat block`;
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
    const found = depth === path.length;
    const key = String(path.findLast((k) => typeof k === "string") ?? "");
    const what = !found
      ? `${key}, missing from ${who || "here"}`
      : typeof last === "number"
        ? who || "this entry"
        : who === ""
          ? key
          : `${key}, in ${who}`;
    return { line, column: col, what };
  }
  return null;
}
