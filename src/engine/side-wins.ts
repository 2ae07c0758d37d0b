// "The goblins win", "The party wins": a side's win in words, the verb agreeing with the side's
// name. A name is taken as plural when it joins names ("Cedryk and Janine") or its last word
// ends in a plural -s ("The goblins"; not "The Boss", "Sir Aldous", "Boris").

/** Is a side's name plural (takes "win" rather than "wins")? */
export function pluralName(name: string): boolean {
  const words = name.trim().split(/\s+/);
  const last = words[words.length - 1] ?? "";
  return words.includes("and") || (/s$/i.test(last) && !/(?:ss|us|is|'s)$/i.test(last));
}

/** "<name> wins", or "<name> win" for a plural name. */
export function sideWins(name: string): string {
  return `${name} ${pluralName(name) ? "win" : "wins"}`;
}
