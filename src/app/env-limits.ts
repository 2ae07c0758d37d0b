// Limits an operator may raise through the environment (docs/http-api.md, "Limits and heavy
// work"): each read when it is checked, so that the server's worker threads (which copy the
// environment when they start) see what `fray serve`'s flags set, and `fray`'s commands what the
// shell sets.
import { InputError } from "../engine/input-error.js";

/** Environment variable `variable` as a whole number of 1 or more (`1_000_000`), else `fallback`. */
export function envLimit(variable: string, fallback: number): number {
  const set = process.env[variable];
  if (set === undefined || set === "") return fallback;
  const n = Number(set.replace(/_/g, ""));
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new InputError(
      `${variable}: "${set}" is not a whole number of 1 or more`,
      variable,
      `give the limit as a whole number (the default is ${fallback.toLocaleString("en")}), or unset it`,
    );
  }
  return n;
}
