// A file in a request body: its YAML or JSON text, parsed as `fray` parses files, or its
// content already as an object. A text that is not a mapping (a stray string, a list) is refused
// here by what it is, not by the first field the file's schema misses.
import { parseDataText } from "../app/files.js";
import { InputError } from "../engine/input-error.js";

function kindOf(value: unknown): string {
  if (value === null) return "nothing (an empty file)";
  if (Array.isArray(value)) return "a list";
  return `a ${typeof value}`;
}

export function fileContent(file: string | Record<string, unknown>, source: string): unknown {
  if (typeof file !== "string") return file;
  const content = parseDataText(file, source);
  if (typeof content === "object" && content !== null && !Array.isArray(content)) return content;
  throw new InputError(
    `${source}: the text reads as ${kindOf(content)}, not as a file of fields`,
    source,
    "give the file's YAML or JSON text, a mapping of its fields (ruleset: ..., combatants: ...), or its content as an object",
  );
}
