// Shorthands for where a value came from (the chapter, a cited source, or our default and why).
import type { Provenance } from "../../../engine/ruleset.js";

export const chapter = (ref: string): Provenance => ({ source: "chapter", ref });
export const byDefault = (ref: string): Provenance => ({ source: "default", ref });
