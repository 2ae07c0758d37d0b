// A die as the log writes it (src/core/dice/format.ts: `6` with marks, `!` exploded, `r`
// rerolled, `d` dropped, `*` success, `_` failure), read back into its face and what the marks
// say in words, so that the console draws a dropped die struck through instead of "13d".

export type DieMark = "exploded" | "rerolled" | "dropped" | "success" | "failure";

const MARKS: Readonly<Record<string, DieMark>> = {
  "!": "exploded",
  r: "rerolled",
  d: "dropped",
  "*": "success",
  _: "failure",
};

export interface MarkedDie {
  /** The face rolled, or the whole text when it is not a die as the log writes one. */
  readonly face: string;
  readonly marks: readonly DieMark[];
}

export function readDie(text: string): MarkedDie {
  const m = /^(-?\d+)([!rd*_]*)$/.exec(text.trim());
  if (m === null) return { face: text, marks: [] };
  return { face: m[1]!, marks: [...m[2]!].map((c) => MARKS[c]!) };
}
