// The check every ruleset runs on its coverage table (the Ruleset contract's `coverage`) and on
// the rules Fray adds (`frayDefaults`): they are complete and prove what they claim.
// - Every file a row cites exists, and every function cited after a file ("procedures/attack.ts
//   attackWith", "scores.ts rangeBonus/attackModifier", "round.ts playRound, endOfRound") is
//   declared in it; files are paths from the ruleset's folder, or from the repository for
//   examples/, docs/, src/ and bench/. Every switch a row cites ("switch finesseBonus") exists.
// - Every test a row names ("file.test.ts › name" or "file.test.ts: name") is an it() or test()
//   of that file, spelt out, or made in a loop the ruleset vouches for (`generated`).
// - Every implemented rule has a test; every row says where it is done; every section is
//   accounted for.
// - The documentation shows the coverage table row by row (paragraph, where and test), Fray's
//   defaults in a section of their own, the fidelity figure the table gives, and every switch
//   in its Switches table with the code's default, description and source.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fidelity } from "../coverage.js";
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

/** What a row or a default cites: where, and its test. */
interface Citation {
  readonly label: string;
  readonly where: string;
  readonly test?: string;
}

const REPOSITORY = fileURLToPath(new URL("../../../", import.meta.url));
const FROM_REPOSITORY = /^(?:examples|docs|src|bench)\//;
const FILE =
  /(?<![\w/.-])((?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:ts|yaml|json)|docs\/[\w./-]+\.md)(?![\w/-])/g;
/** A function's name: not a word of a longer hyphenated one ("party-ambush"). */
const IDENTIFIER = /^[A-Za-z_$][\w$]*(?![\w$-])/;
/** A name in a list after the first: code-like (camelCase, UPPER_CASE), not an English word. */
const LISTED = /^(?:[a-z$][\w$]*[A-Z][\w$]*|[A-Z][A-Z0-9_]*)(?![\w$-])/;
/** A word that is the start of a path ("procedures/turn.ts", "hit-or-miss.ts"), not a function. */
const PATH_AHEAD = /^[\w$-]+(?:\/[\w.-]+)*\.(?:ts|yaml|json)\b/;

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

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Is `name` the title of an it() or test() of `source` (not skipped), spelt out as a literal? */
export function namesTest(source: string, name: string): boolean {
  const literals = [JSON.stringify(name), `'${name.replace(/'/g, "\\'")}'`, `\`${name}\``];
  return literals.some((literal) =>
    new RegExp(`\\b(?:it|test)(?:\\.(?:only|concurrent))?\\(\\s*${escapeRegExp(literal)}`).test(
      source,
    ),
  );
}

/** Is `symbol` declared in `source`: a function, constant, class or type, a method or a key? */
export function declares(source: string, symbol: string): boolean {
  const s = escapeRegExp(symbol);
  return [
    new RegExp(`\\b(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${s}\\b`),
    new RegExp(`^\\s*(?:export\\s+)?(?:async\\s+)?(?:readonly\\s+)?${s}\\??\\s*[(:<]`, "m"),
    new RegExp(`\\bexport\\s*\\{[^}]*\\b${s}\\b[^}]*\\}`),
  ].some((re) => re.test(source));
}

/** The files a `where` cites, each with the functions named right after it. */
export function citedCode(where: string): { file: string; symbols: string[] }[] {
  return [...where.matchAll(FILE)].map((m) => {
    const file = m[1]!;
    const symbols: string[] = [];
    if (file.endsWith(".ts")) {
      let rest = where.slice(m.index + file.length);
      let separator = /^ /;
      let name = IDENTIFIER;
      for (;;) {
        const sep = separator.exec(rest);
        if (sep === null) break;
        const after = rest.slice(sep[0].length);
        const id = (sep[0] === "/" ? IDENTIFIER : name).exec(after);
        if (id === null || PATH_AHEAD.test(after)) break;
        symbols.push(id[0]);
        rest = after.slice(id[0].length);
        separator = /^(?:\/|, )/;
        name = LISTED;
      }
    }
    return { file, symbols };
  });
}

/** The switches a `where` cites: "switch <key>", "switches <key> and <key>" (camelCase). */
export function citedSwitches(where: string): string[] {
  return [
    ...where.matchAll(/\bswitch(?:es)? `?([A-Za-z]\w*)`?((?:(?:,| and) `?[a-z]+[A-Z]\w*`?)*)/g),
  ].flatMap((m) => [m[1]!, ...(m[2]!.match(/[a-z]+[A-Z]\w*/g) ?? [])]);
}

/** The markdown under the heading `## title` (up to the next heading of that level). */
function docSection(text: string, title: string): string | null {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === `## ${title}`);
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

/** The rows of the markdown tables in `text`, as trimmed cells (`\|` kept as `|`). */
function tableRows(text: string): string[][] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim().replace(/\\\|/g, "|")),
    );
}

export function describeCoverage(ruleset: Ruleset, files: CoverageFiles): void {
  const folder = fileURLToPath(files.folder);
  const doc = () => readFileSync(fileURLToPath(files.doc), "utf8");
  const citations: readonly Citation[] = [
    ...ruleset.coverage.map((r) => ({ ...r, label: `${r.section}: ${r.paragraph}` })),
    ...ruleset.frayDefaults.map((d) => ({ ...d, label: `Fray's defaults: ${d.topic}` })),
  ];
  const pathOf = (file: string) =>
    FROM_REPOSITORY.test(file) ? join(REPOSITORY, file) : join(folder, file);

  describe(`${ruleset.id}: the coverage table`, () => {
    it("names only tests that exist, as tests of the files it names", () => {
      for (const row of citations) {
        if (row.test === undefined) continue;
        const test = testOf(row.test);
        expect(test, `${row.label}: ${row.test}`).not.toBeNull();
        const { file, name } = test!;
        const source = readFileSync(join(folder, file), "utf8");
        const found = namesTest(source, name) || (files.generated?.(file, name) ?? false);
        expect(found, `${row.label}: ${file} has no test "${name}"`).toBe(true);
      }
      expect(testFiles(folder).length).toBeGreaterThan(5);
    });

    it("cites only files that exist, functions declared in them, and switches of the ruleset", () => {
      const keys = new Set(ruleset.switches.map((s) => s.key));
      for (const row of citations) {
        for (const { file, symbols } of citedCode(row.where)) {
          const path = pathOf(file);
          expect(existsSync(path), `${row.label}: no file ${file}`).toBe(true);
          const source = readFileSync(path, "utf8");
          for (const symbol of symbols)
            expect(declares(source, symbol), `${row.label}: ${file} declares no ${symbol}`).toBe(
              true,
            );
        }
        for (const key of citedSwitches(row.where))
          expect(keys.has(key), `${row.label}: no switch ${key}`).toBe(true);
      }
    });

    it("gives every implemented rule a test, and every row where it is done or why not", () => {
      for (const row of ruleset.coverage) {
        if (row.status === "implemented") expect(row.test, row.paragraph).toBeDefined();
        expect(row.where.length, row.paragraph).toBeGreaterThan(10);
      }
      for (const d of ruleset.frayDefaults) {
        expect(d.where.length, d.topic).toBeGreaterThan(10);
        expect(d.ref.length, d.topic).toBeGreaterThan(10);
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

    it("is the table the documentation shows, row by row, and the documentation names every switch", () => {
      const text = doc();
      const table = docSection(text, "Coverage");
      expect(table, 'a "## Coverage" section').not.toBeNull();
      const rows = tableRows(table!);
      for (const row of ruleset.coverage) {
        const shown = rows.find(
          (cells) => cells.includes(row.section) && cells.includes(row.paragraph),
        );
        expect(shown, `the documentation's row for "${row.paragraph}"`).toBeDefined();
        expect(shown, row.paragraph).toContain(row.where);
        if (row.test !== undefined) expect(shown, row.paragraph).toContain(row.test);
      }
      for (const s of ruleset.switches) expect(text, s.key).toContain(`\`${s.key}\``);
    });

    it("shows every switch in its Switches table as the code has it: default, what it does, source", () => {
      const section = docSection(doc(), "Switches");
      expect(section, 'a "## Switches" section').not.toBeNull();
      const rows = tableRows(section!);
      for (const s of ruleset.switches) {
        const shown = rows.find((cells) => cells[0] === `\`${s.key}\``);
        expect(shown, `the Switches row of ${s.key}`).toBeDefined();
        expect(shown, s.key).toContain(`\`${JSON.stringify(s.default)}\``);
        expect(shown, s.key).toContain(s.description);
        expect(shown, s.key).toContain(`${s.provenance.source}: ${s.provenance.ref}`);
      }
    });

    it("shows Fray's defaults apart, with their sources, never as coverage", () => {
      const section = docSection(doc(), "Fray's defaults");
      expect(section, `a "## Fray's defaults" section`).not.toBeNull();
      const rows = tableRows(section!);
      const paragraphs = new Set(ruleset.coverage.map((r) => r.paragraph));
      for (const d of ruleset.frayDefaults) {
        const shown = rows.find((cells) => cells.includes(d.topic));
        expect(shown, `the documentation's row for "${d.topic}"`).toBeDefined();
        expect(shown, d.topic).toContain(d.ref);
        expect(shown, d.topic).toContain(d.where);
        expect(paragraphs.has(d.topic), `"${d.topic}" is also a coverage row`).toBe(false);
      }
    });

    it("states the fidelity figure the table gives, and how it was checked", () => {
      const section = docSection(doc(), "Fidelity");
      expect(section, 'a "## Fidelity" section').not.toBeNull();
      const [header, values] = tableRows(section!);
      expect(header, "the fidelity table's header").toEqual([
        "rules Fray settles itself",
        "right",
        "asked of the GM",
        "paragraphs with no rule",
        "Fray's defaults",
      ]);
      const [settled, right, asked, notRules, defaults] = values!.map(Number);
      const figure = fidelity(ruleset.coverage);
      expect(settled, "rules Fray settles itself (implemented rows)").toBe(figure.settled);
      expect(right, "right").toBeLessThanOrEqual(figure.settled);
      expect(asked, "asked of the GM (gm-decision rows)").toBe(figure.askedOfGm);
      expect(notRules, "paragraphs with no rule (not-applicable rows)").toBe(figure.notRules);
      expect(defaults, "Fray's defaults").toBe(ruleset.frayDefaults.length);
      expect(section, "how the figure was checked").toMatch(/checked/i);
    });
  });
}
