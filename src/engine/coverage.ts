// Rows of a ruleset's coverage table (the Ruleset contract's `coverage`): one rule paragraph of
// the chapter, what Fray does with it, where, and the test that checks it.
import type { CoverageRow } from "./ruleset.js";

export function coverageRow(
  section: string,
  paragraph: string,
  status: CoverageRow["status"],
  where: string,
  test?: string,
): CoverageRow {
  return test === undefined
    ? { section, paragraph, status, where }
    : { section, paragraph, status, where, test };
}

/** A paragraph Fray implements, in `where`, checked by `test` ("file.test.ts › test name"). */
export function implemented(
  section: string,
  paragraph: string,
  where: string,
  test: string,
): CoverageRow {
  return coverageRow(section, paragraph, "implemented", where, test);
}

/** A paragraph left to the GM, asked as `where` says, checked by `test`. */
export function gmDecision(
  section: string,
  paragraph: string,
  where: string,
  test: string,
): CoverageRow {
  return coverageRow(section, paragraph, "gm-decision", where, test);
}

/** A paragraph with no rule for Fray to apply; `where` says why. */
export function notApplicable(section: string, paragraph: string, where: string): CoverageRow {
  return coverageRow(section, paragraph, "not-applicable", where);
}
