// What a player's screen says under the last result about what the GM keeps back (docs/console.md,
// "What each role sees"): what each kept roll and ruling is about and the rules whose numbers it
// keeps, without the numbers, where "3 more the GM tells at the table" said only how many.
import { andList } from "../../src/engine/or-list.js";

export interface Withheld {
  readonly withheld: number;
  /** The kept rolls and rulings, each said without its numbers ("Knife's damage"). */
  readonly told: readonly string[];
  /** The titles of the rules whose explanations are kept ("Melee Attacks"). */
  readonly rules: readonly string[];
}

/** The line under the last result, or null when the GM keeps nothing back. */
export function withheldText({ withheld, told, rules }: Withheld): string | null {
  if (withheld === 0) return null;
  const parts = [told.length === 0 ? "" : andList(told)];
  const quoted = rules.map((r) => `“${r}”`);
  if (rules.length > 0)
    parts.push(`the numbers under the rule${rules.length === 1 ? "" : "s"} ${andList(quoted)}`);
  const said = parts.filter((p) => p !== "").join("; ");
  return said === ""
    ? `${withheld} more the GM tells at the table.`
    : `The GM tells at the table: ${said}.`;
}
