import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Schema } from "../schema-form.js";
import { SchemaField } from "./schema-field.js";

/** tnt's shield as GET /rulesets/tnt gives it: a key of its table, or one described. */
const SHIELD: Schema = {
  title: "Shield",
  anyOf: [
    {
      type: "string",
      oneOf: [
        { const: "buckler", title: "Buckler" },
        { const: "round", title: "Round shield" },
      ],
    },
    {
      type: "object",
      properties: {
        defence: { type: "integer", minimum: -20, maximum: 30, title: "Defence score" },
      },
      required: ["defence"],
      additionalProperties: false,
    },
  ],
};

/** The select's options as shown. */
const options = (value: unknown, required: boolean) =>
  [
    ...renderToStaticMarkup(
      createElement(SchemaField, {
        schema: SHIELD,
        label: "Shield",
        value,
        set: () => undefined,
        path: "shield",
        problem: null,
        required,
      }),
    ).matchAll(/<option[^>]*>([^<]*)<\/option>/g),
  ].map((m) => m[1]);

describe("a stat picked from the ruleset's table", () => {
  it("offers none when it is optional, picked or not, and asks to pick one when it is required", () => {
    // An optional shield said "(pick one)", and once picked could not go back to none.
    expect(options(undefined, false)).toEqual([
      "(none)",
      "Buckler",
      "Round shield",
      "other (described below)",
    ]);
    expect(options("round", false)[0]).toBe("(none)");
    expect(options(undefined, true)[0]).toBe("(pick one)");
    expect(options("round", true)[0]).toBe("Buckler");
  });
});

describe("what a field is for", () => {
  const shown = (schema: Schema, value: unknown = undefined) =>
    renderToStaticMarkup(
      createElement(SchemaField, {
        schema,
        label: "Start range",
        value,
        set: () => undefined,
        path: "startRange",
        problem: null,
      }),
    ).match(/<p class="gm-field-hint">([^<]*)<\/p>/)?.[1];

  it("shows the schema's description under a choice, a checkbox, a list and a table key", () => {
    // tnt's options read "Start range: onset" and "Other efforts", with nothing saying what they do.
    const said = "The range the sides start at";
    expect(shown({ enum: ["onset", "melee"], default: "onset", description: said })).toBe(said);
    expect(shown({ type: "boolean", default: false, description: said })).toBe(said);
    expect(shown({ type: "array", items: { type: "string" }, description: said })).toBe(said);
    expect(shown({ ...SHIELD, description: said }, "round")).toBe(said);
    expect(shown({ type: "integer", description: said })).toBe(said);
  });

  it("shows nothing when the schema says nothing", () => {
    expect(shown({ enum: ["onset", "melee"] })).toBeUndefined();
    expect(shown(SHIELD, "round")).toBeUndefined();
  });
});
