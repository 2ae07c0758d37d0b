// The coverage table keeps its promises: every test it names exists in the file it names, every
// implemented rule has one, and the docs show every row.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coverage } from "./coverage.js";

describe("the coverage table", () => {
  it("names only tests that exist, in the files it names", () => {
    for (const row of coverage) {
      if (row.test === undefined) continue;
      const [file, name] = row.test.split(/: (.*)/s) as [string, string];
      const source = readFileSync(`src/rulesets/karn/${file}`, "utf8");
      expect(source.includes(`"${name}"`) || source.includes(`\`${name}\``), row.test).toBe(true);
    }
  });

  it("gives every implemented rule a test, and every GM rule a way the GM is asked", () => {
    for (const row of coverage) {
      if (row.status === "implemented") expect(row.test, row.paragraph).toBeDefined();
      expect(row.where.length, row.paragraph).toBeGreaterThan(10);
    }
  });

  it("is the table docs/rulesets/karn.md shows", () => {
    const doc = readFileSync("docs/rulesets/karn.md", "utf8");
    for (const row of coverage) expect(doc.includes(row.paragraph), row.paragraph).toBe(true);
  });
});
