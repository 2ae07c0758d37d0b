// A ruleset described as plain JSON: what `fray rules <id> --json` prints and what the HTTP API
// serves at /rulesets.
import type { Ruleset } from "../engine/ruleset.js";

/** A ruleset's id, title, source and switches (with their defaults): enough to pick one. */
export function rulesetSummary(r: Ruleset) {
  return {
    id: r.id,
    version: r.version,
    title: r.title,
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
 * Everything a ruleset tells about itself: sections, switches, data tables, coverage and the
 * rules Fray adds to the chapter.
 */
export function rulesetJson(r: Ruleset) {
  const { switches, ...head } = rulesetSummary(r);
  return {
    ...head,
    sections: r.sections,
    switches,
    tables: r.tables,
    coverage: r.coverage,
    frayDefaults: r.frayDefaults,
    exchangeCategories: r.exchange.categories,
  };
}
