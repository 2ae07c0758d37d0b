// The sources this ruleset's values cite besides the chapter (the provenance shorthands
// themselves are the engine's: engine/provenance.ts).

/** The rulebook the chapter house-rules, for the tables it takes for granted. */
export const SW_COMPLETE = "Swords & Wizardry Complete (Matthew J. Finch, Mythmere Games)";
