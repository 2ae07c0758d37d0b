// A panel's figures as a spreadsheet takes them pasted: a row a line, its cells split by tabs
// (what a spreadsheet splits a paste by; commas stay in one cell), counts as whole numbers and
// chances as percentages with two decimals ("48.65%", which a spreadsheet reads as the number
// 0.4865), not the panel's rounded ones.

/** A cell: a word or a number as it is written. */
export type Cell = string | number;

/** A chance as a spreadsheet's percentage, two decimals: 0.48651 is "48.65%". */
export const percentCell = (p: number): string => `${(100 * p).toFixed(2)}%`;

/** The rows tab-separated, a line each; a cell's own tabs and line breaks become spaces. */
export function tabSeparated(rows: readonly (readonly Cell[])[]): string {
  const cell = (c: Cell) => String(c).replace(/[\t\r\n]+/g, " ");
  return rows.map((row) => row.map(cell).join("\t")).join("\n") + "\n";
}
