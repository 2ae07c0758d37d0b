import { describe, expect, it } from "vitest";
import { boxOf, initialOf, inside, labelOf, pathOf, problemAt } from "./schema-form.js";

// Shapes as the server gives them (GET /rulesets/:id, zod's JSON Schemas).
const KEYS = [
  { const: "dagger", title: "Dagger" },
  { const: "shortsword", title: "Short sword" },
];
const WEAPON = {
  title: "Weapon",
  anyOf: [
    { type: "string", oneOf: KEYS },
    {
      type: "object",
      properties: {
        weapon: { type: "string", title: "Weapon", oneOf: KEYS },
        magic: { default: 0, type: "integer", minimum: 0, maximum: 10 },
      },
      additionalProperties: false,
    },
  ],
};

describe("the box a JSON Schema is edited in", () => {
  it("draws numbers with their bounds, choices, checkboxes and text", () => {
    expect(boxOf({ type: "integer", minimum: 1, maximum: 4 })).toEqual({
      kind: "number",
      min: 1,
      max: 4,
    });
    expect(boxOf({ type: "string", enum: ["roll", "none"] })).toEqual({
      kind: "choice",
      choices: [
        { value: "roll", title: "roll" },
        { value: "none", title: "none" },
      ],
    });
    expect(
      boxOf({
        anyOf: [
          { type: "number", const: 4 },
          { type: "number", const: 6 },
        ],
      }),
    ).toEqual({
      kind: "choice",
      choices: [
        { value: 4, title: "4" },
        { value: 6, title: "6" },
      ],
    });
    // A table's keys with their names: the value stays the key.
    expect(boxOf({ type: "string", oneOf: KEYS })).toEqual({
      kind: "choice",
      choices: [
        { value: "dagger", title: "Dagger" },
        { value: "shortsword", title: "Short sword" },
      ],
    });
    expect(boxOf({ type: "boolean" })).toEqual({ kind: "yes-no" });
    expect(boxOf({ type: "string" })).toEqual({ kind: "text" });
    // What an empty number box means, its placeholder (tnt's combat dice: Fray's 3).
    expect(boxOf({ type: "integer", minimum: 1, maximum: 4, "x-fray-empty": "3" })).toEqual({
      kind: "number",
      min: 1,
      max: 4,
      empty: "3",
    });
  });

  it("draws lists, records, tables, a table key or a record, and a value or none", () => {
    expect(boxOf({ type: "array", items: WEAPON })).toEqual({ kind: "list", item: WEAPON });
    // What an empty list means, when the schema says (dungeons-of-olde's weapons: bare hands).
    expect(boxOf({ type: "array", items: WEAPON, "x-fray-empty": "None: bare-handed" })).toEqual({
      kind: "list",
      item: WEAPON,
      empty: "None: bare-handed",
    });
    expect(boxOf(WEAPON)).toEqual({
      kind: "key-or-record",
      keys: [
        { value: "dagger", title: "Dagger" },
        { value: "shortsword", title: "Short sword" },
      ],
      record: WEAPON.anyOf[1],
    });
    const record = boxOf(WEAPON.anyOf[1]!);
    expect(record.kind === "fields" && record.fields.map(([k]) => k)).toEqual(["weapon", "magic"]);
    expect(
      boxOf({
        type: "object",
        propertyNames: { type: "string", enum: ["cut", "burn"] },
        additionalProperties: { type: "integer" },
      }),
    ).toEqual({
      kind: "table",
      keys: [
        { value: "cut", title: "cut" },
        { value: "burn", title: "burn" },
      ],
      value: { type: "integer" },
    });
    expect(boxOf({ anyOf: [{ type: "integer", minimum: -30 }, { type: "null" }] })).toEqual({
      kind: "or-none",
      inner: { type: "integer", minimum: -30 },
    });
    expect(boxOf({})).toEqual({ kind: "json" });
  });

  it("picks an id the schema marks (a side, a combatant) from the encounter's own", () => {
    expect(boxOf({ type: "string", "x-fray-id": "side" })).toEqual({ kind: "id", of: "side" });
    expect(
      boxOf({
        type: "object",
        propertyNames: { type: "string", "x-fray-id": "combatant" },
        additionalProperties: { type: "integer" },
      }),
    ).toEqual({ kind: "table", keysAre: "combatant", value: { type: "integer" } });
    expect(initialOf({ type: "string", "x-fray-id": "combatant" })).toBe("");
  });

  it("labels a field by its title, else its name in words", () => {
    expect(labelOf("hp", { title: "Hit points" })).toBe("Hit points");
    expect(labelOf("lineOfSight", {})).toBe("Line of sight");
  });

  it("gives a new row its default, its first choice, or a record of its required fields", () => {
    expect(initialOf(WEAPON)).toBe("dagger");
    expect(initialOf({ type: "integer", minimum: 2 })).toBe(2);
    expect(initialOf({ type: "integer", default: 60 })).toBe(60);
    expect(
      initialOf({
        type: "object",
        properties: {
          space: { type: "integer", minimum: -5 },
          lineOfSight: { type: "string", enum: ["partial", "minimal"] },
          note: { type: "string" },
        },
        required: ["space", "lineOfSight"],
      }),
    ).toEqual({ space: 0, lineOfSight: "partial" });
  });

  it("puts a problem at the deepest box its path names", () => {
    expect(pathOf("", "weapons")).toBe("weapons");
    expect(pathOf("weapons", 0)).toBe("weapons[0]");
    expect(pathOf("weapons[0]", "magic")).toBe("weapons[0].magic");
    expect(inside("weapons[0].magic", "weapons")).toBe(true);
    expect(inside("weaponsx", "weapons")).toBe(false);
    const problem = { path: "weapons[0].magic", message: "too much" };
    expect(problemAt(problem, "weapons[0]")).toBe(problem);
    expect(problemAt(problem, "weapons[1]")).toBeNull();
  });
});
