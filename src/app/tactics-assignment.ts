// Tactics given to combatants from outside the encounter file (`fray sim --tactics`, the HTTP
// API's simulation): a profile for everyone, a side or a combatant. The file is edited and read
// again, so that workers (which read the file) play the same tactics and every check of the file
// applies.
import {
  parseEncounterFile,
  type EncounterDefinition,
  type RulesetRegistry,
} from "../engine/encounter-file.js";
import { InputError } from "../engine/input-error.js";
import { checkTactics, DEFAULT_PROFILE, type TacticsChoice } from "../engine/tactics.js";

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

/**
 * The encounter with the assigned tactics (a combatant's own beats its side's, beats "*").
 * `where` names the assignment in errors, `entry` one of its entries (the HTTP API's
 * "tactics.goblins").
 */
export function withTactics(
  def: EncounterDefinition,
  assigned: TacticsAssignment,
  registry: RulesetRegistry,
  where: string,
  entry: (where: string, who: string) => string = optionEntry,
): EncounterDefinition {
  if (Object.keys(assigned).length === 0) return def;
  const file = structuredClone(def.file) as { combatants: Record<string, unknown>[] };
  const sides = def.setup.sides.map((s) => s.id);
  const ids = def.setup.combatants.map((c) => c.id);
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
  for (const c of file.combatants) {
    const choice = assigned[String(c["id"])] ?? assigned[String(c["side"])] ?? assigned["*"];
    if (choice !== undefined) c["tactics"] = choice;
  }
  return parseEncounterFile(file, registry, where);
}

/** Each combatant's tactics by id, "default" for those the file gives none: what they play. */
export function playedTactics(def: EncounterDefinition): Record<string, TacticsChoice> {
  return Object.fromEntries(def.setup.combatants.map((c) => [c.id, c.tactics ?? DEFAULT_PROFILE]));
}
