// A file in a request body: its YAML or JSON text, parsed as `fray` parses files, or its
// content already as an object.
import { parseDataText } from "../app/files.js";

export function fileContent(file: string | Record<string, unknown>, source: string): unknown {
  return typeof file === "string" ? parseDataText(file, source) : file;
}
