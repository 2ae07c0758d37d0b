// Alternatives as a sentence says them: "Bolt", "Bolt or Cudgel", "Bolt, Knife or Cudgel". Used
// by labels and prompts (the foes a die picks among, the numbers a person may type).

/** `items` joined with commas and a last "or". */
export function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)!}`;
}
