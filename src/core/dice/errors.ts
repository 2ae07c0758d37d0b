// NotationError: what is wrong with a dice expression, the column where, and what would fix it.
import { FrayError } from "../errors.js";

export class NotationError extends FrayError {
  override readonly name: string = "NotationError";

  /**
   * The message reads `<expression>: <reason> at column <n>; <hint>`,
   * e.g. `3d20kx1: unknown modifier "kx" at column 6; did you mean "kh"?`.
   */
  constructor(
    readonly expression: string,
    readonly reason: string,
    /** 1-based column in `expression`; undefined when the problem is the whole expression. */
    readonly column?: number,
    hint?: string,
  ) {
    super(
      `${expression.length > 80 ? `${expression.slice(0, 77)}...` : expression}: ${reason}${column === undefined ? "" : ` at column ${column}`}${hint === undefined ? "" : `; ${hint}`}`,
      column === undefined ? undefined : `column ${column}`,
      hint,
    );
  }
}
