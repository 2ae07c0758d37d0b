// Schemas for what an encounter file's options name by id: one of its sides (the party, an
// ambusher) or one of its combatants (the surprised, a position's owner). Their JSON Schemas say
// which (`x-fray-id: "side"` or `"combatant"`, an extension keyword as OpenAPI's `x-` ones), so
// that a form offers the encounter's own sides and combatants (the console's builder) without
// knowing the ruleset; checking that the id exists stays with the ruleset's setup.
import { z } from "zod";

/** What an id names. */
export type IdOf = "side" | "combatant";

/** The JSON Schema keyword that marks a string as the id of a side or a combatant. */
export const ID_KEYWORD = "x-fray-id";

/** A side's or a combatant's id; `error` says what the field takes when it is not text. */
export function idOf(of: IdOf, error: string): z.ZodString {
  return z.string({ error }).meta({ [ID_KEYWORD]: of });
}
