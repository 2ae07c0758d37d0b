// A late arrival's stat block as the console's form holds it: a box per stat of the ruleset's
// schema (the API's JSON Schema of a combatant's stats), labelled by the schema's titles, filled
// from a stat block of the encounter's roster; and the stat block the boxes give back. Lists and
// records (weapons, gear) are typed as JSON. The ruleset checks the result, not the page.

/** A stat's box: a number, a word from a list, or text (JSON for lists and records). */
export interface StatField {
  readonly key: string;
  readonly label: string;
  readonly kind: "number" | "text" | "json";
  readonly choices?: readonly string[];
}

type Schema = Record<string, unknown>;

function kindOf(schema: Schema): Pick<StatField, "kind" | "choices"> {
  if (Array.isArray(schema.enum)) return { kind: "text", choices: schema.enum.map(String) };
  if (schema.type === "integer" || schema.type === "number") return { kind: "number" };
  if (schema.type === "string" || schema.type === "boolean") return { kind: "text" };
  return { kind: "json" };
}

/** The boxes of a ruleset's stats, in the schema's order. */
export function statFields(stats: Schema): StatField[] {
  const properties = (stats.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties).map(([key, schema]) => ({
    key,
    // Every ruleset titles every stat (engine/stat-titles.ts); the key only for one that does not.
    label: typeof schema.title === "string" ? schema.title : key,
    ...kindOf(schema),
  }));
}

/** The boxes' texts filled from a stat block (id, name and side included). */
export function arrivalTexts(
  template: Record<string, unknown>,
  fields: readonly StatField[],
  takenIds: readonly string[],
): Record<string, string> {
  let n = 2;
  const base = String(template.id ?? "arrival");
  while (takenIds.includes(`${base}-${n}`)) n += 1;
  const texts: Record<string, string> = {
    id: `${base}-${n}`,
    name: `${String(template.name ?? base)} ${n}`,
    side: String(template.side ?? ""),
  };
  for (const f of fields) {
    const value = template[f.key];
    if (value === undefined) continue;
    texts[f.key] = f.kind === "json" ? JSON.stringify(value) : String(value);
  }
  return texts;
}

export type Built =
  | { readonly kind: "built"; readonly combatant: Record<string, unknown> }
  | { readonly kind: "refused"; readonly key: string; readonly message: string };

/** The stat block the boxes give (empty boxes left out), or the first box that is not JSON. */
export function buildArrival(texts: Record<string, string>, fields: readonly StatField[]): Built {
  const combatant: Record<string, unknown> = {
    id: texts.id ?? "",
    name: texts.name ?? "",
    side: texts.side ?? "",
  };
  for (const f of fields) {
    const text = (texts[f.key] ?? "").trim();
    if (text === "") continue;
    if (f.kind === "number") combatant[f.key] = Number(text);
    else if (f.kind === "text")
      combatant[f.key] = text === "true" ? true : text === "false" ? false : text;
    else {
      try {
        combatant[f.key] = JSON.parse(text) as unknown;
      } catch {
        return { kind: "refused", key: f.key, message: `${f.label}: not JSON (${text})` };
      }
    }
  }
  return { kind: "built", combatant };
}

/**
 * The stat a refusal names: "change.combatant: weapons[0].weapon" names "weapons" (its box);
 * "" when it names none.
 */
export function statKeyOf(where: string): string {
  const at = where.indexOf("change.combatant: ");
  if (at < 0) return "";
  return /^[A-Za-z0-9_]+/.exec(where.slice(at + "change.combatant: ".length))?.[0] ?? "";
}
