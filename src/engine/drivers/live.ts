// The live driver's two ways of answering a roll: dice rolled by Fray from the encounter's seed,
// or dice typed in from the table. Roll number k of an encounter always uses stream k of the seed,
// so undo and redo give the same dice back and a log replays without the generator; a reroll the
// GM asks for (attempt 1, 2 ...) uses another stream of the seed per attempt.
import { compileDice, formatRoll, type DieSource, type Roll } from "../../core/dice/index.js";
import { Rng } from "../../core/random.js";
import type { RollAnswer } from "../answers.js";
import type { PendingRoll } from "./pending.js";
import { AnswerError } from "./validate.js";

function describeRoll(choice: PendingRoll, roll: Roll): string {
  return choice.spec.describe?.(roll) ?? formatRoll(roll);
}

/** The stream of attempt `attempt` at answer `index`: attempt 0 is stream `index` itself. */
const ATTEMPT_STRIDE = 0x100000000;

export function seededRoll(choice: PendingRoll, seed: number, attempt = 0): RollAnswer {
  const stream = Rng.stream(seed, choice.index + attempt * ATTEMPT_STRIDE);
  const roll = compileDice(choice.spec.notation).roll(stream);
  return {
    kind: "roll",
    label: choice.label,
    value: choice.spec.read(roll),
    dice: describeRoll(choice, roll),
    by: "fray",
    ...(attempt === 0 ? {} : { attempt }),
  };
}

/**
 * Reads dice typed in from the table ("6 5 3" for 3d6, explosions included) for a pending roll.
 * A value that is not a face of the die asked for, too few dice or too many are refused with
 * what was expected.
 */
export function tableRoll(choice: PendingRoll, typed: readonly number[]): RollAnswer {
  let next = 0;
  const source: DieSource = {
    die(sides: number): number {
      const value = typed[next];
      if (value === undefined) {
        throw new AnswerError(
          `${choice.label}: ${typed.length} dice typed but ${choice.spec.notation} needs more (next: a d${sides})`,
          choice.label,
          "type every die rolled, explosions and rerolls included, in the order rolled",
        );
      }
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        throw new AnswerError(
          `${choice.label}: ${value} is not a face of a d${sides} (die ${next + 1})`,
          choice.label,
          `type a whole number from 1 to ${sides}`,
        );
      }
      next += 1;
      return value;
    },
  };
  const roll = compileDice(choice.spec.notation).roll(source);
  if (next < typed.length) {
    throw new AnswerError(
      `${choice.label}: ${typed.length} dice typed but ${choice.spec.notation} used ${next}`,
      choice.label,
      "type only the dice rolled for this roll",
    );
  }
  return {
    kind: "roll",
    label: choice.label,
    value: choice.spec.read(roll),
    dice: describeRoll(choice, roll),
    by: "table",
  };
}
