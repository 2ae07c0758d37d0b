// A stat block copied into a form (the builder's combatants, the GM's late arrival) with an id and
// a name not yet taken, and the field of the block that a server's refusal names. The ruleset checks the
// block, not the page.

/** A combatant already in the encounter: its id and the name the options call it by. */
export interface Taken {
  readonly id: string;
  readonly name: string;
}

const spoken = (name: string) => name.trim().toLowerCase();

/**
 * A stat block copied onto `side` with an id and a name not yet taken, numbered as a combat
 * tracker numbers a second goblin: "orc" named "Orc", then "orc-2" named "Orc 2", "orc-3" ...
 * (an encounter file refuses two combatants of one name: their options would read alike).
 */
export function copiedBlock(
  block: Readonly<Record<string, unknown>>,
  side: string,
  taken: readonly Taken[],
): Record<string, unknown> {
  const baseId = String(block.id ?? "combatant");
  const baseName = String(block.name ?? baseId);
  const ids = new Set(taken.map((t) => t.id));
  const names = new Set(taken.map((t) => spoken(t.name)));
  let n = 1;
  const idOf = () => (n === 1 ? baseId : `${baseId}-${n}`);
  const nameOf = () => (n === 1 ? baseName : `${baseName} ${n}`);
  while (ids.has(idOf()) || names.has(spoken(nameOf()))) n += 1;
  return { ...block, id: idOf(), name: nameOf(), side };
}

/** A name as an id writes it: "Grubnik the Tall" is "grubnik-the-tall". */
const slugOf = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * The block `next` (a combatant's form changed from `before`) with its id following its name
 * while the id is the name's (a new combatant's "combatant-2" named "Hedda" is "hedda"; a copy's
 * "goblin-2" renamed "Snaga", "snaga"), not one of `otherIds`: an id the GM or the file chose
 * ("chip" for Chip Calhoon) stays, and so does one that `kept` (an option names it).
 */
export function renamedBlock(
  before: Readonly<Record<string, unknown>>,
  next: Readonly<Record<string, unknown>>,
  otherIds: readonly string[],
  kept: (id: string) => boolean = () => false,
): Readonly<Record<string, unknown>> {
  const id = String(before.id ?? "");
  const name = String(next.name ?? "");
  if (next.id !== before.id || next.name === before.name || kept(id)) return next;
  if (id !== slugOf(String(before.name ?? ""))) return next;
  const base = slugOf(name);
  if (base === "") return next;
  let n = 1;
  const idOf = () => (n === 1 ? base : `${base}-${n}`);
  while (otherIds.includes(idOf())) n += 1;
  return { ...next, id: idOf() };
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

/**
 * A folded combatant's key stats, as its summary line says them: the block's whole-number stats
 * in the schema's order, by the schema's titles, at most `most` ("Hit points 20, Armour 3"); a
 * stat the block leaves out at the schema's default, as its box shows it (a new tnt combatant's
 * line was empty: "Combat dice (d20s) 3, Prowess 3, Attack skill 3").
 */
export function keyStats(
  block: Readonly<Record<string, unknown>>,
  properties: readonly (readonly [key: string, title: string, type: unknown, fallback?: unknown])[],
  most = 3,
): string {
  return properties
    .flatMap(([key, title, type, fallback]) => {
      const value = block[key] ?? fallback;
      return type === "integer" && typeof value === "number" ? [`${title} ${value}`] : [];
    })
    .slice(0, most)
    .join(", ");
}
