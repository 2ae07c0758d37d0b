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
