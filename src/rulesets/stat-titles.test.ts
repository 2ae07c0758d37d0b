// Every ruleset titles every stat of its combatant schema (engine/stat-titles.ts): the console's
// forms show the titles, so none may be missing or read like a field's name.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Ruleset } from "../engine/ruleset.js";
import { rulesets } from "./index.js";

const titles = (ruleset: Ruleset) =>
  (
    z.toJSONSchema(ruleset.combatantSchema, { io: "input", unrepresentable: "any" }) as {
      properties: Record<string, { title?: string }>;
    }
  ).properties;

describe("stat titles", () => {
  for (const ruleset of Object.values(rulesets)) {
    it(`${ruleset.id}: every stat has a title in words`, () => {
      const properties = Object.entries(titles(ruleset));
      expect(properties.length).toBeGreaterThan(5);
      for (const [key, schema] of properties) {
        expect(schema.title, key).toMatch(/^[A-Z]/);
        expect(schema.title, key).not.toMatch(/\b[a-z]+[A-Z]/);
      }
    });
  }
  it("cartyrion's stamina reads as the chapter's Stamina Points", () => {
    expect(titles(rulesets["cartyrion"]!)["stamina"]?.title).toBe("Stamina at full (SP)");
  });
});
