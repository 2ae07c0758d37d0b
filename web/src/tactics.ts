// A combatant's tactics as the console shows and edits them (docs/tactics.md): a profile of the
// ruleset's (GET /rulesets/:id's `tactics`), with per-question overrides, in the shape an
// encounter file, a simulation's `tactics` and PUT /encounters/:id/tactics take.
import type { TacticsChoice } from "../../src/engine/tactics.js";
import {
  DEFAULT_PROFILE,
  SEARCH_PROFILE,
  overridesOf,
  playedText,
  profileOf,
  tacticsText,
} from "../../src/engine/tactics-text.js";
import type { RulesetJson } from "./types.js";

export type { TacticsChoice };
export { DEFAULT_PROFILE, SEARCH_PROFILE, overridesOf, playedText, profileOf, tacticsText };
/** A ruleset's profiles (default first) and the questions a profile may be chosen for. */
export type RulesetTacticsJson = RulesetJson["tactics"];

/**
 * The choice a profile and its overrides make, as short as a file writes it: undefined for the
 * default without overrides (left out of the file), a profile's name, or both.
 */
export function tacticsChoice(
  profile: string,
  overrides: Readonly<Record<string, string>> = {},
): TacticsChoice | undefined {
  if (Object.keys(overrides).length === 0) {
    return profile === DEFAULT_PROFILE ? undefined : profile;
  }
  return profile === DEFAULT_PROFILE
    ? { questions: { ...overrides } }
    : { profile, questions: { ...overrides } };
}

/** The overrides with one question's set (or, with "", given back to the profile). */
export function withOverride(
  overrides: Readonly<Record<string, string>>,
  question: string,
  profile: string,
): Record<string, string> {
  const out = { ...overrides };
  if (profile === "") delete out[question];
  else out[question] = profile;
  return out;
}

/**
 * The profiles the console offers: the ruleset's but the search, which is for fray sim and fray
 * audit (a fight's odds refuse it, auto-play plays its default), plus `current` when it is one
 * of the others (a file that names search keeps it).
 */
export function offeredProfiles(
  tactics: RulesetTacticsJson,
  current?: string,
): RulesetTacticsJson["profiles"] {
  return tactics.profiles.filter((p) => p.name !== SEARCH_PROFILE || p.name === current);
}

/**
 * The questions a combatant's tactics answer, with what each asks: those a profile may be chosen
 * for one by one. The GM's rulings and a side's turn order are not a combatant's to answer.
 */
export function combatantQuestions(tactics: RulesetTacticsJson): RulesetTacticsJson["questions"] {
  return tactics.questions.filter((q) => q.by === "combatant");
}

/** What a profile does, in the ruleset's words ("" for a name it does not know). */
export function profileDescription(tactics: RulesetTacticsJson, profile: string): string {
  return tactics.profiles.find((p) => p.name === profile)?.description ?? "";
}

/**
 * A simulation's `tactics` from the panel's picks, by side or combatant id: those left at "" (as
 * the encounter has them) are left out.
 */
export function pickedTactics(picks: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(picks).filter(([, profile]) => profile !== ""));
}

/**
 * The profile every combatant of `ids` plays with no override, or "" when they differ (or one has
 * overrides): what a side's select shows.
 */
export function commonProfile(
  tactics: Readonly<Record<string, TacticsChoice>>,
  ids: readonly string[],
): string {
  const texts = ids.map((id) => tacticsText(tactics[id]));
  const first = texts[0];
  if (first === undefined || texts.some((t) => t !== first) || first.includes(";")) return "";
  return first;
}
