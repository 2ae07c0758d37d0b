// Rows of a ruleset's coverage table (the Ruleset contract's `coverage`): one rule paragraph of
// the chapter, what Fray does with it, where, and the test that checks it; the rules Fray adds
// that the chapter does not have (`frayDefaults`); and the fidelity figure the rows give.
import type { CoverageRow, FrayDefault } from "./ruleset.js";

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

/** A rule Fray plays that the chapter does not have, with where it comes from. */
export function frayDefault(
  topic: string,
  source: FrayDefault["source"],
  ref: string,
  where: string,
  test?: string,
): FrayDefault {
  return test === undefined ? { topic, source, ref, where } : { topic, source, ref, where, test };
}

/** How much of the chapter a coverage table accounts for (Fray's defaults never count). */
export interface Fidelity {
  /** Rules Fray settles itself (implemented rows). */
  readonly settled: number;
  /** Rules whose answer is asked of the GM (with a default). */
  readonly askedOfGm: number;
  /** Paragraphs with no rule to apply. */
  readonly notRules: number;
}

export function fidelity(rows: readonly CoverageRow[]): Fidelity {
  const count = (status: CoverageRow["status"]) => rows.filter((r) => r.status === status).length;
  return {
    settled: count("implemented"),
    askedOfGm: count("gm-decision"),
    notRules: count("not-applicable"),
  };
}
