// A pending roll as one sentence for the person at the table, the same in the console, on a
// player's screen, in `fray play` and in the HTTP API: "Aldric's initiative: roll a d20 (1 to
// 20)", "Sigrun's attack: roll 2d20, keep the highest (1 to 20)", "Chip's strike ...: roll 2d20
// (each 1 to 20)" when the rules read each die.
import { diceWords, eachDieRange } from "../core/dice/words.js";
import { sentence } from "../core/sentence.js";
import { readsEachDie, tableRange } from "./drivers/live.js";
import type { PendingRoll } from "./drivers/pending.js";

/** What the sentence is made of: the API's pending roll holds the same fields. */
export interface RollAsked {
  readonly label: string;
  readonly notation: string;
  /** The range of the dice's result; `open` when explosions go past max. */
  readonly min: number;
  readonly max: number;
  readonly open: boolean;
  /** The ruleset's words for what the table types, when the range would not say it. */
  readonly faces: string | null;
  /** Whether each die is typed, the result alone refused. */
  readonly eachDie: boolean;
}

/**
 * "Aldric's initiative: roll a d20 (1 to 20)". The dice once, in words; in brackets what may be
 * typed: the ruleset's faces (then the dice are named bare, the faces saying what explodes),
 * each die's range when each is typed, else the result's range ("a total of 5 or more" when it explodes: "(5 or more)" after "a 6 explodes" read as a 5 exploding).
 */
export function rollPromptText(ask: RollAsked): string {
  const typed =
    ask.faces ??
    (ask.eachDie
      ? eachDieRange(ask.notation)
      : ask.open
        ? `a total of ${ask.min} or more`
        : `${ask.min} to ${ask.max}`);
  return `${sentence(ask.label)}: roll ${diceWords(ask.notation, ask.faces !== null)} (${typed})`;
}

/** The fields of a pending roll's sentence, as the API gives them. */
export function rollAsked(choice: PendingRoll): RollAsked {
  return {
    label: choice.label,
    notation: choice.spec.notation,
    ...tableRange(choice),
    faces: choice.spec.faces?.() ?? null,
    eachDie: readsEachDie(choice),
  };
}
