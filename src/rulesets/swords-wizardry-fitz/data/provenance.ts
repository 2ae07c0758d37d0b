// Shorthands for where a value came from: the chapter, a cited source, or our default and why.
import type { Provenance } from "../../../engine/ruleset.js";

export const chapter = (ref: string): Provenance => ({ source: "chapter", ref });
export const cited = (ref: string): Provenance => ({ source: "cited", ref });
export const byDefault = (ref: string): Provenance => ({ source: "default", ref });

/** The rulebook the chapter house-rules, for the tables it takes for granted. */
export const SW_COMPLETE = "Swords & Wizardry Complete (Matthew J. Finch, Mythmere Games)";
