// Tables looked up by a name that a user wrote (a ruleset, a weapon, a suit of armour): only the
// table's own entries answer. A plain object would also answer to the names every object inherits
// (`constructor`, `toString`, `__proto__`), handing back a function where a record is expected.

/** A frozen table of `entries` with no prototype, so that only its own names are in it. */
export function nameTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  const table = Object.create(null) as Record<string, T>;
  for (const [name, value] of Object.entries(entries)) table[name] = value;
  return Object.freeze(table);
}

/** The entry of `table` named `name`, never one it inherits; undefined when it has none. */
export function ownEntry<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
