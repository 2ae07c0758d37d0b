// Shorthands for where a value came from: the chapter, a cited source, or our default and why.
import type { Provenance } from "../../../engine/ruleset.js";

export const chapter = (ref: string): Provenance => ({ source: "chapter", ref });
export const cited = (ref: string): Provenance => ({ source: "cited", ref });
export const byDefault = (ref: string): Provenance => ({ source: "default", ref });

/** The Dungeons of Olde core rules the chapter links to, as RULES-NOTES.md (004) reads them. */
export const CORE_RULES =
  "Dungeons of Olde core rules (dungeonsofolde.com), as RULES-NOTES.md 004 gives them";
/** The Combat Reference sheet of dungeonsofolde.com (turns, phases, the action tables). */
export const COMBAT_REFERENCE =
  "Dungeons of Olde Combat Reference (dungeonsofolde.com/resources/sheets/combat)";
/** The Injury and Healing Reference sheet of dungeonsofolde.com. */
export const INJURY_REFERENCE =
  "Dungeons of Olde Injury and Healing Reference (dungeonsofolde.com/resources/sheets/injury)";
