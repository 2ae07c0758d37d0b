// Checks an answer against the choice point it is meant for: a roll value the dice can give,
// a decision the options allow. Used by every driver that takes answers from outside.
import { FrayError } from "../../core/errors.js";
import { diceWords } from "../../core/dice/words.js";
import type { DecisionOptions, RollSpec } from "../choice.js";
import type { Json } from "../json.js";

export class AnswerError extends FrayError {
  override readonly name = "AnswerError";

  constructor(
    message: string,
    where?: string,
    hint?: string,
    /** Which answer of a replayed list was refused, counted from 1 (a log names its line). */
    readonly answer?: number,
  ) {
    super(message, where, hint);
  }
}

/** True when `value` is a result the roll can give (explosions past the cut-off included). */
export function rollCanGive(spec: RollSpec, value: number): boolean {
  if (!Number.isInteger(value)) return false;
  const dist = spec.dist();
  return dist.p(value) > 0 || (dist.truncated > 0 && value > dist.max);
}

export function checkRoll(spec: RollSpec, label: string, value: number): number {
  if (!rollCanGive(spec, value)) {
    throw new AnswerError(
      // The dice as the prompt says them ("5d6, a 6 explodes"): it read "5d6! can give".
      `${label}: ${value} is not a result of ${diceWords(spec.notation)}`,
      label,
      `give a result from ${spec.dist().min} to ${spec.dist().max}`,
    );
  }
  return value;
}

/** True when `answer` is one of the listed choices (primitives by identity, others by JSON). */
function isListed(choices: readonly { readonly value: Json }[], answer: Json): boolean {
  if (typeof answer !== "object" || answer === null) return choices.some((c) => c.value === answer);
  const text = JSON.stringify(answer);
  return choices.some((c) => typeof c.value === "object" && JSON.stringify(c.value) === text);
}

/** Parses `value` with the decision's schema and, when the choices are listed, requires one of them. */
export function checkDecision<T extends Json>(
  actor: string,
  question: string,
  options: DecisionOptions<T>,
  value: unknown,
): T {
  const parsed = options.schema.safeParse(value);
  const allowed = () => options.choices?.map((c) => JSON.stringify(c.value)).join(", ");
  if (!parsed.success) {
    const reason = parsed.error.issues.map((i) => i.message).join("; ");
    const listed = allowed();
    throw new AnswerError(
      `${actor}: ${question}: ${JSON.stringify(value)} is not allowed (${reason})`,
      `${actor}: ${question}`,
      listed === undefined ? "answer as the question asks" : `choose one of ${listed}`,
    );
  }
  const answer = parsed.data;
  const listed =
    options.allows !== undefined
      ? options.allows(answer)
      : options.choices === undefined || isListed(options.choices, answer);
  if (!listed) {
    throw new AnswerError(
      `${actor}: ${question}: ${JSON.stringify(value)} is not one of the options`,
      `${actor}: ${question}`,
      `choose one of ${allowed()}`,
    );
  }
  return answer;
}
