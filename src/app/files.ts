// Reading the user's files (encounters, exchanges, answer scripts, logs) with errors that name
// the file and the line.
import { readFileSync } from "node:fs";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { InputError } from "../engine/input-error.js";

export function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : String(error);
    throw new InputError(`${path}: cannot read: ${why}`, path, "check the path");
  }
}

/** Parses YAML or JSON text (JSON is YAML) into plain data; `source` names it in errors. */
export function parseDataText(text: string, source: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const pos = error.linePos?.[0];
      const where = pos ? `${source}:${pos.line}:${pos.col}` : source;
      throw new InputError(
        `${where}: ${error.message.split("\n")[0]}`,
        where,
        "fix the YAML syntax there",
      );
    }
    throw error;
  }
}

/** Parses a YAML or JSON file (JSON is YAML) into plain data. */
export function readDataFile(path: string): unknown {
  return parseDataText(readText(path), path);
}
