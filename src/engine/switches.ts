// Resolves an encounter's switches against the ruleset's documented switches: defaults for
// what is not given, and a clear error for an unknown key or a value the switch does not allow.
import type { Json, JsonObject } from "./json.js";
import { InputError, parseInput } from "./input-error.js";
import type { Ruleset } from "./ruleset.js";

export function resolveSwitches(
  ruleset: Ruleset,
  given: Readonly<Record<string, unknown>> | undefined,
  source: string,
): JsonObject {
  const out: Record<string, Json> = {};
  const known = ruleset.switches.map((s) => s.key);
  for (const key of Object.keys(given ?? {})) {
    if (!known.includes(key)) {
      throw new InputError(
        `${source}: switches.${key}: unknown switch; ${ruleset.id} has: ${known.join(", ") || "none"}`,
        `${source}: switches.${key}`,
      );
    }
  }
  for (const def of ruleset.switches) {
    const value = given?.[def.key];
    out[def.key] =
      value === undefined
        ? def.default
        : parseInput(def.schema, value, source, ["switches", def.key]);
  }
  return out;
}
