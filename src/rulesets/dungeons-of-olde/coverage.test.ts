// The coverage table is complete and honest: every row names a test that exists in the named file,
// and the ruleset's documentation carries every row and every switch.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dungeonsOfOlde } from "./index.js";

const here = fileURLToPath(new URL(".", import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? testFiles(p) : f.endsWith(".test.ts") ? [p] : [];
  });
}

describe("coverage", () => {
  it("every implemented or GM row names a test that exists in the named file", () => {
    for (const row of dungeonsOfOlde.coverage) {
      if (row.status === "not-applicable") continue;
      const [file, name] = (row.test ?? "").split(" › ") as [string, string | undefined];
      expect(name, `${row.section}: ${row.paragraph}`).toBeDefined();
      const text = readFileSync(join(here, file), "utf8");
      expect(
        text.includes(JSON.stringify(name).slice(1, -1)) || text.includes(name!),
        `${file}: "${name}"`,
      ).toBe(true);
    }
    expect(testFiles(here).length).toBeGreaterThan(5);
  });

  it("every section of the coverage table is one of the ruleset's sections (or the chapter's introduction)", () => {
    const titles = new Set(dungeonsOfOlde.sections.map((s) => s.title));
    for (const row of dungeonsOfOlde.coverage)
      if (row.section !== "Combat" && row.section !== "Conditions")
        expect(titles.has(row.section), row.section).toBe(true);
  });

  it("the documentation has one coverage row per rule paragraph, and every switch", () => {
    const doc = readFileSync(
      fileURLToPath(new URL("../../../docs/rulesets/dungeons-of-olde.md", import.meta.url)),
      "utf8",
    );
    const cells = new Set(
      doc
        .split("\n")
        .flatMap((line) => (line.startsWith("|") ? line.split("|").map((c) => c.trim()) : [])),
    );
    for (const row of dungeonsOfOlde.coverage)
      expect(cells.has(row.paragraph), row.paragraph).toBe(true);
    for (const s of dungeonsOfOlde.switches) expect(doc, s.key).toContain(`\`${s.key}\``);
  });
});
