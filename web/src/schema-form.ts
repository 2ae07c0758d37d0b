// The box a JSON Schema of the server's (GET /rulesets/:id: a combatant's stats, the file's
// options, a switch) is edited in: a number with its bounds, a choice, a checkbox, text, a list
// of rows, labelled fields, a table of named values, a table key or a full record, or "none".
// A choice shows each value's `title` when the schema gives one (`oneOf` of `const`s: a table's
// keys with their names), the value itself otherwise; an id the schema marks as a side's or a
// combatant's (src/engine/encounter-ids.ts) is picked from the encounter's own.
// The page draws the forms from this alone; it holds no rules, and the server checks the values.

import { sentence } from "../../src/core/sentence.js";
import { EMPTY_KEYWORD } from "../../src/engine/empty-list.js";
import { ID_KEYWORD, type IdOf } from "../../src/engine/encounter-ids.js";

export type Schema = Readonly<Record<string, unknown>>;

/** A value a box offers, and what a person reads for it ("battle-axe": "Battle axe"). */
export interface Offer {
  readonly value: string | number;
  readonly title: string;
}

export type Box =
  /** `empty`: what an empty box means (src/engine/empty-list.ts), if the schema says. */
  | {
      readonly kind: "number";
      readonly min?: number;
      readonly max?: number;
      readonly empty?: string;
    }
  | { readonly kind: "choice"; readonly choices: readonly Offer[] }
  | { readonly kind: "yes-no" }
  | { readonly kind: "text" }
  /** `empty`: what the list means with no rows (src/engine/empty-list.ts), if the schema says. */
  | { readonly kind: "list"; readonly item: Schema; readonly empty?: string }
  | {
      readonly kind: "fields";
      readonly fields: readonly (readonly [string, Schema])[];
      readonly required: readonly string[];
    }
  | {
      readonly kind: "table";
      readonly keys?: readonly Offer[];
      /** Keys that are ids of the encounter's sides or combatants. */
      readonly keysAre?: IdOf;
      readonly value: Schema;
    }
  /** The id of one of the encounter's sides or combatants. */
  | { readonly kind: "id"; readonly of: IdOf }
  /** A key of one of the ruleset's tables (a weapon, an armour), or a full record in its place. */
  | { readonly kind: "key-or-record"; readonly keys?: readonly Offer[]; readonly record: Schema }
  /** A value, or null ("cannot block"). */
  | { readonly kind: "or-none"; readonly inner: Schema }
  | { readonly kind: "json" };

const isSchema = (v: unknown): v is Schema => typeof v === "object" && v !== null;
const numberOr = (v: unknown) => (typeof v === "number" ? v : undefined);

const offer = (value: string | number, title?: unknown): Offer => ({
  value,
  title: typeof title === "string" ? title : String(value),
});

function choicesOf(schema: Schema): Offer[] | undefined {
  if (Array.isArray(schema.enum)) return (schema.enum as (string | number)[]).map((v) => offer(v));
  if ("const" in schema) return [offer(schema.const as string | number, schema.title)];
  if (Array.isArray(schema.oneOf)) {
    const each = schema.oneOf.filter(isSchema).map(choicesOf);
    if (each.length > 0 && each.every((c) => c !== undefined)) return each.flat();
  }
  return undefined;
}

/** What the id a schema marks names (a side, a combatant), if it marks one. */
function idOfSchema(schema: Schema): IdOf | undefined {
  const of = schema[ID_KEYWORD];
  return of === "side" || of === "combatant" ? of : undefined;
}

/** What the schema says an empty list or box means, if it says. */
const emptyOf = (schema: Schema): { empty?: string } =>
  typeof schema[EMPTY_KEYWORD] === "string" ? { empty: schema[EMPTY_KEYWORD] } : {};

export function boxOf(schema: Schema): Box {
  const choices = choicesOf(schema);
  if (choices !== undefined) return { kind: "choice", choices };
  const id = idOfSchema(schema);
  if (id !== undefined) return { kind: "id", of: id };
  if (Array.isArray(schema.anyOf)) return anyOfBox(schema.anyOf.filter(isSchema));
  switch (schema.type) {
    case "integer":
    case "number":
      return {
        kind: "number",
        min: numberOr(schema.minimum),
        max: numberOr(schema.maximum),
        ...emptyOf(schema),
      };
    case "boolean":
      return { kind: "yes-no" };
    case "string":
      return { kind: "text" };
    case "array":
      return {
        kind: "list",
        item: isSchema(schema.items) ? schema.items : {},
        ...emptyOf(schema),
      };
    case "object":
      if (isSchema(schema.properties) && Object.keys(schema.properties).length > 0)
        return {
          kind: "fields",
          fields: Object.entries(schema.properties).filter((e): e is [string, Schema] =>
            isSchema(e[1]),
          ),
          required: Array.isArray(schema.required) ? (schema.required as string[]) : [],
        };
      if (isSchema(schema.additionalProperties)) {
        const keys = isSchema(schema.propertyNames) ? schema.propertyNames : {};
        const names = choicesOf(keys);
        const are = idOfSchema(keys);
        return {
          kind: "table",
          value: schema.additionalProperties,
          ...(names === undefined ? {} : { keys: names }),
          ...(are === undefined ? {} : { keysAre: are }),
        };
      }
      return { kind: "json" };
    default:
      return { kind: "json" };
  }
}

function anyOfBox(options: readonly Schema[]): Box {
  const some = options.filter((o) => o.type !== "null");
  if (some.length < options.length && some.length === 1)
    return { kind: "or-none", inner: some[0]! };
  const consts = some.map(choicesOf);
  if (consts.every((c) => c !== undefined)) return { kind: "choice", choices: consts.flat() };
  const key = some.find((o) => o.type === "string");
  const record = some.find((o) => o.type === "object");
  if (some.length === 2 && key !== undefined && record !== undefined) {
    const keys = choicesOf(key);
    return { kind: "key-or-record", record, ...(keys === undefined ? {} : { keys }) };
  }
  return { kind: "json" };
}

/** A field's label: the schema's title, else its name in words ("lineOfSight": "Line of sight"). */
export function labelOf(key: string, schema: Schema): string {
  if (typeof schema.title === "string") return schema.title;
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return sentence(words);
}

/** A new row's value (a list's "Add"): the first choice, the lowest number, an empty record. */
export function initialOf(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  const box = boxOf(schema);
  switch (box.kind) {
    case "number":
      return box.min !== undefined && box.min > 0 ? box.min : 0;
    case "choice":
      return box.choices[0]?.value;
    case "yes-no":
      return false;
    case "text":
    case "id":
      return "";
    case "list":
      return [];
    case "fields":
      return Object.fromEntries(
        box.fields.filter(([k]) => box.required.includes(k)).map(([k, s]) => [k, initialOf(s)]),
      );
    case "table":
      return {};
    case "key-or-record":
      return box.keys?.[0]?.value ?? "";
    case "or-none":
      return initialOf(box.inner);
    case "json":
      return null;
  }
}

/** A problem the server names at a path ("weapons[0].magic"), relative to the form. */
export interface FieldProblem {
  readonly path: string;
  readonly message: string;
}

/** Whether the path `at` is `path` or inside it ("weapons[0].magic" is inside "weapons"). */
export function inside(at: string, path: string): boolean {
  if (path === "") return true;
  return at === path || at.startsWith(`${path}.`) || at.startsWith(`${path}[`);
}

/** The path of a field of the value at `path`: its property `key`, or its row `index`. */
export function pathOf(path: string, part: string | number): string {
  if (typeof part === "number") return `${path}[${part}]`;
  return path === "" ? part : `${path}.${part}`;
}

/** The problem, if it lies at `path` or inside it. */
export const problemAt = (problem: FieldProblem | null, path: string) =>
  problem !== null && inside(problem.path, path) ? problem : null;

/** The schemas a value may take: the schema itself, or each of its `anyOf`/`oneOf`. */
const alternatives = (schema: Schema): Schema[] => [
  schema,
  ...[schema.anyOf, schema.oneOf].flatMap((v) => (Array.isArray(v) ? v.filter(isSchema) : [])),
];

/**
 * The schema of the field at `path` inside `schema` (a property's by its key, a list's item by
 * its index), through `anyOf`/`oneOf`; null when the schema does not hold it.
 */
export function schemaAt(schema: Schema, path: readonly (string | number)[]): Schema | null {
  let at: Schema = schema;
  for (const part of path) {
    const next = alternatives(at)
      .map((s) =>
        typeof part === "number"
          ? s.items
          : isSchema(s.properties)
            ? s.properties[part]
            : isSchema(s.additionalProperties)
              ? s.additionalProperties
              : undefined,
      )
      .find(isSchema);
    if (next === undefined) return null;
    at = next;
  }
  return at;
}
