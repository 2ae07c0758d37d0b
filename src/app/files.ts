// Reading the user's files (encounters, exchanges, answer scripts, logs) with errors that name
// the file and the line. What YAML can do to a reader (a file too large to parse, aliases that
// expand a billionfold, lists nested thousands deep, several documents, a file in UTF-16) is
// refused with an error that names the file and what to do, before it costs memory or a stack.
import { readFileSync, statSync } from "node:fs";
import {
  CST,
  isCollection,
  Lexer,
  LineCounter,
  parseDocument,
  visit,
  YAMLParseError,
  type Document,
} from "yaml";
import { InputError } from "../engine/input-error.js";
import { checkNesting, MAX_NESTING } from "../engine/nesting.js";
import { envLimit } from "./env-limits.js";

/**
 * Largest YAML or JSON file read, in bytes: parsing YAML takes about a hundred times a file's size
 * in memory, and an encounter file of the largest encounter the API takes is well under 1 MB.
 */
export const MAX_DATA_FILE_BYTES = 4 * 1024 * 1024;

/** Largest log read, in bytes (a log is JSON lines, read a line at a time). */
export const MAX_LOG_BYTES = 64 * 1024 * 1024;

/**
 * Most values (keys, numbers, texts, lists, mappings) in a YAML or JSON file read, unless
 * FRAY_MAX_FILE_VALUES says otherwise: reading a value takes up to a kilobyte while the document
 * is built (a 2.6 MB list of 1.3 million numbers took 1.16 GB), and the largest encounter the
 * API takes holds a few thousand.
 */
export const MAX_FILE_VALUES = 100_000;

/** The environment variable that raises (or lowers) MAX_FILE_VALUES, for the CLI and the server. */
export const FILE_VALUES_VARIABLE = "FRAY_MAX_FILE_VALUES";

/** The most values a file may hold: FRAY_MAX_FILE_VALUES when set, else the default. */
export const maxFileValues = (): number => envLimit(FILE_VALUES_VARIABLE, MAX_FILE_VALUES);

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What each kind of file read is, and what to do when one is too large. */
const HINTS_TOO_LARGE = {
  "a log":
    "a log this long is of a fight no table plays; keep a shorter part of it (its first lines, up to an answer)",
  "an encounter or exchange file":
    "an encounter file is a few kilobytes: check that this is the file you meant; a generated one is too large for one fight",
  "a shard's part":
    "check that this is a part fray sim --shard or fray sweep --shard wrote; more shards make smaller parts",
} as const;

type FileKind = keyof typeof HINTS_TOO_LARGE;

function tooLarge(source: string, bytes: number, limit: number, what: FileKind): InputError {
  return new InputError(
    `${source}: ${megabytes(bytes)}, over the limit of ${megabytes(limit)} for ${what}`,
    source,
    HINTS_TOO_LARGE[what],
  );
}

/** The bytes of the file at `path`, refused past `limit` before it is read. */
function readBytes(path: string, limit: number, what: FileKind): Buffer {
  try {
    const size = statSync(path).size;
    if (size > limit) throw tooLarge(path, size, limit, what);
    return readFileSync(path);
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : String(error);
    throw new InputError(`${path}: cannot read: ${why}`, path, "check the path");
  }
}

/** UTF-8 text from bytes; a UTF-16 file (its byte order mark) is refused by name. */
function utf8(bytes: Buffer, source: string): string {
  const bom = bytes.subarray(0, 2).toString("hex");
  if (bom === "fffe" || bom === "feff") {
    throw new InputError(
      `${source}: the file is in UTF-16; Fray reads UTF-8`,
      source,
      "save it as UTF-8 (in most editors: Save As, encoding UTF-8)",
    );
  }
  return bytes.toString("utf8");
}

/** A log's (or a shard's part's) text; refused past MAX_LOG_BYTES. */
export function readText(path: string, what: "a log" | "a shard's part" = "a log"): string {
  return utf8(readBytes(path, MAX_LOG_BYTES, what), path);
}

/** Most aliases (`*name`) a file may resolve: the library's own guard, said here. */
const MAX_ALIASES = 100;

/**
 * Deepest indentation of a line of YAML read, in columns (64 levels of a few spaces each); a block
 * list's `-` or a key's `?` further right on its line (`- - - …`, each a level) is as deep.
 */
const MAX_INDENT = 512;

/** The lexer's indicators that open a block list's item or a key's mapping where they stand. */
const BLOCK_INDICATORS: ReadonlySet<string> = new Set(["seq-item-ind", "explicit-key-ind"]);

/** Deepest flow nesting the parser is given; past MAX_NESTING, checkNesting names the limit. */
const MAX_FLOW_DEPTH = 4 * MAX_NESTING;

/** The token types of the YAML lexer (CST.tokenType) that begin a value of the document. */
const VALUE_TOKENS: ReadonlySet<string> = new Set([
  "scalar",
  "single-quoted-scalar",
  "double-quoted-scalar",
  "block-scalar-header",
  "alias",
  "flow-map-start",
  "flow-seq-start",
]);

/** The lexer's marks that stand for no character of the text (CST.DOCUMENT, FLOW_END, SCALAR). */
const MARKS: ReadonlySet<string> = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

/** What lexing a YAML text found before it is parsed: a place nested too deep, or too many values. */
type LexProblem = { kind: "deep"; line: number; col: number } | { kind: "values" };

/**
 * The first problem of a YAML text, found on the library's lexer before any document is built (the
 * lexer keeps nothing and recurses on nothing; the pass stops at the first problem):
 * - flow lists and mappings (`[`, `{`) nested deeper than MAX_FLOW_DEPTH, or a line indented past
 *   MAX_INDENT columns, or a block list's `-` or a key's `?` past that column (`- - - …` on one
 *   line): the parser recurses once a level, and thousands of levels exhaust its stack (where V8
 *   may even abort the process). A bracket in a comment or a quoted or block text is part of that
 *   token, not structure, and counts for nothing;
 * - more than `limit` values (block lists and mappings have no token of their own: their items
 *   are counted).
 */
function lexProblem(text: string, limit: number): LexProblem | undefined {
  let depth = 0;
  let values = 0;
  let line = 1;
  let lineStart = 0; // offset in the text where the current line starts
  let offset = 0;
  let indent = -1; // leading spaces of the current line, until its first token past them
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (type !== null && VALUE_TOKENS.has(type) && ++values > limit) return { kind: "values" };
    if (type === "flow-map-start" || type === "flow-seq-start") {
      depth += 1;
      if (depth > MAX_FLOW_DEPTH) return { kind: "deep", line, col: offset - lineStart + 1 };
    } else if ((type === "flow-map-end" || type === "flow-seq-end") && depth > 0) {
      depth -= 1;
    } else if (type !== null && BLOCK_INDICATORS.has(type) && depth === 0) {
      if (offset - lineStart > MAX_INDENT)
        return { kind: "deep", line, col: offset - lineStart + 1 };
    }
    if (indent >= 0 && type !== "space" && type !== "newline" && type !== "comment") {
      if (indent > MAX_INDENT) return { kind: "deep", line, col: indent + 1 };
      indent = -1;
    }
    if (MARKS.has(token)) continue;
    const newline = token.indexOf("\n");
    if (type === "space" && offset === lineStart && newline < 0) indent = token.length;
    offset += token.length;
    for (let at = newline; at >= 0; at = token.indexOf("\n", at + 1)) {
      line += 1;
      lineStart = offset - token.length + at + 1;
      indent = 0;
    }
  }
  return undefined;
}

const TOO_DEEP_HINT =
  "a Fray file nests a few levels (combatants, a weapon, its fields): check that this is the file you meant";

/** The error of a YAML text the parser refused, or gave up on, naming the file and the place. */
function yamlError(error: unknown, source: string): InputError | undefined {
  if (error instanceof YAMLParseError) {
    const pos = error.linePos?.[0];
    const where = pos ? `${source}:${pos.line}:${pos.col}` : source;
    switch (error.code) {
      case "MULTIPLE_DOCS":
        return new InputError(
          `${where}: a second YAML document starts here (---); a Fray file is one document`,
          where,
          "remove the --- line, or split the file in two",
        );
      case "RESOURCE_EXHAUSTION":
        return new InputError(
          `${where}: lists and mappings nested too deep to read`,
          where,
          TOO_DEEP_HINT,
        );
      default:
        return new InputError(
          `${where}: ${error.message.split("\n")[0]}`,
          where,
          "fix the YAML syntax there",
        );
    }
  }
  // The library's guard against the "billion laughs" (aliases of aliases): a ReferenceError.
  if (error instanceof ReferenceError && /alias/i.test(error.message)) {
    return new InputError(
      `${source}: too many aliases (*name): they would expand the file far beyond its size`,
      source,
      "write the values out, or use each anchor (&name) a few times only",
    );
  }
  return undefined;
}

/** Parses YAML or JSON text (JSON is YAML) into plain data; `source` names it in errors. */
export function parseDataText(text: string, source: string): unknown {
  if (text.length > MAX_DATA_FILE_BYTES) {
    throw tooLarge(source, text.length, MAX_DATA_FILE_BYTES, "an encounter or exchange file");
  }
  if (text.includes("\u0000")) {
    throw new InputError(
      `${source}: the text holds NUL characters: it is in UTF-16, or not text`,
      source,
      "save it as UTF-8 (in most editors: Save As, encoding UTF-8)",
    );
  }
  const limit = maxFileValues();
  const problem = lexProblem(text, limit);
  if (problem?.kind === "deep") {
    const where = `${source}:${problem.line}:${problem.col}`;
    throw new InputError(
      `${where}: lists and mappings nested too deep to read`,
      where,
      TOO_DEEP_HINT,
    );
  }
  if (problem?.kind === "values") {
    const most = limit.toLocaleString("en");
    throw new InputError(
      `${source}: more than ${most} values (keys, numbers, texts, lists), over the limit for a file Fray reads`,
      source,
      `an encounter file holds a few thousand: check that this is the file you meant; to read a larger one, raise the limit (${FILE_VALUES_VARIABLE}=${(limit * 10).toLocaleString("en").replace(/,/g, "_")}), which takes up to 1 GB of memory per million values`,
    );
  }
  const lines = new LineCounter();
  let value: unknown;
  try {
    const document = parseDocument(text, { lineCounter: lines });
    const [error] = document.errors;
    if (error !== undefined) throw error;
    const key = collectionKey(document);
    if (key !== undefined) {
      const { line, col } = lines.linePos(key);
      const where = `${source}:${line}:${col}`;
      throw new InputError(
        `${where}: a key that is a list or a mapping; a Fray file's keys are names`,
        where,
        "write each key as a name (name: value), without YAML's ? or a [list] or {mapping} before the colon",
      );
    }
    value = document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    throw yamlError(error, source) ?? error;
  }
  checkNesting(value, source);
  return value;
}

/**
 * Where the first key that is a list or a mapping starts, if any (an offset in the text). No Fray
 * file has one, and each is made a text of its YAML when the document becomes data, its own keys
 * too: keys nested 200 deep (`{{{x: 1}: 1}: 1}`, or `? ? ? x`) took 8-44 s of a thread.
 */
function collectionKey(document: Document): number | undefined {
  let found: number | undefined;
  visit(document, {
    Pair(_, pair) {
      if (!isCollection(pair.key)) return undefined;
      found = pair.key.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return found;
}

/**
 * True when the argument of `fray odds` names a data file (an exchange or encounter file, YAML or
 * JSON) rather than a dice expression.
 */
export function isExchangeFile(arg: string): boolean {
  return /\.(ya?ml|json)$/i.test(arg);
}

/** Parses a YAML or JSON file (JSON is YAML) into plain data. */
export function readDataFile(path: string): unknown {
  const bytes = readBytes(path, MAX_DATA_FILE_BYTES, "an encounter or exchange file");
  return parseDataText(utf8(bytes, path), path);
}
