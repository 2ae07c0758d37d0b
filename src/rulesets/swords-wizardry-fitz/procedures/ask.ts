// The engine's lazy questions (engine/lazy-question.ts), with this ruleset's own helpers.
export { ask, askYesNo, type LazyQuestion } from "../../../engine/lazy-question.js";
import { z } from "zod";

/** One of listed string answers. */
export function oneOf(values: readonly string[], what: string): z.ZodType<string> {
  return z
    .string({ error: `${what}: one of ${values.join(", ")}` })
    .refine((v) => values.includes(v), { error: `${what}: one of ${values.join(", ")}` });
}
