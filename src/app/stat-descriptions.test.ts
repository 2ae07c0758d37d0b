// Every combatant stat of the rulesets Fray ships says what it does in the game's words (its JSON
// Schema's `description`, shown under its box in the console's combatant form), converted as GET
// /rulesets/:id converts its `stats` (src/server/gm-json.ts jsonSchema).
import { describe, expect, it } from "vitest";
import { z } from "zod";
// Fray's own five: the app's registry also holds what other test files load into it.
import { rulesets } from "../rulesets/index.js";

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;

type Property = { readonly description?: unknown };
const propertiesOf = (id: string) =>
  (jsonSchema(rulesets[id]!.combatantSchema).properties ?? {}) as Record<string, Property>;

describe("the combatant stats' descriptions", () => {
  for (const id of Object.keys(rulesets)) {
    it(`${id}: each stat says what it does`, () => {
      const properties = Object.entries(propertiesOf(id));
      expect(properties.length).toBeGreaterThan(5);
      const undescribed = properties
        .filter(([, p]) => typeof p.description !== "string" || p.description.length < 20)
        .map(([key]) => key);
      expect(undescribed).toEqual([]);
    });
  }

  // A weapon, an armour, an attack, a spell of one's own: the fields of the records inside a stat.
  for (const id of Object.keys(rulesets)) {
    it(`${id}: each field of its gear records says what it does`, () => {
      const undescribed: string[] = [];
      const fields: string[] = [];
      const walk = (schema: Record<string, unknown>, path: string): void => {
        for (const [key, p] of Object.entries(
          (schema.properties ?? {}) as Record<string, Record<string, unknown>>,
        )) {
          if (path !== "") fields.push(`${path}.${key}`);
          if (path !== "" && (typeof p.description !== "string" || p.description.length < 10))
            undescribed.push(`${path}.${key}`);
          walk(p, path === "" ? key : `${path}.${key}`);
        }
        for (const branch of ["anyOf", "oneOf"] as const)
          for (const b of (schema[branch] ?? []) as Record<string, unknown>[]) walk(b, path);
        if (typeof schema.items === "object" && schema.items !== null)
          walk(schema.items as Record<string, unknown>, `${path}[]`);
      };
      walk(jsonSchema(rulesets[id]!.combatantSchema), "");
      expect(fields.length).toBeGreaterThan(1);
      expect([...new Set(undescribed)]).toEqual([]);
    });
  }

  it("karn's ALT and tnt's combat dice, in the game's words, their defaults marked as Fray's", () => {
    expect(propertiesOf("karn").alt!.description).toMatch(/^Alertness: wins a tied initiative/);
    expect(propertiesOf("karn").hp!.description).toMatch(/Fray's default 15/);
    expect(propertiesOf("tnt").combatDice!.description).toMatch(/^The pool of d20 combat dice/);
    expect(propertiesOf("cartyrion").level!.description).toMatch(/Damage Dice Multiplier/);
  });
});
