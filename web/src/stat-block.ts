// A stat block copied into a form (the builder's combatants, the GM's late arrival) with an id not
// yet taken, and the field of the block that a server's refusal names. The ruleset checks the
// block, not the page.

/** A stat block copied onto `side` with an id not yet taken ("orc", then "orc-2", "orc-3"). */
export function copiedBlock(
  block: Readonly<Record<string, unknown>>,
  side: string,
  takenIds: readonly string[],
): Record<string, unknown> {
  const base = String(block.id ?? "combatant");
  let id = base;
  for (let n = 2; takenIds.includes(id); n += 1) id = `${base}-${n}`;
  const name = String(block.name ?? base);
  return {
    ...block,
    id,
    name: id === base ? name : `${name} ${id.slice(base.length + 1)}`,
    side,
  };
}

/**
 * The field inside a combatant that a refusal's `where` names after `prefix`:
 * "change.combatant: weapons[0].weapon" gives "weapons[0].weapon", "change.combatant" gives "";
 * null when it names no combatant's field.
 */
export function fieldOf(where: string, prefix: string): string | null {
  if (where === prefix) return "";
  if (!where.startsWith(`${prefix}: `)) return null;
  return where.slice(prefix.length + 2);
}
