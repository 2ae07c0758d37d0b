// How deep the data Fray reads may nest. Its own files and logs nest a few levels; the schemas
// that read them walk a value by recursion, and a line of JSON or a YAML file nested thousands
// deep ran them out of stack (a RangeError the server answered as its own failure, a 500), so such
// data is refused first, with the place it came from.
import { InputError } from "./input-error.js";

/** Deepest nesting of lists and mappings in a file or a line of a log. */
export const MAX_NESTING = 64;

/** Fails when `value` nests lists and mappings deeper than MAX_NESTING (walked without recursion). */
export function checkNesting(value: unknown, source: string): void {
  const stack: [unknown, number][] = [[value, 1]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, depth] = top;
    if (typeof node !== "object" || node === null) continue;
    if (depth > MAX_NESTING) {
      throw new InputError(
        `${source}: lists and mappings nested more than ${MAX_NESTING} deep`,
        source,
        "a Fray file nests a few levels (combatants, a weapon, its fields): check that this is the file you meant",
      );
    }
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
}
