// The engine's lazy questions (engine/lazy-question.ts), with this ruleset's own helpers.
export { ask, askYesNo, yesNoQuestion, type LazyQuestion } from "../../../engine/lazy-question.js";
import { z } from "zod";
import { inUnit } from "../../../engine/schema-unit.js";

/** A whole number of feet, from 0 to `max`. */
export function feetSchema(max: number): z.ZodType<number> {
  return inUnit(
    z
      .number({ error: `a whole number of feet from 0 to ${max}` })
      .int({ error: `a whole number of feet from 0 to ${max}` })
      .min(0, { error: `a whole number of feet from 0 to ${max}` })
      .max(max, { error: `a whole number of feet from 0 to ${max}` }),
    "feet",
  );
}
