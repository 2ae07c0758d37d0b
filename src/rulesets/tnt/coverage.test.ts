// The coverage table is complete and honest: every row names a test that exists in the named
// file, and the ruleset's documentation carries every row and every switch (the shared check,
// engine/test-support/coverage.ts).
import { readFileSync } from "node:fs";
import { describeCoverage } from "../../engine/test-support/coverage.js";
import { tnt } from "./index.js";
import { TRANSITIONS } from "./procedures/transitions.js";

/** The loop of procedures/moves.test.ts that names one test per one-die line of the range page. */
const TRANSITION_LOOP = [
  'for (const t of TRANSITIONS.filter((x) => x.way === "combat die"))',
  "it(`from ${t.from} to ${t.to}: ${aoo}`",
];

/** procedures/moves.test.ts names one test per one-die line of the range page, in its loop. */
function generatedTransitionTest(file: string, name: string): boolean {
  const m = /^from (\w+) to (\w+): (.*)$/.exec(name);
  if (file !== "procedures/moves.test.ts" || m === null) return false;
  const source = readFileSync(new URL(file, import.meta.url), "utf8");
  if (!TRANSITION_LOOP.every((line) => source.includes(line))) return false;
  const t = TRANSITIONS.find((x) => x.from === m[1] && x.to === m[2] && x.way === "combat die");
  const says = t?.opportunity
    ? "the opponent is allowed an attack of opportunity"
    : "no attack of opportunity";
  return t !== undefined && m[3] === says;
}

describeCoverage(tnt, {
  folder: new URL(".", import.meta.url),
  doc: new URL("../../../docs/rulesets/tnt.md", import.meta.url),
  // Where Fray fills the chapter's gaps: the rows stand under the chapter's headings they serve
  // ("Changing the range (counter-attack)", "(not in the chapter) Hit points", "Combat details").
  sectionsWithoutRows: [
    "Counter-attack (Codex Martialis default)",
    "Hit points (Fray default)",
    "Initiative (Fray default)",
  ],
  generated: generatedTransitionTest,
});
