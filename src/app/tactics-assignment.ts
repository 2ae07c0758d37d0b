// Tactics given to combatants from outside the encounter file (`fray sim --tactics`, the HTTP
// API's simulation, PUT /encounters/:id/tactics): a profile for everyone, a side or a combatant,
// late arrivals included (the file's `arrivalTactics`). The file is edited and read again, so that
// workers (which read the file) play the same tactics and every check of the file applies.
import type { Answer } from "../engine/answers.js";
import type { Encounter } from "../engine/encounter.js";
import {
  parseEncounterFile,
  type EncounterDefinition,
  type RulesetRegistry,
} from "../engine/encounter-file.js";
import { formatPath, InputError, parseInput, type PathPart } from "../engine/input-error.js";
import {
  checkTactics,
  DEFAULT_PROFILE,
  tacticsChoiceSchema,
  type TacticsChoice,
} from "../engine/tactics.js";

/** Who plays which tactics: "*" for everyone, or a side's or a combatant's id. */
export type TacticsAssignment = Readonly<Record<string, TacticsChoice>>;

/**
 * Reads `search`, `goblins=reckless` or `goblins=reckless,bram=search` (a bare profile is
 * everyone's). `where` names the option in errors.
 */
export function parseTacticsText(text: string, where: string): TacticsAssignment {
  const out: Record<string, TacticsChoice> = {};
  for (const part of text.split(",").map((p) => p.trim())) {
    const at = part.indexOf("=");
    const who = at < 0 ? "*" : part.slice(0, at).trim();
    const profile = at < 0 ? part : part.slice(at + 1).trim();
    if (who === "" || profile === "") {
      throw new InputError(
        `${where}: "${text}" is not a list of [side or combatant=]profile`,
        where,
        "for example --tactics search, or --tactics goblins=reckless,bram=cautious",
      );
    }
    out[who] = profile;
  }
  return out;
}

/** How `fray sim --tactics` names one entry in errors: "--tactics goblins=". */
const optionEntry = (where: string, who: string) =>
  `${where} ${who === "*" ? "" : `${who}=`}`.trim();

/** How the HTTP API names one entry in errors: "tactics.goblins". */
export const apiTacticsEntry = (where: string, who: string) => `${where}.${who}`;

/** A combatant the GM brought in during the fight: its id, name and side, as its block gives them. */
export interface Arrival {
  readonly id: string;
  readonly name: string;
  readonly side: string;
}

/** The late arrivals an encounter's answers bring in (the GM's add-combatant changes), in order. */
export function arrivalsOf(answers: readonly Answer[]): Arrival[] {
  return answers.flatMap((a) => {
    if (a.kind !== "gm" || a.change.op !== "add-combatant") return [];
    const { id, name, side } = a.change.combatant;
    return [{ id: String(id), name: String(name ?? id), side: String(side) }];
  });
}

/** The late arrivals in the fight now (those the GM took out of it are not), in order. */
export function arrivalsIn(encounter: Encounter): Arrival[] {
  const listed = new Set(encounter.definition.setup.combatants.map((c) => c.id));
  return encounter
    .view({ kind: "gm" })
    .filter((c) => !listed.has(c.id))
    .map(({ id, name, side }) => ({ id, name, side }));
}

/**
 * The encounter with the assigned tactics (a combatant's own beats its side's, beats "*"), the
 * late `arrivals` in the fight included (their tactics go to the file's `arrivalTactics`).
 * `where` names the assignment in errors, `entry` one of its entries (the HTTP API's
 * "tactics.goblins").
 */
export function withTactics(
  def: EncounterDefinition,
  assigned: TacticsAssignment,
  registry: RulesetRegistry,
  where: string,
  entry: (where: string, who: string) => string = optionEntry,
  arrivals: readonly Arrival[] = [],
): EncounterDefinition {
  if (Object.keys(assigned).length === 0) return def;
  const file = structuredClone(def.file) as {
    combatants: Record<string, unknown>[];
    arrivalTactics?: Record<string, TacticsChoice>;
  };
  const sides = def.setup.sides.map((s) => s.id);
  const ids = [...def.setup.combatants.map((c) => c.id), ...arrivals.map((a) => a.id)];
  for (const [who, choice] of Object.entries(assigned)) {
    if (who !== "*" && !sides.includes(who) && !ids.includes(who)) {
      throw new InputError(
        `${where}: "${who}" is neither a side nor a combatant of ${def.title}; sides: ${sides.join(", ")}; combatants: ${ids.join(", ")}`,
        where,
        'name a side, a combatant or "*" (everyone)',
      );
    }
    checkTactics(def.ruleset.tactics, choice, entry(where, who));
  }
  const choiceOf = (id: string, side: string) => assigned[id] ?? assigned[side] ?? assigned["*"];
  for (const c of file.combatants) {
    const choice = choiceOf(String(c["id"]), String(c["side"]));
    if (choice !== undefined) c["tactics"] = choice;
  }
  for (const a of arrivals) {
    const choice = choiceOf(a.id, a.side);
    if (choice !== undefined) file.arrivalTactics = { ...file.arrivalTactics, [a.id]: choice };
  }
  return parseEncounterFile(file, registry, where);
}

/**
 * The encounter with late arrival `id`'s tactics set to `choice` (checked: `source` and `at`
 * name it in errors, "change.combatant: tactics"), or with none (the default) when `choice` is
 * undefined: a combatant the GM brings in with tactics, or without (an earlier arrival of that
 * id, undone, leaves none behind). Null when that changes nothing.
 */
export function withArrivalTactics(
  def: EncounterDefinition,
  id: string,
  choice: unknown,
  registry: RulesetRegistry,
  source: string,
  at: readonly PathPart[],
): EncounterDefinition | null {
  const where = `${source}: ${formatPath(at)}`;
  const file = structuredClone(def.file) as { arrivalTactics?: Record<string, TacticsChoice> };
  const { [id]: _earlier, ...others } = file.arrivalTactics ?? {};
  if (choice === undefined) {
    if (_earlier === undefined) return null;
    if (Object.keys(others).length === 0) delete file.arrivalTactics;
    else file.arrivalTactics = others;
  } else {
    const parsed = parseInput(tacticsChoiceSchema, choice, source, at);
    file.arrivalTactics = { ...others, [id]: checkTactics(def.ruleset.tactics, parsed, where) };
  }
  return parseEncounterFile(file, registry, where);
}

/**
 * Each combatant's tactics by id, "default" for those the file gives none: what they play. The
 * late `arrivals` in the fight come after the file's combatants.
 */
export function playedTactics(
  def: EncounterDefinition,
  arrivals: readonly Arrival[] = [],
): Record<string, TacticsChoice> {
  return Object.fromEntries([
    ...def.setup.combatants.map((c) => [c.id, c.tactics ?? DEFAULT_PROFILE] as const),
    ...arrivals.map((a) => [a.id, def.arrivalTactics[a.id] ?? DEFAULT_PROFILE] as const),
  ]);
}
