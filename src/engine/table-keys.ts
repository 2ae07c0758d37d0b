// Schemas for what an encounter file names from a ruleset's data tables: a key into a table,
// whose error lists the known keys (`unknown weapon "sward"; known: dagger, longsword, ...`),
// and a key or a full record in its place (a weapon not in the table). Their JSON Schemas say
// what they take (each key a `const` with its display name as `title`, a record's fields), so
// that a form can be drawn from them (the console's encounter builder) without knowing the
// ruleset, showing "Battle axe" for the key battle-axe. Those JSON Schemas are made when one is
// first read (getters on the metadata), not when a ruleset's schema module loads: a CLI call
// never reads them, and making them (the names' locale-aware sort, zod's JSON Schema of each
// record) was about 15 ms of a fresh `fray advise`.
import { z } from "zod";
import { sentence } from "../core/sentence.js";

/** A table's keys, each with the name a person reads ("battle-axe": "Battle axe"). */
export type KeyNames = Readonly<Record<string, string>>;

/**
 * The keys of a data table with each row's `name` (a row that is null, "no shield", is named by
 * `none`); `keys` picks some of them, in their order.
 */
export function namesOf(
  table: Readonly<Record<string, { readonly name: string } | null>>,
  keys: readonly string[] = Object.keys(table),
  none = "none",
): KeyNames {
  return Object.fromEntries(keys.map((k) => [k, table[k]?.name ?? none]));
}

/**
 * The keys in JSON Schema: `oneOf` a `const` per key, its `title` the display name (JSON Schema's
 * own way of naming an enumeration's values, which form libraries read; `enumNames` is no part of
 * the standard), in the order of the names.
 */
function keysJson(names: KeyNames) {
  const named = Object.entries(names).sort(([, a], [, b]) => a.localeCompare(b));
  return named.map(([key, title]) => ({ const: key, title }));
}

/** `make()`, made on the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export function tableKey(what: string, names: KeyNames): z.ZodType<string> {
  const keys = Object.keys(names);
  const known = [...keys].sort().join(", ");
  const oneOf = once(() => keysJson(names));
  return z
    .string()
    .refine((k) => keys.includes(k), {
      error: (issue) => `unknown ${what} ${JSON.stringify(issue.input)}; known: ${known}`,
    })
    .meta({
      title: sentence(what),
      get oneOf() {
        return oneOf();
      },
    });
}

/**
 * A key of a data table or a full record, told apart by the input's type, so that a record's own
 * problems are reported at their field (`weapons[0].grip: ...`, `armour.cov: ...`) instead of
 * behind a union's "neither matched"; an unknown key lists the known ones, and an unknown field
 * the fields a record has. `expected` says what the value may be when it is neither (default: the
 * keys, or a full record with its fields).
 */
export function keyOrRecord<T extends z.ZodType>(
  what: string,
  names: KeyNames,
  record: T,
  expected?: string,
): z.ZodType<string | z.output<T>> {
  const keys = Object.keys(names);
  const key = tableKey(what, names);
  const fields = record instanceof z.ZodObject ? Object.keys(record.shape).join(", ") : undefined;
  const may =
    expected ??
    `one of ${[...keys].sort().join(", ")}, or a full record${fields === undefined ? "" : ` { ${fields} }`}`;
  const has =
    fields === undefined
      ? ""
      : `; ${/^[aeiou]/.test(what) ? "an" : "a"} ${what} record has ${fields}`;
  const anyOf = once(() => {
    const recordJson: Record<string, unknown> = z.toJSONSchema(record, {
      io: "input",
      unrepresentable: "any",
    });
    delete recordJson.$schema;
    return [{ type: "string", oneOf: keysJson(names) }, recordJson];
  });
  const json = {
    title: sentence(what),
    get anyOf() {
      return anyOf();
    },
  };
  return z
    .unknown()
    .transform((value, ctx): string | z.output<T> => {
      if (typeof value !== "string" && !isRecord(value)) {
        const message =
          value === undefined
            ? `${what} is required: ${may}`
            : `${what} is ${JSON.stringify(value)}; it is ${may}`;
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const result = typeof value === "string" ? key.safeParse(value) : record.safeParse(value);
      if (result.success) return result.data as string | z.output<T>;
      for (const issue of result.error.issues) {
        // Passed on as custom issues, so an unknown field is named at its own path.
        if (issue.code === "unrecognized_keys") {
          for (const k of issue.keys) {
            const message = `unknown field "${k}"${has}`;
            ctx.addIssue({ code: "custom", message, path: [...issue.path, k] });
          }
        } else ctx.addIssue({ code: "custom", message: issue.message, path: [...issue.path] });
      }
      return z.NEVER;
    })
    .meta(json);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
