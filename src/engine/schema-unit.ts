// The unit a number answer is in ("feet"), said by its JSON Schema (`x-fray-unit`, an extension
// keyword as empty-list.ts's), so that a console shows it by the box without knowing the ruleset.
import type { z } from "zod";

/** The JSON Schema keyword that names a number's unit. */
export const UNIT_KEYWORD = "x-fray-unit";

/** `schema` with the unit its number is in, in the game's words ("feet"). */
export function inUnit<T extends z.ZodType>(schema: T, unit: string): T {
  return schema.meta({ [UNIT_KEYWORD]: unit });
}
