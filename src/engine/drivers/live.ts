// The live driver's two ways of answering a roll: dice rolled by Fray from the encounter's seed,
// or dice typed in from the table. Roll number k of an encounter always uses stream k of the seed,
// so undo and redo give the same dice back and a log replays without the generator; a reroll the
// GM asks for (attempt 1, 2 ...) uses another stream of the seed per attempt.
import {
  compileDice,
  formatRoll,
  type DieSource,
  type ExplodeModifier,
  type Roll,
} from "../../core/dice/index.js";
import { diceWords } from "../../core/dice/words.js";
import { Rng } from "../../core/random.js";
import type { Dist } from "../../core/dist.js";
import type { RollAnswer } from "../answers.js";
import { diceRoll } from "../roll-specs.js";
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

/** "1 die", "2 dice": the dice typed, as the refusal counts them. */
const diceCount = (n: number): string => (n === 1 ? "1 die" : `${n} dice`);

/** The lowest face of a d`sides` that explodes under `explode` (the highest when none is given). */
function explodingFace(sides: number, explode: ExplodeModifier): number {
  const at = explode.compare;
  if (at === undefined) return sides;
  if (at.op === ">") return at.value + 1;
  if (at.op === "<" || at.op === "<=") return 1;
  return at.value;
}

/** Faces the example shows, each below any face that explodes. */
const EXAMPLE_FACES = [3, 5, 2, 4];

/**
 * How a roll whose dice explode is typed, the same words for each of its refusals (a face no die
 * shows, too few dice), with an example of the roll's own dice, its first exploding die
 * followed by the die it adds, its dice said as the prompt says them: "… e.g. 10 5 2 for 2d10, a
 * 10 explodes". Undefined when no
 * die of the roll explodes.
 */
function explosionHint(notation: string): string | undefined {
  const terms = compileDice(notation).terms;
  const first = terms.find((t) => t.explode !== undefined && t.faces.kind === "standard");
  if (first === undefined || first.explode === undefined || first.faces.kind !== "standard")
    return undefined;
  const boom = explodingFace(first.faces.sides, first.explode);
  const example: number[] = [];
  for (const t of terms) {
    if (t.faces.kind !== "standard") continue;
    const sides = t.faces.sides;
    const above = t.explode === undefined ? sides + 1 : explodingFace(sides, t.explode);
    for (let i = 0; i < t.count; i += 1) {
      if (t === first && i === 0) example.push(boom);
      const face = EXAMPLE_FACES[example.length % EXAMPLE_FACES.length]!;
      example.push(Math.max(1, Math.min(face, above - 1)));
    }
  }
  return `type the dice in the order rolled, each die that explodes followed by the die it adds: e.g. ${example.join(" ")} for ${diceWords(notation)}`;
}

/**
 * The roll's dice as the prompt says them, mid-sentence: "a d20", "5d6, a 6 explodes," (its
 * clause closed by a comma). The refusal read "5d6! needs more", notation where the prompt asked
 * "roll 5d6, a 6 explodes".
 */
function diceSaid(notation: string): string {
  const words = diceWords(notation);
  return words.includes(",") ? `${words},` : words;
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
          `${choice.label}: ${diceCount(typed.length)} typed but ${diceSaid(choice.spec.notation)} needs more (next: a d${sides})`,
          choice.label,
          explosionHint(choice.spec.notation) ??
            "type every die rolled, rerolls included, in the order rolled",
        );
      }
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        const exploding = explosionHint(choice.spec.notation);
        throw new AnswerError(
          `${choice.label}: ${value} is not a face of a d${sides} (die ${next + 1})`,
          choice.label,
          exploding === undefined
            ? `type a whole number from 1 to ${sides}`
            : `a d${sides} shows 1 to ${sides}; ${exploding}`,
        );
      }
      next += 1;
      return value;
    },
  };
  const roll = compileDice(choice.spec.notation).roll(source);
  if (next < typed.length) {
    throw new AnswerError(
      `${choice.label}: ${diceCount(typed.length)} typed but ${diceSaid(choice.spec.notation)} used ${next}`,
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

/** Whether two distributions give the same outcomes with the same chances. */
function sameDist(a: Dist, b: Dist): boolean {
  const [ao, bo] = [a.outcomes(), b.outcomes()];
  return ao.length === bo.length && ao.every((o, i) => o === bo[i] && a.p(o) === b.p(o));
}

/**
 * What the table rolls for a pending roll: the range of its dice's total (1 to 20 for a d20),
 * with `open` when explosions go past it. The answer the rules read from the dice may be
 * something else (swords-wizardry-fitz's attack: fumble, miss, hit or natural 20), which the
 * table never types.
 */
export function tableRange(choice: PendingRoll): { min: number; max: number; open: boolean } {
  const dist = diceRoll(choice.spec.notation).dist();
  return { min: dist.min, max: dist.max, open: dist.truncated > 0 };
}

const ONE_DIE = /^1?d\d+$/;

/**
 * Whether the table types each die of a pending roll, the result alone refused (tableTotal): the
 * rules read its dice one by one (karn's strike die then dodge die, tnt's active defence), and
 * there are several.
 */
export function readsEachDie(choice: PendingRoll): boolean {
  const { notation } = choice.spec;
  return !ONE_DIE.test(notation) && !sameDist(choice.spec.dist(), diceRoll(notation).dist());
}

/**
 * Reads the result alone typed in from the table ("=15"). A roll whose answer is its dice's total
 * takes it as it is (the rules then check that the dice can give it). A roll whose answer the
 * rules read from the dice (swords-wizardry-fitz's attack against the number it needs, an odd
 * die whose top face counts as its median) takes the result of one die as that die, and refuses
 * the result of several, since the rules read each die.
 */
export function tableTotal(choice: PendingRoll, total: number): RollAnswer {
  const { notation } = choice.spec;
  if (sameDist(choice.spec.dist(), diceRoll(notation).dist())) {
    return { kind: "roll", label: choice.label, value: total, by: "table" };
  }
  if (ONE_DIE.test(notation)) return tableRoll(choice, [total]);
  throw new AnswerError(
    `${choice.label}: the rules read each die of ${notation}, not the result alone`,
    choice.label,
    "type every die rolled, in the order rolled",
  );
}
