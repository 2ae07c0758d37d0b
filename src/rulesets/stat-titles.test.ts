// Every ruleset titles every stat of its combatant schema (engine/stat-titles.ts), every field
// of a record given in place of a table key (a weapon not in the table), and names every key of
// its tables (engine/table-keys.ts): the console's forms show the titles and the names, so none
// may be missing or read like a field's name.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Ruleset } from "../engine/ruleset.js";
import { rulesets } from "./index.js";

interface Json {
  readonly title?: string;
  readonly properties?: Record<string, Json>;
  readonly items?: Json;
  readonly anyOf?: readonly Json[];
  readonly oneOf?: readonly Json[];
  readonly const?: unknown;
}

const schemaOf = (ruleset: Ruleset) =>
  z.toJSONSchema(ruleset.combatantSchema, { io: "input", unrepresentable: "any" }) as Json & {
    properties: Record<string, Json>;
  };

const titles = (ruleset: Ruleset) => schemaOf(ruleset).properties;

/** Every schema inside `json`, `json` first, with the path to it. */
function* walk(json: Json, path: string): Generator<[string, Json]> {
  yield [path, json];
  for (const [k, p] of Object.entries(json.properties ?? {})) yield* walk(p, `${path}.${k}`);
  if (json.items !== undefined) yield* walk(json.items, `${path}[]`);
  for (const [i, o] of (json.anyOf ?? []).entries()) yield* walk(o, `${path}|${i}`);
}

const inWords = (title: string | undefined, where: string) => {
  expect(title, where).toMatch(/^[A-Z]/);
  expect(title, where).not.toMatch(/\b[a-z]+[A-Z]/);
};

describe("stat titles", () => {
  for (const ruleset of Object.values(rulesets)) {
    it(`${ruleset.id}: every stat has a title in words`, () => {
      const properties = Object.entries(titles(ruleset));
      expect(properties.length).toBeGreaterThan(5);
      for (const [key, schema] of properties) {
        inWords(schema.title, key);
      }
    });
  }
  for (const ruleset of Object.values(rulesets)) {
    it(`${ruleset.id}: every field of a record in a table key's place has a title, and every key a name`, () => {
      const all = [...walk(schemaOf(ruleset), ruleset.id)];
      const keys = all.filter(([, j]) => j.oneOf?.every((o) => "const" in o) === true);
      // A record in a key's place (its anyOf's other option), and the records inside it.
      const records = all
        .flatMap(([where, j]) =>
          j.anyOf?.some((o) => o.oneOf !== undefined) === true
            ? j.anyOf.filter((o) => o.properties !== undefined).map((o) => walk(o, where))
            : [],
        )
        .flatMap((inside) => [...inside])
        .filter(([, j]) => j.properties !== undefined);
      expect(keys.length, "table keys").toBeGreaterThan(0);
      expect(records.length, "records").toBeGreaterThan(0);
      for (const [where, j] of keys)
        for (const o of j.oneOf!) expect(o.title, `${where}: ${String(o.const)}`).toMatch(/\S/);
      for (const [where, j] of records)
        for (const [k, p] of Object.entries(j.properties!)) inWords(p.title, `${where}.${k}`);
    });
  }

  it("karn's attacks and tnt's shields are named as their tables name them, the value the key", () => {
    const attacks = titles(rulesets["karn"]!)["attacks"]!.items!.anyOf![0]!.oneOf!;
    expect(attacks).toContainEqual({ const: "battle-axe", title: "Battle axe" });
    const shields = titles(rulesets["tnt"]!)["shield"]!.anyOf![0]!.oneOf!;
    expect(shields).toContainEqual({ const: "none", title: "No shield" });
    expect(shields).toContainEqual({ const: "round", title: "Round shield" });
  });

  it("cartyrion's stamina reads as the chapter's Stamina Points", () => {
    expect(titles(rulesets["cartyrion"]!)["stamina"]?.title).toBe("Stamina at full (SP)");
  });
});
