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

/** The faces an example may show, in order: karn's strike and dodge "14 7". */
const EXAMPLE = [14, 7, 5, 3];

/**
 * An example of the dice of `notation` typed each as rolled, one per die, every one a face of
 * its die that does not explode: "14 7" for karn's 2d20, "5 7 5 3" for dungeons-of-olde's
 * 2d10!+2d8! (not a 14, which no d10 shows), "3 3" for its 2d8!7 (a 7 explodes: it would ask
 * for one more die), six faces for 2d10!+2d10!+2d10! (four left the box refusing them).
 */
export function diceExample(notation: string): string {
  const dice = [...notation.matchAll(/(\d*)d(\d+)(!(\d*))?/g)].flatMap(([, n, size, bang, at]) => {
    const faces = Number(size);
    // The lowest face that explodes: the one after "!", else the highest; none without "!".
    const explodes = bang === undefined ? faces + 1 : Number(at || faces);
    return Array<number>(Number(n || 1)).fill(Math.min(faces + 1, explodes));
  });
  // No dice read: one of six faces.
  return (dice.length === 0 ? [7] : dice)
    .map((above, i) => {
      const v = EXAMPLE[i % EXAMPLE.length]!;
      return v < above ? v : Math.max(1, Math.min(Math.ceil((above - 1) / 2), above - 1));
    })
    .join(" ");
}

/**
 * The dice box's example for a roll of `notation`: its own dice each as rolled ("each die, e.g.
 * 14 7" where the rules want each die), or with the total alone when that is taken too ("e.g. 3 3
 * 5, or =11"); one die alone is its total ("e.g. 14"). Every roll read "e.g. 5 3 4, or =17",
 * three dice for tnt's d20 initiative, which the API refused ("3 dice typed but 1d20 used 1").
 */
export function diceBoxExample(notation: string, eachDie: boolean): string {
  const example = diceExample(notation);
  if (eachDie) return `each die, e.g. ${example}`;
  const dice = example.split(" ").map(Number);
  if (dice.length === 1) return `e.g. ${example}`;
  return `e.g. ${example}, or =${dice.reduce((a, b) => a + b, 0)}`;
}
