// A combatant's tactics in words (docs/tactics.md), as `fray sim` prints what it played and the
// console shows it: the profile names every ruleset shares, and a choice (a profile, with
// per-question overrides) in a line. No runtime imports: the console's first load takes it.
import type { TacticsChoice } from "./tactics.js";

/** The profile every combatant plays unless told otherwise. */
export const DEFAULT_PROFILE = "default";
/** The engine's look-ahead (src/engine/search/): chooses by playing the options out. */
export const SEARCH_PROFILE = "search";

/** The profile a choice names ("default" for none). */
export function profileOf(choice: TacticsChoice | undefined): string {
  if (choice === undefined) return DEFAULT_PROFILE;
  return typeof choice === "string" ? choice : (choice.profile ?? DEFAULT_PROFILE);
}

/** The questions answered by another profile than the combatant's, with that profile. */
export function overridesOf(choice: TacticsChoice | undefined): Readonly<Record<string, string>> {
  return choice === undefined || typeof choice === "string" ? {} : (choice.questions ?? {});
}

/** A choice in a line: "reckless", "cautious; action: reckless, next: default". */
export function tacticsText(choice: TacticsChoice | undefined): string {
  const overrides = Object.entries(overridesOf(choice));
  const profile = profileOf(choice);
  if (overrides.length === 0) return profile;
  return `${profile}; ${overrides.map(([q, p]) => `${q}: ${p}`).join(", ")}`;
}

/**
 * What each side played, a line each: "The goblins: reckless", or each combatant's when they
 * differ ("The party: Janine default, Bram cautious").
 */
export function playedText(
  sides: readonly { readonly id: string; readonly name: string }[],
  combatants: readonly { readonly id: string; readonly name: string; readonly side: string }[],
  played: Readonly<Record<string, TacticsChoice>>,
): string[] {
  return sides.flatMap((side) => {
    const members = combatants.filter((c) => c.side === side.id && played[c.id] !== undefined);
    if (members.length === 0) return [];
    const texts = members.map((c) => tacticsText(played[c.id]));
    const same = texts.every((t) => t === texts[0]);
    return [
      `${side.name}: ${same ? texts[0]! : members.map((c, i) => `${c.name} ${texts[i]!}`).join(", ")}`,
    ];
  });
}
