// Alternatives and lists as a sentence says them: "Bolt", "Bolt or Cudgel", "Bolt, Knife or
// Cudgel"; "Knife's attack and Knife's damage". Used by labels and prompts (the foes a die picks
// among, the numbers a person may type) and a player's screen (what the GM tells at the table).

/** `items` joined with commas and a last `word`. */
function spoken(items: readonly string[], word: string): string {
  return items.length < 2
    ? items.join("")
    : `${items.slice(0, -1).join(", ")} ${word} ${items.at(-1)!}`;
}

/** `items` joined with commas and a last "or": alternatives. */
export const orList = (items: readonly string[]): string => spoken(items, "or");

/** `items` joined with commas and a last "and": all of them. */
export const andList = (items: readonly string[]): string => spoken(items, "and");
