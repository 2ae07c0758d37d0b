// The sources this ruleset's values cite besides the chapter (the provenance shorthands
// themselves are the engine's: engine/provenance.ts).

/** The Dungeons of Olde core rules the chapter links to, as RULES-NOTES.md (004) reads them. */
export const CORE_RULES =
  "Dungeons of Olde core rules (dungeonsofolde.com), as RULES-NOTES.md 004 gives them";
/** The Combat Reference sheet of dungeonsofolde.com (turns, phases, the action tables). */
export const COMBAT_REFERENCE =
  "Dungeons of Olde Combat Reference (dungeonsofolde.com/resources/sheets/combat)";
/** The Injury and Healing Reference sheet of dungeonsofolde.com. */
export const INJURY_REFERENCE =
  "Dungeons of Olde Injury and Healing Reference (dungeonsofolde.com/resources/sheets/injury)";
