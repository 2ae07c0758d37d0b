// A decision answered with a number (how many feet a Charge carries one beyond its Move): its
// bounds and unit, from the decision's JSON Schema, in words by the box ("a whole number of feet
// from 0 to 1000"), so that the GM need not guess what the server takes.
import { UNIT_KEYWORD } from "../../src/engine/schema-unit.js";
import type { Schema } from "./schema-form.js";

export interface NumberAnswer {
  readonly min?: number;
  readonly max?: number;
  readonly whole: boolean;
  readonly unit?: string;
  /** What the box takes, in words. */
  readonly words: string;
}

/** A bound the schema sets; zod's `.int()` alone bounds by the safe integers, which say nothing. */
const boundOr = (v: unknown) =>
  typeof v === "number" && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : undefined;

/** The number the schema asks for, or null when it asks for something else. */
export function numberAnswer(schema: Schema): NumberAnswer | null {
  if (schema.type !== "integer" && schema.type !== "number") return null;
  const min = boundOr(schema.minimum);
  const max = boundOr(schema.maximum);
  const whole = schema.type === "integer";
  const unit = typeof schema[UNIT_KEYWORD] === "string" ? schema[UNIT_KEYWORD] : undefined;
  const what = `${whole ? "a whole number" : "a number"}${unit === undefined ? "" : ` of ${unit}`}`;
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` from ${min} up`
        : max !== undefined
          ? ` up to ${max}`
          : "";
  return {
    whole,
    words: what + range,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    ...(unit === undefined ? {} : { unit }),
  };
}
