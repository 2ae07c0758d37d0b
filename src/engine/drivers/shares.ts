// An opposed roll's dice by whose they are (RollSpec.shares): karn's strike die and the
// defender's die, dungeons-of-olde's Defense Check and Attack Check. The rules read the pair as
// one roll; at a table each player rolls their own part, so a part is typed (or rolled by Fray)
// on its own, checked against its own notation, and the roll is answered with both parts' dice
// in the roll's order once both are in (docs/console.md, "The players' screens").
import { compileDice, type DieSource } from "../../core/dice/index.js";
import { Rng } from "../../core/random.js";
import type { RollShare, RollSpec } from "../choice.js";
import type { RollAnswer } from "../answers.js";
import { diceRoll } from "../roll-specs.js";
import { seededRoll, tableRoll } from "./live.js";
import type { PendingRoll } from "./pending.js";
import { AnswerError } from "./validate.js";

/** The parts of pending roll `choice`'s dice, when it is an opposed roll whose parts are known. */
export function sharesOf(choice: PendingRoll): readonly [RollShare, RollShare] | undefined {
  return choice.spec.shares;
}

/**
 * Part `part` of `choice` as a roll of its own, asked as `label`: what its dice are checked by,
 * with the ruleset's words for its faces when it gives them.
 */
export function shareRoll(choice: PendingRoll, part: number, label: string): PendingRoll {
  const share = sharesOf(choice)?.[part];
  if (share === undefined)
    throw new AnswerError(
      `${choice.label}: no part ${part} of its dice`,
      "part",
      choice.spec.shares === undefined
        ? "this roll is answered whole: give all its dice at once"
        : "part 0 is the first die named in the question, part 1 the second",
    );
  const dice = diceRoll(share.notation);
  const { faces } = share;
  const spec =
    faces === undefined
      ? dice
      : Object.assign(Object.create(dice) as RollSpec, { faces: () => faces });
  return { ...choice, label, spec };
}

/** Whether a part of an opposed roll is typed die by die: it has several dice. */
export const partEachDie = (notation: string): boolean => !/^1?d\d+$/.test(notation);

/** Dice typed for part `part` of `choice` (asked as `label`), checked as a roll of their own. */
export function typedShare(
  choice: PendingRoll,
  part: number,
  label: string,
  typed: readonly number[],
): number[] {
  tableRoll(shareRoll(choice, part, label), typed);
  return [...typed];
}

/**
 * Fray's dice for part `part` of `choice`: that part of the dice Fray rolls for the whole roll
 * from the seed (seededRoll), so that both parts rolled by Fray are the roll Fray would roll.
 */
export function seededShare(choice: PendingRoll, seed: number, part: number): number[] {
  const faces: number[] = [];
  const stream = Rng.stream(seed, choice.index);
  const recording: DieSource = {
    die(sides: number): number {
      const face = stream.die(sides);
      faces.push(face);
      return face;
    },
  };
  compileDice(choice.spec.notation).roll(recording);
  const shares = sharesOf(choice)!;
  const first = diceUsed(shares[0].notation, faces);
  return part === 0 ? faces.slice(0, first) : faces.slice(first);
}

/** How many of `faces` (a roll's dice in order) the dice of `notation` take from their start. */
function diceUsed(notation: string, faces: readonly number[]): number {
  let next = 0;
  compileDice(notation).roll({ die: () => faces[next++]! });
  return next;
}

/**
 * The answer to `choice` from both parts' dice: Fray's own roll when Fray rolled both (the same
 * dice, logged as Fray's), else the dice as typed at the table.
 */
export function joinedShares(
  choice: PendingRoll,
  seed: number,
  parts: readonly { readonly dice: readonly number[]; readonly fray: boolean }[],
): RollAnswer {
  if (parts.every((p) => p.fray)) return seededRoll(choice, seed);
  return tableRoll(
    choice,
    parts.flatMap((p) => p.dice),
  );
}
