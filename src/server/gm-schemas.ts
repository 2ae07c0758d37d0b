// What the HTTP API tells and takes of the GM's hand (engine/gm-changes.ts): what the GM may
// change on each combatant where the fight stands (each field labelled, with the JSON Schema of
// the values it allows now), the ruleset's conditions, the combatants a late arrival can copy,
// and a change to make.
import { z } from "zod";

const version = z.number().int().min(1).optional().describe("the version the change is made on");

export const gmChangeBody = z.strictObject({
  version,
  change: z
    .record(z.string(), z.unknown())
    .describe(
      'the change: {"op": "set", combatant, field, value}, {"op": "add-condition", combatant, condition, rounds?}, {"op": "remove-condition", combatant, condition}, {"op": "add-combatant", combatant: {id, name, side, tactics?, ...stats}, place?} (its tactics are stored with the encounter definition, not in the log), {"op": "remove-combatant", combatant}, {"op": "end", winner, reason}',
    ),
});

export const gmSchema = z.object({
  combatants: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        side: z.string(),
        out: z.boolean(),
        fields: z
          .array(
            z.object({
              key: z.string().describe('what a "set" change names as its field'),
              label: z.string().describe('as a player says it: "Stamina (SP)"'),
              value: z.unknown().describe("its value now"),
              schema: z
                .record(z.string(), z.unknown())
                .describe("JSON Schema of the values allowed now"),
              choices: z
                .array(z.object({ value: z.unknown(), label: z.string() }))
                .optional()
                .describe("every allowed value, when they can be listed"),
            }),
          )
          .readonly(),
        conditions: z
          .array(
            z.object({
              id: z.string(),
              label: z.string(),
              rounds: z.number().int().optional(),
              note: z.string().optional(),
            }),
          )
          .readonly()
          .describe("the conditions it is under now"),
      }),
    )
    .describe("each combatant in the fight, with what the GM may set on it"),
  conditions: z
    .array(
      z.object({
        id: z.string(),
        label: z.string(),
        description: z.string(),
        rounds: z
          .object({ unit: z.string() })
          .optional()
          .describe(
            "present when it lasts a number of rounds (melees, turns): the GM says how many",
          ),
      }),
    )
    .describe("the ruleset's conditions the GM may put on or take off"),
  sides: z.array(z.object({ id: z.string(), name: z.string() })),
  roster: z
    .array(z.record(z.string(), z.unknown()))
    .describe(
      "the encounter's combatants as its file lists them: stat blocks a late arrival can copy",
    ),
  stats: z
    .record(z.string(), z.unknown())
    .describe("JSON Schema of a combatant's stats in this ruleset (a late arrival's stat block)"),
});
