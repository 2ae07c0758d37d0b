// Explanations: one entry for every result, citing the rule that produced it, readable by
// people ("tnt, Calculating hit or miss: ...") and by programs (`section`, `data`).
import type { Section } from "./choice.js";
import type { Json } from "./json.js";

export interface Explanation {
  /** How many answers had been given when this was explained: ties it to the log. */
  readonly at: number;
  readonly section: string;
  readonly rule: string;
  readonly text: string;
  readonly data?: Json;
}

export function makeExplanation(
  rulesetId: string,
  at: number,
  section: Section,
  text: string | (() => string),
  data: Json | undefined,
): Explanation {
  const body = typeof text === "string" ? text : text();
  const rule = `${rulesetId}, ${section.title}`;
  return data === undefined
    ? { at, section: section.id, rule, text: body }
    : { at, section: section.id, rule, text: body, data };
}

export function formatExplanation(e: Explanation): string {
  return `${e.rule}: ${e.text}`;
}
