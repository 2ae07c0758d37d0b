// A panel's figures as a spreadsheet takes them pasted: a row a line, its cells split by tabs
// (what a spreadsheet splits a paste by; commas stay in one cell), counts as whole numbers and
// chances as percentages with two decimals ("48.65%", which a spreadsheet reads as the number
// 0.4865), not the panel's rounded ones.

/** A cell: a word or a number as it is written. */
export type Cell = string | number;

/** A chance as a spreadsheet's percentage, two decimals unless told: 0.48651 is "48.65%". */
export const percentCell = (p: number, digits = 2): string => `${(100 * p).toFixed(digits)}%`;

/** A mean as a number to two decimals, or an empty cell for none. */
export const meanCell = (x: number | null): Cell => (x === null ? "" : Number(x.toFixed(2)));

/** How long the fights lasted, a row each: the mean, the median and the 90th percentile. */
export function roundsRows(rounds: {
  readonly mean: number;
  readonly median: number;
  readonly p90: number;
}): Cell[][] {
  return [
    ["rounds on average", meanCell(rounds.mean)],
    ["half the fights end within (rounds)", rounds.median],
    ["nine in ten end within (rounds)", rounds.p90],
  ];
}

/** The rows tab-separated, a line each; a cell's own tabs and line breaks become spaces. */
export function tabSeparated(rows: readonly (readonly Cell[])[]): string {
  const cell = (c: Cell) => String(c).replace(/[\t\r\n]+/g, " ");
  return rows.map((row) => row.map(cell).join("\t")).join("\n") + "\n";
}
