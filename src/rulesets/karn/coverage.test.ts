// The coverage table is complete and honest: every row names a test that exists in the named
// file, and the ruleset's documentation carries every row and every switch (the shared check,
// engine/test-support/coverage.ts).
import { describeCoverage } from "../../engine/test-support/coverage.js";
import { karn } from "./index.js";

describeCoverage(karn, {
  folder: new URL(".", import.meta.url),
  doc: new URL("../../../docs/rulesets/karn.md", import.meta.url),
  // What Fray adds for hit points and stamina is among Fray's defaults, not the chapter's rules.
  sectionsWithoutRows: ["Hit points and stamina (Fray default)"],
});
