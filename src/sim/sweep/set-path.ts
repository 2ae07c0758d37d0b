// Sets a value inside an encounter file's content by a dotted path: `options.distance`,
// `combatants.tombril.level` (a combatant by id), or `combatants.0.level` / `combatants[0].level`
// (by position). Returns a changed copy; the original is left as it was.
import { FrayError } from "../../core/errors.js";
import type { Json, JsonObject } from "../../engine/json.js";

function segments(path: string): string[] {
  return path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter((s) => s !== "");
}

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function child(
  node: Json,
  key: string,
  path: string,
  at: string,
): { index: number | string; value: Json | undefined } {
  if (Array.isArray(node)) {
    const list = node as readonly Json[];
    if (/^\d+$/.test(key)) {
      const index = Number(key);
      if (index >= list.length)
        throw new FrayError(
          `--vary ${path}: ${at} has ${list.length} entries, no [${index}]`,
          "--vary",
        );
      return { index, value: list[index] };
    }
    const index = list.findIndex((e) => isObject(e) && e.id === key);
    if (index < 0) {
      const ids = list
        .filter(isObject)
        .map((e) => e.id)
        .filter((id) => typeof id === "string");
      throw new FrayError(
        `--vary ${path}: no entry with id "${key}" in ${at}`,
        "--vary",
        ids.length > 0 ? `ids there: ${ids.join(", ")}` : "use a position such as 0",
      );
    }
    return { index, value: list[index] };
  }
  if (isObject(node)) return { index: key, value: node[key] };
  throw new FrayError(
    `--vary ${path}: ${at} is ${JSON.stringify(node)}, not an object or a list`,
    "--vary",
  );
}

export function setPath(root: JsonObject, path: string, value: Json): JsonObject {
  const keys = segments(path);
  if (keys.length === 0) throw new FrayError(`--vary: empty path`, "--vary");
  const copy = structuredClone(root) as Record<string, Json>;
  let node: Json = copy;
  let at = "the file";
  keys.forEach((key, k) => {
    const last = k === keys.length - 1;
    const { index, value: current } = child(node, key, path, at);
    const container = node as unknown as Record<string | number, Json>;
    if (last) {
      container[index] = value;
    } else {
      if (current === undefined) container[index] = {};
      node = container[index]!;
      at = keys.slice(0, k + 1).join(".");
    }
  });
  return copy;
}
