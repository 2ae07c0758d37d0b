// A name found as a word of its own in a text: "Oswin" in "Oswin's attack scores 22", not in
// "Oswinson". The last result (which decision answers whose action) and a player's view (which
// texts name another side's combatant) both look for names this way.

/** `text` as a regular expression matching it literally. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A name as a word of its own (not inside another word); `flags` as RegExp's ("iu", "giu"). */
export const wordOf = (name: string, flags: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])${literal(name)}(?![\\p{L}\\p{N}])`, flags);
