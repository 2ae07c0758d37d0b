// Text for a roll: `[6!, 4, 2d] = 12`, or the expression with each dice term replaced by its dice.
import type { Span } from "./ast.js";
import type { DieResult, Roll } from "./trace.js";

/** A die as `6`, with marks: `!` exploded, `r` rerolled, `d` dropped, `*` success, `_` failure. */
export function formatDie(die: DieResult): string {
  let s = String(die.value);
  if (die.exploded) s += "!";
  if (die.rerolled) s += "r";
  if (die.dropped) s += "d";
  if (die.success) s += "*";
  if (die.failure) s += "_";
  return s;
}

function byTerm(roll: Roll, terms: number): string[] {
  const groups: string[][] = Array.from({ length: terms }, () => []);
  for (const die of roll.dice) (groups[die.term] ??= []).push(formatDie(die));
  return groups.map((g) => `[${g.join(", ")}]`);
}

/**
 * `[6!, 4, 2d] = 12`. Given the expression text and its dice terms' spans, the text is kept and
 * each term is replaced by its dice: `[6, 4, 3, 1d]+2 = 15`.
 */
export function formatRollText(roll: Roll, text?: string, spans?: readonly Span[]): string {
  if (text === undefined || spans === undefined) {
    const terms = roll.dice.reduce((n, d) => Math.max(n, d.term + 1), 0);
    const shown = byTerm(roll, terms);
    return `${shown.length === 0 ? (text ?? "") : shown.join(" ")} = ${roll.total}`;
  }
  const shown = byTerm(roll, spans.length);
  let out = "";
  let at = 0;
  spans.forEach((span, i) => {
    out += text.slice(at, span.start) + (shown[i] ?? "[]");
    at = span.end;
  });
  out += text.slice(at);
  return `${out.trim()} = ${roll.total}`;
}
