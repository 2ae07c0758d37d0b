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
