// The check every ruleset runs on its coverage table (the Ruleset contract's `coverage`): it is
// complete and honest. Every test a row names exists in the file it names, every implemented
// rule has one, every row says where it is done, every section is accounted for, and the
// ruleset's documentation shows every row and every switch.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Ruleset } from "../ruleset.js";

export interface CoverageFiles {
  /** The ruleset's folder, where the files the rows name are: `new URL(".", import.meta.url)`. */
  readonly folder: URL;
  /** The ruleset's documentation (docs/rulesets/<id>.md), with the coverage table in it. */
  readonly doc: URL;
  /**
   * Sections the rows may name besides the ruleset's own (the chapter's introduction, ...); when
   * given, rows name no other. Left out, rows may name any heading of the chapter.
   */
  readonly otherSections?: readonly string[];
  /** The ruleset's sections that have no row of their own (their rules stand under others). */
  readonly sectionsWithoutRows?: readonly string[];
  /** For tests made in a loop, whose names the file does not spell out: is `name` in `file`? */
  readonly generated?: (file: string, name: string) => boolean;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? testFiles(p) : f.endsWith(".test.ts") ? [p] : [];
  });
}

/** A row's test, "file.test.ts › name" or "file.test.ts: name", as the file and the name. */
function testOf(test: string): { file: string; name: string } | null {
  const m = /^(\S+\.test\.ts)(?: › |: )(.+)$/s.exec(test);
  return m === null ? null : { file: m[1]!, name: m[2]! };
}

/** Does `source` spell `name` out as a string literal ("...", with JSON escapes, or `...`)? */
function names(source: string, name: string): boolean {
  return source.includes(JSON.stringify(name)) || source.includes(`\`${name}\``);
}

export function describeCoverage(ruleset: Ruleset, files: CoverageFiles): void {
  const folder = fileURLToPath(files.folder);
  const doc = () => readFileSync(fileURLToPath(files.doc), "utf8");

  describe(`${ruleset.id}: the coverage table`, () => {
    it("names only tests that exist, in the files it names", () => {
      for (const row of ruleset.coverage) {
        if (row.test === undefined) continue;
        const test = testOf(row.test);
        expect(test, `${row.section}: ${row.paragraph}: ${row.test}`).not.toBeNull();
        const { file, name } = test!;
        const source = readFileSync(join(folder, file), "utf8");
        const found = names(source, name) || (files.generated?.(file, name) ?? false);
        expect(found, `${file}: "${name}"`).toBe(true);
      }
      expect(testFiles(folder).length).toBeGreaterThan(5);
    });

    it("gives every implemented rule a test, and every row where it is done or why not", () => {
      for (const row of ruleset.coverage) {
        if (row.status === "implemented") expect(row.test, row.paragraph).toBeDefined();
        expect(row.where.length, row.paragraph).toBeGreaterThan(10);
      }
    });

    it("has a row for every section of the ruleset", () => {
      const covered = new Set(ruleset.coverage.map((r) => r.section));
      const without = new Set(files.sectionsWithoutRows ?? []);
      for (const { title } of ruleset.sections)
        expect(covered.has(title) || without.has(title), title).toBe(true);
    });

    const others = files.otherSections;
    if (others !== undefined) {
      it(`names no section but the ruleset's own and ${others.join(", ") || "no other"}`, () => {
        const titles = new Set([...ruleset.sections.map((s) => s.title), ...others]);
        for (const row of ruleset.coverage) expect(titles.has(row.section), row.section).toBe(true);
      });
    }

    it("is the table the documentation shows, and the documentation names every switch", () => {
      const text = doc();
      const cells = new Set(
        text
          .split("\n")
          .flatMap((line) => (line.startsWith("|") ? line.split("|").map((c) => c.trim()) : [])),
      );
      for (const row of ruleset.coverage)
        expect(cells.has(row.paragraph), row.paragraph).toBe(true);
      for (const s of ruleset.switches) expect(text, s.key).toContain(`\`${s.key}\``);
    });
  });
}
