// Shorthands for where a ruleset's value came from (the Ruleset contract's `Provenance`): the
// chapter, a cited source, or a default of Fray's and why.
import type { Provenance } from "./ruleset.js";

export const chapter = (ref: string): Provenance => ({ source: "chapter", ref });
export const cited = (ref: string): Provenance => ({ source: "cited", ref });
export const byDefault = (ref: string): Provenance => ({ source: "default", ref });
