// What an empty list of a combatant's means in the game (no weapon listed: it fights bare-handed),
// said by its JSON Schema (`x-fray-empty`, an extension keyword as OpenAPI's `x-` ones), so that a
// form shows it where the list is empty (the console's builder) without knowing the ruleset.
import type { z } from "zod";

/** The JSON Schema keyword that says what an empty list means. */
export const EMPTY_KEYWORD = "x-fray-empty";

/** `list` with what it means when it is empty, in the game's words. */
export function emptyMeans<T extends z.ZodType>(list: T, meaning: string): T {
  return list.meta({ [EMPTY_KEYWORD]: meaning });
}
