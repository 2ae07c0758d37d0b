import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseInput } from "./input-error.js";
import { keyOrRecord, namesOf, tableKey } from "./table-keys.js";

const record = z.strictObject({ name: z.string(), die: z.int({ error: "die is whole" }) });
const weapon = z.strictObject({
  weapon: keyOrRecord("weapon", { mace: "Mace", dagger: "Knife" }, record),
});
const armour = z.strictObject({
  armour: keyOrRecord(
    "armour",
    { mail: "Mail" },
    record,
    "mail or a record { name, die }",
  ).optional(),
});
const read = (schema: z.ZodType, value: unknown) => () => parseInput(schema, value, "f.yaml");

describe("a key of a data table or a full record", () => {
  it("takes a key or a record", () => {
    expect(read(weapon, { weapon: "mace" })()).toEqual({ weapon: "mace" });
    expect(read(weapon, { weapon: { name: "Flail", die: 8 } })()).toEqual({
      weapon: { name: "Flail", die: 8 },
    });
  });

  it("refuses an unknown key with the keys it knows", () => {
    expect(read(weapon, { weapon: "sward" })).toThrow(
      'f.yaml: weapon: unknown weapon "sward"; known: dagger, mace',
    );
  });

  it("reports a record's own mistake at its field, and an unknown field with the record's fields", () => {
    expect(read(weapon, { weapon: { name: "Flail", die: 1.5 } })).toThrow(
      "f.yaml: weapon.die: die is whole",
    );
    expect(read(weapon, { weapon: { name: "Flail", die: 8, edge: 2 } })).toThrow(
      'f.yaml: weapon.edge: unknown field "edge"; a weapon record has name, die',
    );
    expect(read(armour, { armour: { name: "Quilt", die: 2, cov: 3 } })).toThrow(
      'f.yaml: armour.cov: unknown field "cov"; an armour record has name, die',
    );
  });

  it("says what the value may be when it is neither, or is missing", () => {
    expect(read(weapon, { weapon: 3 })).toThrow(
      "f.yaml: weapon: weapon is 3; it is one of dagger, mace, or a full record { name, die }",
    );
    expect(read(weapon, {})).toThrow(
      "f.yaml: weapon: weapon is required: one of dagger, mace, or a full record { name, die }",
    );
    expect(read(armour, { armour: [1] })).toThrow(
      "f.yaml: armour: armour is [1]; it is mail or a record { name, die }",
    );
    expect(read(armour, {})()).toEqual({});
  });

  it("says in its JSON Schema what it takes: the keys with their names, or the record's fields", () => {
    const json = z.toJSONSchema(weapon, { io: "input", unrepresentable: "any" });
    expect(json.properties?.weapon).toMatchObject({
      title: "Weapon",
      anyOf: [
        {
          type: "string",
          oneOf: [
            { const: "dagger", title: "Knife" },
            { const: "mace", title: "Mace" },
          ],
        },
        {
          type: "object",
          properties: { name: { type: "string" }, die: { type: "integer" } },
          required: ["name", "die"],
          additionalProperties: false,
        },
      ],
    });
    const shields = { tower: { name: "Tower shield" }, none: null, buckler: { name: "Buckler" } };
    const names = namesOf(shields, ["tower", "buckler", "none"], "No shield");
    expect(names).toEqual({ tower: "Tower shield", buckler: "Buckler", none: "No shield" });
    const key = z.toJSONSchema(tableKey("shield", names), { io: "input" });
    expect(key).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "string",
      title: "Shield",
      oneOf: [
        { const: "buckler", title: "Buckler" },
        { const: "none", title: "No shield" },
        { const: "tower", title: "Tower shield" },
      ],
    });
    expect(() => parseInput(tableKey("shield", names), "kite", "f.yaml")).toThrow(
      'unknown shield "kite"; known: buckler, none, tower',
    );
  });
});
