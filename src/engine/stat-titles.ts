// A ruleset's stats labelled as a player says them: each field of its combatant schema gets a
// title (its JSON Schema's `title`, in GET /encounters/:id/gm's `stats`), which the console's
// forms show instead of the field's name ("Damage bonus", not damageBonus). The titles' type
// asks for one per field, so a new stat cannot go unlabelled; `described` gives each its meaning.
import type { z } from "zod";

export function titled<T extends Record<string, z.ZodType>>(
  shape: T,
  titles: { readonly [K in keyof T]: string },
): T {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, schema.meta({ title: titles[key]! })]),
  ) as T;
}

/**
 * A ruleset's stats explained in the game's words: each field of its combatant schema gets a
 * description (its JSON Schema's `description`), which the console's forms show under the box,
 * as the encounter options' are. The descriptions' type asks for one per field.
 */
export function described<T extends Record<string, z.ZodType>>(
  shape: T,
  descriptions: { readonly [K in keyof T]: string },
): T {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, schema.describe(descriptions[key]!)]),
  ) as T;
}
