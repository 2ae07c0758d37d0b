// An encounter being built in the console's builder, as its forms hold it, and the encounter file
// it gives (docs/encounter-format.md). The forms come from the ruleset's JSON Schemas
// (GET /rulesets/:id); the server checks the file (POST /encounters/check), and its refusal's
// `where` names the box it goes next to. The page holds no rules.
import type { SwitchJson } from "./types.js";

export interface DraftSide {
  readonly id: string;
  readonly name: string;
}

/** A combatant's stat block as its form holds it (id, name, side and the stats given). */
export interface DraftCombatant {
  /** Stable across edits, for React's keys. */
  readonly key: number;
  readonly block: Readonly<Record<string, unknown>>;
}

export interface Draft {
  readonly ruleset: string;
  readonly title: string;
  readonly seed: string;
  readonly sides: readonly DraftSide[];
  readonly combatants: readonly DraftCombatant[];
  /** The file's options that the GM set (the others keep their documented defaults). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The switches the GM set; one set back to its default is left out of the file. */
  readonly switches: Readonly<Record<string, unknown>>;
}

export const DEFAULT_SIDES: readonly DraftSide[] = [
  { id: "party", name: "The party" },
  { id: "foes", name: "The foes" },
];

/** One more side, with an id not yet taken ("side-3", named "Side 3"). */
export function anotherSide(sides: readonly DraftSide[]): DraftSide {
  let n = sides.length + 1;
  while (sides.some((s) => s.id === `side-${n}`)) n += 1;
  return { id: `side-${n}`, name: `Side ${n}` };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const given = (record: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));

/** Where a problem is: in a combatant, the options, a switch, or a field of the file. */
export type Place =
  | { readonly kind: "combatant"; readonly index: number; readonly path: string }
  | { readonly kind: "options"; readonly path: string }
  | { readonly kind: "switches"; readonly path: string }
  | { readonly kind: "file"; readonly key: string };

/**
 * The box a refusal's `where` names: "file: combatants[1].weapons[0].weapon" is in the second
 * combatant, at "weapons[0].weapon"; "file: options.distance" an option; "file: switches.x" a
 * switch; "file: title" the title.
 */
export function placeOf(where: string | undefined): Place {
  const path = (where ?? "").replace(/^file:\s*/, "");
  const combatant = /^combatants\[(\d+)\]\.?(.*)$/.exec(path);
  if (combatant !== null) {
    return { kind: "combatant", index: Number(combatant[1]), path: combatant[2]! };
  }
  const within = /^(options|switches)\.?(.*)$/.exec(path);
  if (within !== null) {
    return { kind: within[1] === "options" ? "options" : "switches", path: within[2]! };
  }
  return { kind: "file", key: /^[A-Za-z]+/.exec(path)?.[0] ?? "" };
}

/**
 * A refusal as the builder shows it beside its box: without the path the box already says
 * ("combatants[0].hitPoints: "), a field's name as programs write it in words, `titleOf`
 * ("hitPoints is 1 to 1000": "Hit points is 1 to 1000"), and another combatant by its name,
 * `nameOf` ("the name of combatants[0] (id sigrun)": "the name of Sigrun"); a stat left out
 * that the box's list offers, without the keys its list names by title ("weapon is required: one of
 * arming-sword, axe, … or a full record { … }": "weapon is required: pick one from its list").
 */
export function plainRefusal(
  message: string,
  where: string | undefined,
  titleOf: (key: string) => string,
  nameOf: (index: number) => string,
): string {
  const path = (where ?? "").replace(/^file:\s*/, "");
  const text =
    path !== "" && message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
  const own = /^combatants\[(\d+)\]/.exec(path)?.[1];
  const whose = (index: string) => (index === own ? "" : `${nameOf(Number(index))}: `);
  // A stat's refusal opens with its key, the rule's name for it sometimes after it ("level is
  // …", "stamina (Stamina Points) is …"): said as its box is labelled, "Level is …", "Stamina at
  // full (SP) is …", where a GM read "stamina (Stamina Points)" over a box "Stamina at full (SP)".
  const stat = /^combatants\[\d+\]\.(\w+)$/.exec(path)?.[1];
  const opened =
    stat === undefined
      ? text
      : text.replace(new RegExp(`^${stat}(?: \\([^)]*\\))?(?= )`), titleOf(stat));
  return (
    opened
      // The other refusals' paths, which their words repeat: "(and 1 more: stamina (Stamina
      // Points) is …)" of the same combatant, "Grub: level is …" of another, where it said
      // "Hedda.stamina: stamina …"; a stat's key opening one is its title, as above.
      .replace(
        /\bcombatants\[(\d+)\]\.(\w+): \2(?: \([^)]*\))?(?= )/g,
        (_, index: string, key: string) => `${whose(index)}${titleOf(key)}`,
      )
      .replace(/\bcombatants\[(\d+)\]\.[\w.[\]]+: /g, (_, index: string) => whose(index))
      .replace(/\bcombatants\[(\d+)\](?: \(id [^)]*\))?/g, (_, index: string) =>
        nameOf(Number(index)),
      )
      .replace(/ is required: one of [^]*$/, " is required: pick one from its list")
      .replace(/\b[a-z]+[A-Z][A-Za-z]*\b/g, titleOf)
  );
}

/**
 * Which of a form's boxes (by their labels) a refusal of the whole stat block names first, or -1:
 * "a combatant needs level (a character or NPC) or Hit dice (a monster)" names _Level_, the box
 * "Show the box to fix" then goes to, where it went to the message under the form, pages below.
 */
export function namedBox(message: string, labels: readonly string[]): number {
  const said = message.toLowerCase();
  let first = -1;
  let at = Infinity;
  labels.forEach((label, i) => {
    const word = label.trim().toLowerCase();
    if (word === "") return;
    const found = new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).exec(said);
    if (found !== null && found.index < at) {
      at = found.index;
      first = i;
    }
  });
  return first;
}

const NUMBER_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/**
 * A name the GM gave more than once, as a table counts them: "goblins", "wolves", "hill giants",
 * "bosses"; "knuckles" as it is.
 */
function plural(name: string): string {
  const lower = name.toLowerCase();
  // A name that already ends in one s is said as it is: "two knuckles", not "two knuckleses".
  if (/[^s]s$/.test(lower)) return lower;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^f]f$/.test(lower)) return `${lower.slice(0, -1)}ves`;
  return `${lower}s`;
}

/** "A", "A and B", "A, B and C". */
export function listed(parts: readonly string[]): string {
  return parts.length <= 1
    ? (parts[0] ?? "")
    : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)!}`;
}

/** A side's fighters named once, this many at most ("Grub, Snaga and 3 others"). */
const NAMED = 3;

/**
 * One side as a title says it: its fighters by name, the ones the builder numbered counted
 * ("Goblin", "Goblin 2" and "Goblin 3": "three goblins"), or, with none yet, its name, a leading
 * "The" lowered past the title's start ("the foes").
 */
function sideTitle(side: DraftSide, blocks: readonly Readonly<Record<string, unknown>>[]) {
  const names = blocks
    .filter((b) => b.side === side.id)
    .map((b) => String(b.name ?? b.id ?? "").trim())
    .filter((n) => n !== "");
  if (names.length === 0) return side.name.trim() || side.id;
  const alike = new Map<string, string[]>();
  for (const name of names) {
    const base = name.replace(/ \d+$/, "");
    alike.set(base, [...(alike.get(base) ?? []), name]);
  }
  const groups = [...alike].map(([base, all]) =>
    all.length === 1 ? all[0]! : `${NUMBER_WORDS[all.length] ?? all.length} ${plural(base)}`,
  );
  return groups.length <= NAMED
    ? listed(groups)
    : listed([...groups.slice(0, NAMED - 1), `${groups.length - NAMED + 1} others`]);
}

/**
 * The title of an encounter the GM did not name: who fights whom ("Cedryk and Wren against
 * three goblins"), each side by its fighters, so that two fights built alike in a list are told
 * apart, where both were "The party against The foes"; a side with none yet by its name ("The
 * party against the foes"). The file's own default, the ruleset's title with "encounter" ("The
 * Land of Karn (split actions, strike against defence, armour coverage) encounter"), took four
 * lines over the fight on a phone.
 */
export function defaultTitle(
  sides: readonly DraftSide[],
  blocks: readonly Readonly<Record<string, unknown>>[] = [],
): string {
  const title = sides.map((side) => sideTitle(side, blocks)).join(" against ");
  return title.replace(/ against The /g, " against the ");
}

/**
 * The encounter file the forms give: what the GM left empty, or at its default, left out (an
 * empty title is the sides', `defaultTitle`).
 */
export function draftFile(draft: Draft, switches: readonly SwitchJson[]): Record<string, unknown> {
  const chosen = Object.fromEntries(
    switches
      .filter((s) => draft.switches[s.key] !== undefined)
      .filter((s) => !same(draft.switches[s.key], s.default))
      .map((s) => [s.key, draft.switches[s.key]]),
  );
  const options = given(draft.options);
  const seed = draft.seed.trim();
  return {
    ruleset: draft.ruleset,
    title:
      draft.title.trim() ||
      defaultTitle(
        draft.sides,
        draft.combatants.map((c) => c.block),
      ),
    ...(seed === "" ? {} : { seed: Number(seed) }),
    ...(Object.keys(chosen).length === 0 ? {} : { switches: chosen }),
    ...(Object.keys(options).length === 0 ? {} : { options }),
    sides: draft.sides.map(({ id, name }) => ({ id, name })),
    combatants: draft.combatants.map((c) => given(c.block)),
  };
}

const recordOr = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The title of a copy of an encounter titled `title`, told apart from the `taken` titles (the
 * list's): "Bandits (copy)", then "Bandits (copy 2)", 3 ...; a copy of a copy numbered on from
 * the same title ("Bandits (copy 2)", where it was "Bandits (copy) (copy)").
 */
export function copyTitle(title: string, taken: readonly string[] = []): string {
  const base = title.trim().replace(/ \(copy(?: \d+)?\)$/, "");
  const used = new Set(taken.map((t) => t.trim()));
  let n = 1;
  const titled = () => `${base} (copy${n === 1 ? "" : ` ${n}`})`;
  while (used.has(titled())) n += 1;
  return titled();
}

/**
 * The draft of a copy of a stored encounter's file, to change and create as a new encounter:
 * titled "… (copy)", numbered past the `taken` titles (`copyTitle`), so that the list tells them
 * apart; a file that names no sides gets one per side its combatants name. `key` numbers its
 * combatants' forms.
 */
export function draftOfFile(
  file: Readonly<Record<string, unknown>>,
  key: () => number,
  taken: readonly string[] = [],
): Draft {
  const combatants = (Array.isArray(file.combatants) ? file.combatants : []).map(recordOr);
  const named = Array.isArray(file.sides)
    ? file.sides.map(recordOr).map((s) => ({ id: String(s.id), name: String(s.name ?? s.id) }))
    : [...new Set(combatants.map((c) => String(c.side)))].map((id) => ({ id, name: id }));
  const title = typeof file.title === "string" ? file.title.trim() : "";
  return {
    ruleset: String(file.ruleset ?? ""),
    title: title === "" ? "" : copyTitle(title, taken),
    seed: typeof file.seed === "number" ? String(file.seed) : "",
    sides: named,
    combatants: combatants.map((block) => ({ key: key(), block })),
    options: recordOr(file.options),
    switches: recordOr(file.switches),
  };
}
