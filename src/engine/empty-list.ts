// What an empty list or box of a combatant's means in the game (no weapon listed: it fights
// bare-handed; no combat dice given: Fray's 3), said by its JSON Schema (`x-fray-empty`, an
// extension keyword as OpenAPI's `x-` ones), so that a form shows it where the list or box is
// empty (the console's builder: under a list, in a box as its placeholder) without knowing the
// ruleset. A value with a `default` needs none: the default is what empty means.
import type { z } from "zod";

/** The JSON Schema keyword that says what an empty list or box means. */
export const EMPTY_KEYWORD = "x-fray-empty";

/** `list` (or a box) with what it means when it is empty, in the game's words. */
export function emptyMeans<T extends z.ZodType>(list: T, meaning: string): T {
  return list.meta({ [EMPTY_KEYWORD]: meaning });
}
