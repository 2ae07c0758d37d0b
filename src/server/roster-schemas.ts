// What the HTTP API takes and tells of the rosters (roster-store.ts): a ruleset's party and
// bestiary, each entry a stat block as an encounter file lists a combatant.
import { z } from "zod";
import { ROSTER_KINDS } from "./roster-store.js";

const roster = z
  .enum(ROSTER_KINDS)
  .describe('"party" (the players\' characters) or "bestiary" (the foes)');

export const rosterEntrySchema = z.object({
  id: z.number().int(),
  ruleset: z.string(),
  roster,
  combatant: z
    .record(z.string(), z.unknown())
    .describe("the stat block: id, name, side (optional) and the ruleset's stats"),
  createdAt: z.string(),
});

export const rosterListSchema = z.object({ entries: z.array(rosterEntrySchema) });

export const rosterQuery = z.strictObject({
  ruleset: z.string().optional().describe("only this ruleset's entries"),
  roster: roster.optional().describe("only this roster's entries"),
});

export const newRosterEntryBody = z.strictObject({
  ruleset: z.string().describe("the ruleset whose stats the stat block holds"),
  roster,
  combatant: z
    .record(z.string(), z.unknown())
    .describe(
      "the stat block as an encounter file lists a combatant (docs/encounter-format.md): id, name, side (optional) and the ruleset's stats, which the ruleset checks",
    ),
});
