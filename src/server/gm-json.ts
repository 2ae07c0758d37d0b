// The GM's hand as the HTTP API tells it (gm-schemas.ts): what the GM may change on each
// combatant where the fight stands, the ruleset's conditions, the stat blocks of the encounter's
// file a late arrival can copy, and the JSON Schema of a combatant's stats.
import { z } from "zod";
import type { Encounter } from "../engine/encounter.js";
import type { gmSchema } from "./gm-schemas.js";

export type GmJson = z.input<typeof gmSchema>;

/** The JSON Schemas made, by zod schema: a ruleset's stats and options live as long as the server. */
const made = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * A zod schema as the JSON Schema of the values it takes, made once per schema and shared by
 * every reply that tells it (frozen: a reply that changed it would change the others'). Made at
 * each request, a ruleset's stats were most of the CPU of GET /rulesets/:id and of the GM's hand.
 */
export function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  let json = made.get(schema);
  if (json === undefined) {
    json = frozen(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
    made.set(schema, json);
  }
  return json;
}

/** `value` with every object and array in it frozen. */
function frozen<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

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
