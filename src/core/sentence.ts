// Text that begins a line or a sentence: its first letter a capital. Labels are written to be
// used mid-sentence ("the first round's initiative"), and every place that heads a line with one
// (the roll prompt, a table's headings, the console's labels) calls this.

/** `text` with its first letter a capital: "the giant's turn" -> "The giant's turn". */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A name from a table that capitalizes its rows ("Short sword", "Longsword") as it reads inside
 * a sentence: "hits Grub with the short sword". A name whose second letter is a capital too (an
 * acronym) is kept.
 */
export function midSentence(name: string): string {
  return /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/**
 * A side's or a combatant's name as it reads inside a sentence: one that begins with "The" is
 * lowered ("The fight is over: the sellswords win"), a proper name kept ("Tombril wins").
 */
export function nameInSentence(name: string): string {
  return /^The\s/u.test(name) ? `t${name.slice(1)}` : name;
}
