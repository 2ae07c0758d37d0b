// A ruleset described as plain JSON: what `fray rules <id> --json` prints and what the HTTP API
// serves at /rulesets.
import type { Ruleset } from "../engine/ruleset.js";
import { gameName } from "./rulesets.js";
import { DEFAULT_PROFILE, SEARCH_PROFILE, type RulesetTactics } from "../engine/tactics.js";

/**
 * The profiles a combatant may play, each with what it does in a line, and the questions the
 * tactics answer, each with what it asks in the GM's words, who answers it (a profile may be
 * chosen one question at a time for a combatant's own) and the chapter's section it comes from
 * (docs/tactics.md): what `fray rules` lists and the console's tactics choices show.
 */
export function tacticsJson(tactics: RulesetTactics) {
  return {
    profiles: [
      { name: DEFAULT_PROFILE, description: "the ruleset's default tactics: a seasoned player's" },
      ...Object.entries(tactics.profiles).map(([name, p]) => ({
        name,
        description: p.description,
      })),
      {
        name: SEARCH_PROFILE,
        description: "looks ahead with the rules: plays each option out and takes the best (slow)",
      },
    ],
    questions: Object.keys(tactics.questions).map((question) => {
      const { description, by, section } = tactics.about[question]!;
      return {
        question,
        description,
        by,
        ...(section === undefined ? {} : { section: { id: section.id, title: section.title } }),
      };
    }),
  };
}

/** A ruleset's id, title, source and switches (with their defaults): enough to pick one. */
export function rulesetSummary(r: Ruleset) {
  return {
    id: r.id,
    version: r.version,
    title: r.title,
    game: gameName(r),
    source: r.source,
    switches: r.switches.map(({ key, description, default: d, provenance }) => ({
      key,
      description,
      default: d,
      provenance,
    })),
  };
}

/**
 * Everything a ruleset tells about itself: sections, switches, data tables, tactics, coverage and
 * the rules Fray adds to the chapter.
 */
export function rulesetJson(r: Ruleset) {
  const { switches, ...head } = rulesetSummary(r);
  return {
    ...head,
    sections: r.sections,
    switches,
    tables: r.tables,
    tactics: tacticsJson(r.tactics),
    coverage: r.coverage,
    frayDefaults: r.frayDefaults,
    exchangeCategories: r.exchange.categories,
  };
}
