// Helpers for a ruleset's switches (the Ruleset contract's `switches`): definitions that take
// their defaults from the ruleset's typed defaults, and the typed switches of an encounter.
import type { z } from "zod";
import type { Json, JsonObject } from "./json.js";
import type { Provenance, SwitchDef } from "./ruleset.js";

/** A builder of switch definitions whose default is the one `defaults` gives the key. */
export function switchDefiner<T extends Readonly<Record<keyof T, Json>>>(defaults: T) {
  return (
    key: keyof T & string,
    description: string,
    schema: z.ZodType<Json>,
    provenance: Provenance,
  ): SwitchDef => ({ key, description, schema, default: defaults[key], provenance });
}

/**
 * Reads an encounter's switches as the ruleset's typed values: `defaults` for those not given,
 * the given ones parsed with their definition's schema. Each switches object is read once (the
 * engine hands the same one to every fight of a simulation).
 */
export function switchReader<T extends object>(
  defaults: T,
  defs: readonly SwitchDef[],
): (given: JsonObject) => T {
  const read = new WeakMap<JsonObject, T>();
  return (given) => {
    let switches = read.get(given);
    if (switches === undefined) {
      const values = { ...defaults } as Record<string, unknown>;
      for (const def of defs) {
        const value = given[def.key];
        if (value !== undefined) values[def.key] = def.schema.parse(value);
      }
      switches = values as T;
      read.set(given, switches);
    }
    return switches;
  };
}
