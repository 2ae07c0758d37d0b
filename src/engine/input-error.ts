// Errors in files a user wrote (encounters, exchanges, answer scripts): which file, which field,
// what is allowed. Built from zod issues so every schema reports the same way.
import type { z } from "zod";
import { FrayError } from "../core/errors.js";

export class InputError extends FrayError {
  override readonly name = "InputError";
}

export type PathPart = string | number;

/** `combatants[2].weapon` from ["combatants", 2, "weapon"]. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** One InputError naming the file and the field of the first issue (and how many more there are). */
export function inputErrorFromZod(
  source: string,
  prefix: readonly PathPart[],
  error: z.ZodError,
): InputError {
  const lines = error.issues.map((issue) => {
    const path = [...prefix, ...issue.path];
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
    const where = formatPath(keys.length > 0 ? [...path, keys[0]!] : path);
    const message =
      issue.code === "unrecognized_keys"
        ? `unknown field${keys.length > 1 ? "s" : ""} ${keys.map((k) => `"${k}"`).join(", ")}`
        : issue.message;
    return { where, text: `${where === "" ? "" : `${where}: `}${message}` };
  });
  const first = lines[0] ?? { where: "", text: "invalid" };
  const more =
    lines.length > 1
      ? ` (and ${lines.length - 1} more: ${lines
          .slice(1)
          .map((l) => l.text)
          .join("; ")})`
      : "";
  // A problem with the whole value (no field) is where the value is: the file or the body.
  const where = first.where === "" ? source : `${source}: ${first.where}`;
  return new InputError(`${source}: ${first.text}${more}`, where);
}

/** Parses `value` with `schema`, or throws an InputError that says where and what is allowed. */
export function parseInput<T>(
  schema: z.ZodType<T>,
  value: unknown,
  source: string,
  prefix: readonly PathPart[] = [],
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw inputErrorFromZod(source, prefix, result.error);
  return result.data;
}
