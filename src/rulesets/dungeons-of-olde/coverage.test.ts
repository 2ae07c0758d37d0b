// The coverage table is complete and honest: every row names a test that exists in the named
// file, and the ruleset's documentation carries every row and every switch (the shared check,
// engine/test-support/coverage.ts).
import { describeCoverage } from "../../engine/test-support/coverage.js";
import { dungeonsOfOlde } from "./index.js";

describeCoverage(dungeonsOfOlde, {
  folder: new URL(".", import.meta.url),
  doc: new URL("../../../docs/rulesets/dungeons-of-olde.md", import.meta.url),
  // Rows may stand under the chapter's introduction and the core rules' conditions; the Weapons
  // heading only introduces Melee Weapons, Unarmed Combat and Ranged Combat, which have rows.
  otherSections: ["Combat", "Conditions"],
  sectionsWithoutRows: ["Weapons"],
});
