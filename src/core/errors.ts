// The base of every user-facing error: what went wrong, where, and what would fix it.

export class FrayError extends Error {
  override readonly name: string = "FrayError";
  constructor(
    message: string,
    /** Where the problem is: "column 6", "encounter.yaml: combatants[2].weapon". */
    readonly where?: string,
    /** What would fix it: "did you mean \"kh\"?". */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** Longest excerpt of a user's text that an error message quotes. */
export const EXCERPT_LENGTH = 60;

/**
 * A user's text as an error message quotes it: in double quotes, and cut to an excerpt when long
 * (`"aaaa…" (10240 characters)`), so that no message echoes a whole input back.
 */
export function quoted(text: string, max = EXCERPT_LENGTH): string {
  if (text.length <= max) return JSON.stringify(text);
  return `${JSON.stringify(`${text.slice(0, max - 1)}…`)} (${text.length} characters)`;
}
