// A modifier as rules text writes it: `+3`, `-2`, `+0`; with a gap, `+ 3`, `- 2` (the way a sum
// is spelled out: `d20 + 3`). Used by explanations, labels and prompts of every ruleset.

/** `n` with its sign: `+3`, `-2`, `+0`; `gap` goes between the sign and the number. */
export function signed(n: number, gap = ""): string {
  return n < 0 ? `-${gap}${-n}` : `+${gap}${n}`;
}
