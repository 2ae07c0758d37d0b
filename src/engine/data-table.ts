// Builders of a ruleset's data tables (the Ruleset contract's `tables`) from the ruleset's own
// data, every row with its provenance.
import type { Json, JsonObject } from "./json.js";
import type { DataTable, Provenance } from "./ruleset.js";

/** One number or phrase of the rules, with where it comes from. */
export interface ValueRow {
  readonly key: string;
  readonly value: Json;
  readonly provenance: Provenance;
}

/** A table of single values (the numbers a chapter gives in passing, or leaves out). */
export function valuesTable(id: string, title: string, rows: readonly ValueRow[]): DataTable {
  return {
    id,
    title,
    rows: rows.map((r) => ({ key: r.key, values: { value: r.value }, provenance: r.provenance })),
  };
}

/** A table of the entries of `record` (weapons, armour ...), each shown as `values` gives it. */
export function recordTable<R extends { readonly provenance: Provenance }>(
  id: string,
  title: string,
  record: Readonly<Record<string, R>>,
  values: (row: R) => JsonObject,
): DataTable {
  return {
    id,
    title,
    rows: Object.entries(record).map(([key, row]) => ({
      key,
      values: values(row),
      provenance: row.provenance,
    })),
  };
}
