import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InputError } from "../engine/input-error.js";
import { MAX_NESTING } from "../engine/nesting.js";
import {
  FILE_VALUES_VARIABLE,
  MAX_DATA_FILE_BYTES,
  MAX_FILE_VALUES,
  parseDataText,
  readDataFile,
} from "./files.js";

afterEach(() => vi.unstubAllEnvs());

const folder = mkdtempSync(join(tmpdir(), "fray-files-"));

function file(name: string, content: string | Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

/** The InputError of reading `path`; fails the test on anything else. */
function refusal(read: () => unknown): InputError {
  try {
    read();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("read without an error");
}

// Nine anchors, each a list of nine aliases of the one before: 9^9 values once expanded.
const billionLaughs = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ..."bcdefghi".split("").map((x, i) => {
    const prev = "abcdefgh"[i];
    return `${x}: &${x} [${Array(9).fill(`*${prev}`).join(",")}]`;
  }),
].join("\n");

describe("YAML that would exhaust a reader is refused, naming the file and what to do", () => {
  it("the billion laughs: aliases of aliases", () => {
    const path = file("bomb.yaml", billionLaughs);
    const error = refusal(() => readDataFile(path));
    expect(error.message).toBe(
      `${path}: too many aliases (*name): they would expand the file far beyond its size`,
    );
    expect(error.hint).toMatch(/write the values out/);
  });

  it("a list nested 20,000 deep, in flow and in block style", () => {
    const flow = refusal(() => parseDataText("[".repeat(20_000) + "]".repeat(20_000), "deep"));
    expect(flow.message).toMatch(/^deep:1:\d+: lists and mappings nested too deep to read$/);
    const block = Array.from({ length: 1500 }, (_, i) => `${" ".repeat(i)}-`).join("\n");
    expect(refusal(() => parseDataText(block, "deep")).message).toMatch(
      /^deep:\d+:\d+: lists and mappings nested too deep to read$/,
    );
  });

  it("a block list or keys nested on one line (- - - …), before the parser", () => {
    // 300 levels parsed, then refused without a place; 2,000 ran the parser out of stack, at a
    // column that depends on the stack's size. Each `-` or `?` past column 512 is refused first.
    for (const unit of ["- ", "? "]) {
      for (const levels of [300, 2_000]) {
        const error = refusal(() => parseDataText(`${unit.repeat(levels)}x\n`, "x.yaml"));
        expect(error.message).toBe("x.yaml:1:515: lists and mappings nested too deep to read");
        expect(error.hint).toMatch(/a Fray file nests a few levels/);
      }
    }
    // Indented and on the line together: the column counts.
    const mixed = `${" ".repeat(500)}- - - - - - - - x\n`;
    expect(refusal(() => parseDataText(mixed, "x.yaml")).message).toBe(
      "x.yaml:1:515: lists and mappings nested too deep to read",
    );
    // A long line of a flow list or of text is no nesting.
    const wide = `a: [${Array(300).fill("-1").join(", ")}]\nb: "${"- ".repeat(300)}"\n`;
    expect(parseDataText(wide, "x.yaml")).toMatchObject({ b: "- ".repeat(300) });
  });

  it("a key that is a list or a mapping, before it is made data", () => {
    // Each such key became the text of its YAML, its own keys too: 200 deep took 8-44 s.
    for (const [text, col] of [
      ["a: 1\nb: {{{x: 1}: 1}: 1}\n", 5],
      ["a: 1\n? [x]\n: 1\n", 3],
      [`${"? ".repeat(200)}x\n`, 3],
    ] as const) {
      const error = refusal(() => parseDataText(text, "x.yaml"));
      expect(error.message).toBe(
        `x.yaml:${text.startsWith("a") ? 2 : 1}:${col}: a key that is a list or a mapping; a Fray file's keys are names`,
      );
      expect(error.hint).toMatch(/write each key as a name \(name: value\)/);
    }
    expect(parseDataText("? x\n: 1\n'[y]': 2\n", "x.yaml")).toEqual({ x: 1, "[y]": 2 });
  });

  it("brackets in comments and texts are not nesting; structure behind them still is", () => {
    // 300 unclosed `[` and `{`, over the 256 levels of flow nesting read, in places where they are
    // text: a comment, quoted texts, a block text. The character scan refused each as too deep.
    const brackets = "[{".repeat(150);
    const text = [
      `# ${brackets}`,
      `name: '${brackets}'`,
      `title: "${brackets}"`,
      "notes: |",
      `  ${brackets}`,
      "list: [1, 2] # ]]]]",
    ].join("\n");
    expect(parseDataText(text, "x.yaml")).toEqual({
      name: brackets,
      title: brackets,
      notes: `${brackets}\n`,
      list: [1, 2],
    });
    // Closing brackets in a comment do not close the structure either.
    const deep = `a: ${"[".repeat(300)} # ${"]".repeat(300)}\n${"]".repeat(300)}`;
    expect(refusal(() => parseDataText(deep, "x.yaml")).message).toBe(
      "x.yaml:1:260: lists and mappings nested too deep to read",
    );
  });

  it("nesting that parses but is far deeper than any Fray file", () => {
    const text = "a: " + "[".repeat(MAX_NESTING + 1) + "]".repeat(MAX_NESTING + 1);
    expect(refusal(() => parseDataText(text, "x.yaml")).message).toBe(
      `x.yaml: lists and mappings nested more than ${MAX_NESTING} deep`,
    );
    expect(() => parseDataText("a: [[[1]]]", "x.yaml")).not.toThrow();
  });

  it("several documents in one file", () => {
    const error = refusal(() => parseDataText("ruleset: tnt\n---\nruleset: karn\n", "two.yaml"));
    expect(error.message).toBe(
      "two.yaml:2:1: a second YAML document starts here (---); a Fray file is one document",
    );
    expect(error.hint).toBe("remove the --- line, or split the file in two");
  });

  it("a file in UTF-16, and a text that holds NUL characters", () => {
    const bom = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from("ruleset: tnt\n", "utf16le"),
    ]);
    const path = file("utf16.yaml", bom);
    expect(refusal(() => readDataFile(path)).message).toBe(
      `${path}: the file is in UTF-16; Fray reads UTF-8`,
    );
    const text = Buffer.from("ruleset: tnt\n", "utf16le").toString("utf8");
    expect(refusal(() => parseDataText(text, "body")).message).toBe(
      "body: the text holds NUL characters: it is in UTF-16, or not text",
    );
  });

  it("a file too large, before it is read", () => {
    const path = file("huge.yaml", Buffer.alloc(MAX_DATA_FILE_BYTES + 1, " "));
    expect(refusal(() => readDataFile(path)).message).toBe(
      `${path}: 4.0 MB, over the limit of 4.0 MB for an encounter or exchange file`,
    );
    expect(
      refusal(() => parseDataText(" ".repeat(MAX_DATA_FILE_BYTES + 1), "body")).message,
    ).toMatch(/^body: 4\.0 MB, over the limit of 4\.0 MB/);
  });

  it("a file of more values than the limit, before the document is built", () => {
    // 2.6 MB: a list of 1.3 million numbers, which took 1.16 GB to build; in block style too.
    const flow = file("numbers.yaml", `notes: [${Array(1_300_000).fill(1).join(",")}]\n`);
    const error = refusal(() => readDataFile(flow));
    expect(error.message).toBe(
      `${flow}: more than 100,000 values (keys, numbers, texts, lists), over the limit for a file Fray reads`,
    );
    expect(error.hint).toMatch(/raise the limit \(FRAY_MAX_FILE_VALUES=1_000_000\)/);
    const block = "- 7\n".repeat(650_000);
    expect(refusal(() => parseDataText(block, "body")).message).toMatch(/^body: more than 100,000/);
  });

  it("FRAY_MAX_FILE_VALUES sets the limit, and a value that is not a count is refused", () => {
    expect(MAX_FILE_VALUES).toBe(100_000);
    // Keys and values count, and so does a list.
    vi.stubEnv(FILE_VALUES_VARIABLE, "4");
    expect(parseDataText("a: 1\nb: 2\n", "x.yaml")).toEqual({ a: 1, b: 2 });
    expect(refusal(() => parseDataText("a: 1\nb: [2]\n", "x.yaml")).message).toBe(
      "x.yaml: more than 4 values (keys, numbers, texts, lists), over the limit for a file Fray reads",
    );
    vi.stubEnv(FILE_VALUES_VARIABLE, "5");
    expect(parseDataText("a: 1\nb: [2]\n", "x.yaml")).toEqual({ a: 1, b: [2] });
    vi.stubEnv(FILE_VALUES_VARIABLE, "lots");
    expect(refusal(() => parseDataText("a: 1", "x.yaml")).message).toBe(
      'FRAY_MAX_FILE_VALUES: "lots" is not a whole number of 1 or more',
    );
  });

  it("reads a plain file as before", () => {
    expect(readDataFile(file("ok.yaml", "ruleset: tnt\ncombatants: []\n"))).toEqual({
      ruleset: "tnt",
      combatants: [],
    });
  });
});
