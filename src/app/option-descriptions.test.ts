// Every encounter option of the rulesets Fray ships says what it does (its JSON Schema's
// `description`, shown under its box in the console's builder), converted as GET
// /rulesets/:id converts its `options` (src/server/gm-json.ts jsonSchema).
import { describe, expect, it } from "vitest";
import { z } from "zod";
// Fray's own five: the app's registry also holds what other test files load into it (files
// share their modules here), a test ruleset without descriptions among them.
import { rulesets } from "../rulesets/index.js";

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;

describe("the encounter options' descriptions", () => {
  for (const [id, ruleset] of Object.entries(rulesets)) {
    it(`${id}: each option says what it does`, () => {
      const schema = jsonSchema(ruleset.encounterOptionsSchema);
      const properties = (schema.properties ?? {}) as Record<string, { description?: unknown }>;
      const undescribed = Object.entries(properties)
        .filter(([, p]) => typeof p.description !== "string" || p.description.length < 20)
        .map(([key]) => key);
      expect(undescribed).toEqual([]);
    });
  }

  it("tnt's start range and other efforts, in the game's words", () => {
    const schema = jsonSchema(rulesets.tnt!.encounterOptionsSchema);
    const properties = schema.properties as Record<string, { description: string }>;
    expect(properties.startRange!.description).toMatch(/^The range the fight begins at: onset/);
    expect(properties.otherEfforts!.description).toMatch(/combat dice from its pool for other/);
  });
});
