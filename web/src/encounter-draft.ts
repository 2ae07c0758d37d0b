// An encounter being built in the console's builder, as its forms hold it (texts in boxes), and
// the encounter file it gives (docs/encounter-format.md). The boxes come from the ruleset's JSON
// Schemas (GET /rulesets/:id); the server checks the file (POST /encounters/check), and its
// refusal's `where` names the box it goes next to. The page holds no rules.
import { buildArrival, type StatField } from "./late-arrival.js";
import type { SwitchJson } from "./types.js";

export interface DraftSide {
  readonly id: string;
  readonly name: string;
}

/** A combatant's boxes: id, name, side and one per stat, as texts. */
export interface DraftCombatant {
  /** Stable across edits, for React's keys and for the boxes' errors. */
  readonly key: number;
  readonly texts: Readonly<Record<string, string>>;
}

export interface Draft {
  readonly ruleset: string;
  readonly title: string;
  readonly seed: string;
  readonly sides: readonly DraftSide[];
  readonly combatants: readonly DraftCombatant[];
  /** Each switch's box, by key; a switch left at its default is left out of the file. */
  readonly switches: Readonly<Record<string, string>>;
}

export const DEFAULT_SIDES: readonly DraftSide[] = [
  { id: "party", name: "The party" },
  { id: "foes", name: "The foes" },
];

/** A switch's box: a word from a list, yes/no, a number, or JSON. */
export type SwitchBox =
  | { readonly kind: "choice"; readonly choices: readonly string[] }
  | { readonly kind: "yes-no" }
  | { readonly kind: "number" }
  | { readonly kind: "json" };

export function switchBox(schema: Record<string, unknown>): SwitchBox {
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string")) {
    return { kind: "choice", choices: schema.enum as string[] };
  }
  if (schema.type === "boolean") return { kind: "yes-no" };
  if (schema.type === "integer" || schema.type === "number") return { kind: "number" };
  return { kind: "json" };
}

/** A switch's value as its box shows it. */
export function switchText(value: unknown, box: SwitchBox): string {
  switch (box.kind) {
    case "choice":
      return String(value);
    case "yes-no":
      return value === true ? "yes" : "no";
    case "number":
      return String(value);
    case "json":
      return JSON.stringify(value);
  }
}

function switchValue(text: string, box: SwitchBox): unknown {
  switch (box.kind) {
    case "choice":
      return text;
    case "yes-no":
      return text === "yes";
    case "number":
      return text.trim() === "" ? text : Number(text);
    case "json":
      return JSON.parse(text) as unknown;
  }
}

/** Each switch's box at its documented default. */
export function defaultSwitches(switches: readonly SwitchJson[]): Record<string, string> {
  return Object.fromEntries(
    switches.map((s) => [s.key, switchText(s.default, switchBox(s.schema))]),
  );
}

/** A stat block's boxes (as an encounter file or a roster lists it), with an id not yet taken. */
export function copiedTexts(
  block: Readonly<Record<string, unknown>>,
  fields: readonly StatField[],
  side: string,
  takenIds: readonly string[],
): Record<string, string> {
  const base = String(block.id ?? "combatant");
  let id = base;
  for (let n = 2; takenIds.includes(id); n += 1) id = `${base}-${n}`;
  const name = String(block.name ?? base);
  const texts: Record<string, string> = {
    id,
    name: id === base ? name : `${name} ${id.slice(base.length + 1)}`,
    side,
  };
  for (const f of fields) {
    const value = block[f.key];
    if (value === undefined) continue;
    texts[f.key] = f.kind === "json" ? JSON.stringify(value) : String(value);
  }
  return texts;
}

/** Where a problem is: a combatant's box, a switch, a field of the file, or the whole file. */
export type Place =
  | { readonly kind: "combatant"; readonly index: number; readonly key: string }
  | { readonly kind: "switch"; readonly key: string }
  | { readonly kind: "file"; readonly key: string };

/**
 * The box a refusal's `where` names: "file: combatants[1].weapons[0].weapon" is the second
 * combatant's weapons box; "file: switches.grappleAttacks" a switch; "file: title" the title.
 */
export function placeOf(where: string | undefined): Place {
  const path = (where ?? "").replace(/^file:\s*/, "");
  const combatant = /^combatants\[(\d+)\](?:\.([A-Za-z0-9_]+))?/.exec(path);
  if (combatant !== null) {
    return { kind: "combatant", index: Number(combatant[1]), key: combatant[2] ?? "" };
  }
  const toggle = /^switches\.([A-Za-z0-9_-]+)/.exec(path);
  if (toggle !== null) return { kind: "switch", key: toggle[1]! };
  return { kind: "file", key: /^[A-Za-z]+/.exec(path)?.[0] ?? "" };
}

export type DraftFile =
  | { readonly kind: "file"; readonly file: Record<string, unknown> }
  | { readonly kind: "refused"; readonly place: Place; readonly message: string };

/** The encounter file the boxes give, or the first box whose text is not what it takes. */
export function draftFile(
  draft: Draft,
  fields: readonly StatField[],
  switches: readonly SwitchJson[],
): DraftFile {
  const combatants: Record<string, unknown>[] = [];
  for (const [index, c] of draft.combatants.entries()) {
    const built = buildArrival({ ...c.texts }, fields);
    if (built.kind === "refused") {
      return {
        kind: "refused",
        place: { kind: "combatant", index, key: built.key },
        message: built.message,
      };
    }
    combatants.push(built.combatant);
  }
  const chosen: Record<string, unknown> = {};
  for (const s of switches) {
    const box = switchBox(s.schema);
    const text = draft.switches[s.key] ?? switchText(s.default, box);
    if (text === switchText(s.default, box)) continue;
    try {
      chosen[s.key] = switchValue(text, box);
    } catch {
      return {
        kind: "refused",
        place: { kind: "switch", key: s.key },
        message: `${s.key}: not JSON (${text})`,
      };
    }
  }
  const seed = draft.seed.trim();
  const file: Record<string, unknown> = {
    ruleset: draft.ruleset,
    ...(draft.title.trim() === "" ? {} : { title: draft.title.trim() }),
    ...(seed === "" ? {} : { seed: Number(seed) }),
    ...(Object.keys(chosen).length === 0 ? {} : { switches: chosen }),
    sides: draft.sides.map(({ id, name }) => ({ id, name })),
    combatants,
  };
  return { kind: "file", file };
}
