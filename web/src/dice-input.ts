// Dice typed in from the table: "5 3 4 3 2" (each die as rolled, explosions included, in order)
// or "=17" (the result only). The API checks them against the notation; this only reads them.
import type { Answer } from "./types.js";

export type DiceInput =
  { readonly ok: true; readonly answer: Answer } | { readonly ok: false; readonly message: string };

export function readDice(text: string): DiceInput {
  const trimmed = text.trim();
  const total = /^=\s*(-?\d+)$/.exec(trimmed);
  if (total !== null) return { ok: true, answer: { total: Number(total[1]) } };
  const parts = trimmed.split(/[\s,]+/).filter((p) => p !== "");
  if (parts.length === 0) return { ok: false, message: "type the dice rolled, e.g. 5 3 4" };
  const bad = parts.find((p) => !/^\d+$/.test(p));
  if (bad !== undefined) {
    return { ok: false, message: `"${bad}" is not a die: type whole numbers, or =total` };
  }
  return { ok: true, answer: { dice: parts.map(Number) } };
}
