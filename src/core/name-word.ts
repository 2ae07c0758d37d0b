// A name found as a word of its own in a text: "Oswin" in "Oswin's attack scores 22", not in
// "Oswinson". The last result (which decision answers whose action) and a player's view (which
// texts name another side's combatant) both look for names this way; a player's view looks for
// every name of a fight at once (wordsOf).

/** `text` as a regular expression matching it literally. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `pattern` matched only as a word of its own: no letter or digit just before or after it. */
const asWord = (pattern: string, flags: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, flags);

/** A name as a word of its own (not inside another word); `flags` as RegExp's ("iu", "giu"). */
export const wordOf = (name: string, flags: string): RegExp => asWord(literal(name), flags);

/**
 * Any of `names` as a word of its own, the longest first where two start at once ("Orc 3" over
 * "Orc"): one expression for a fight's names, where one per name made a large fight's texts
 * slow to read (300 combatants' 600 names and ids, each compiled and run over every text). Null
 * when there is no name to look for.
 */
export function wordsOf(names: Iterable<string>, flags: string): RegExp | null {
  const kept = [...new Set(names)].filter((n) => n !== "").sort((a, b) => b.length - a.length);
  if (kept.length === 0) return null;
  return asWord(`(?:${kept.map(literal).join("|")})`, flags);
}
