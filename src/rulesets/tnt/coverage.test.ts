// The coverage table keeps its promises: every test it names exists, and every section it
// names is one of the chapter's or Fray's stated gaps.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coverage } from "./coverage.js";
import { TRANSITIONS } from "./transitions.js";

/** moves.test.ts names one test per one-die line of the range page. */
function generatedTransitionTest(file: string, name: string): boolean {
  const m = /^from (\w+) to (\w+): (.*)$/.exec(name);
  if (file !== "moves.test.ts" || m === null) return false;
  const t = TRANSITIONS.find((x) => x.from === m[1] && x.to === m[2] && x.way === "combat die");
  const says = t?.opportunity
    ? "the opponent is allowed an attack of opportunity"
    : "no attack of opportunity";
  return t !== undefined && m[3] === says;
}

describe("the coverage table", () => {
  it("names only tests that exist, in the files it names", () => {
    for (const row of coverage) {
      if (row.test === undefined) continue;
      const [file, name] = row.test.split(/: (.*)/s) as [string, string];
      const source = readFileSync(`src/rulesets/tnt/${file}`, "utf8");
      const found =
        source.includes(`"${name}"`) ||
        source.includes(`\`${name}\``) ||
        generatedTransitionTest(file, name);
      expect(found, row.test).toBe(true);
    }
  });

  it("is the table docs/rulesets/tnt.md shows", () => {
    const doc = readFileSync("docs/rulesets/tnt.md", "utf8");
    for (const row of coverage) expect(doc.includes(row.paragraph), row.paragraph).toBe(true);
  });

  it("gives every implemented rule a test, and every GM rule a way the GM is asked", () => {
    for (const row of coverage) {
      if (row.status === "implemented") expect(row.test, row.paragraph).toBeDefined();
      expect(row.where.length, row.paragraph).toBeGreaterThan(10);
    }
  });
});
