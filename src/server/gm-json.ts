// The GM's hand as the HTTP API tells it (gm-schemas.ts): what the GM may change on each
// combatant where the fight stands, the ruleset's conditions, the stat blocks of the encounter's
// file a late arrival can copy, and the JSON Schema of a combatant's stats.
import { z } from "zod";
import type { Encounter } from "../engine/encounter.js";
import type { gmSchema } from "./gm-schemas.js";

export type GmJson = z.input<typeof gmSchema>;

/** A zod schema as the JSON Schema of the values it takes. */
export const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;

export function gmJson(encounter: Encounter): GmJson {
  const { ruleset, setup, file } = encounter.definition;
  const listed = file.combatants;
  return {
    combatants: encounter.gmCombatants().map((c) => ({
      ...c,
      fields: c.fields.map(({ key, label, value, schema, choices }) => ({
        key,
        label,
        value,
        schema: jsonSchema(schema),
        ...(choices === undefined ? {} : { choices: [...choices] }),
      })),
    })),
    conditions: ruleset.gm.conditions.map((c) => ({ ...c })),
    sides: setup.sides.map(({ id, name }) => ({ id, name })),
    roster: Array.isArray(listed) ? (listed as Record<string, unknown>[]) : [],
    stats: jsonSchema(ruleset.combatantSchema),
  };
}
