// Answers to choice points: what the log of an encounter records, and what replay feeds back.
// A roll's result, a participant's decision, or a change the GM made by hand
// (docs/architecture.md, "The GM's hand is an answer too").
import type { Blow, DecisionOptions } from "./choice.js";
import type { Json, JsonObject } from "./json.js";

/**
 * Who gave an answer when it was not the GM: the player who gave it from their own screen, by
 * the name of their link ("Mara", docs/console.md, "The players' screens"), never its token. The
 * log keeps it, so the GM reads who typed which dice; undo takes the answer back as any other.
 */
export interface AnsweredBy {
  readonly player?: string;
}

export interface RollAnswer extends AnsweredBy {
  readonly kind: "roll";
  readonly label: string;
  readonly value: number;
  /** The dice as rolled, for people ("[6!, 5, 3] = 14"); absent when only the total is known. */
  readonly dice?: string;
  /** Who rolled them: "fray" (seeded) or "table" (typed in). */
  readonly by?: "fray" | "table";
  /**
   * Fray's dice rolled again at the GM's request: 1 for the first reroll, and so on (each
   * attempt rolls another stream of the seed, so a reroll gives fresh dice, the same every time).
   */
  readonly attempt?: number;
  /** The dice of the rolls this one replaced, oldest first. */
  readonly rerolled?: readonly string[];
  /** The blow the roll decides, as the rules say it (RollSpec.blow); filled in on replay. */
  readonly blow?: Blow;
}

export interface DecideAnswer extends AnsweredBy {
  readonly kind: "decide";
  readonly actor: string;
  readonly question: string;
  readonly value: Json;
  /** The question as a person reads it ("What does Tombril do?"); filled in when given. */
  readonly prompt?: string;
  /** The chosen option as a person reads it ("attack the Hill Giant with the shortsword"). */
  readonly label?: string;
  /** The blow the question answers, as the rules say it (DecisionOptions.blow); filled in. */
  readonly blow?: Blow;
}

/** A change the GM makes by hand, applied where it stands in the log (gm-changes.ts). */
export type GmChange =
  | {
      readonly op: "set";
      readonly combatant: string;
      /** One of the combatant's editable fields (GmRules.fields): "stamina", "hp", ... */
      readonly field: string;
      readonly value: Json;
    }
  | {
      readonly op: "add-condition";
      readonly combatant: string;
      readonly condition: string;
      /** For a condition that lasts a number of rounds (melees, turns): how many. */
      readonly rounds?: number;
    }
  | { readonly op: "remove-condition"; readonly combatant: string; readonly condition: string }
  | {
      readonly op: "add-combatant";
      /** As an encounter file lists it: id, name, side and the ruleset's stats. */
      readonly combatant: JsonObject;
      /** Where it arrives on the ruleset's line (feet, spaces); absent: its side's usual place. */
      readonly place?: number;
    }
  | { readonly op: "remove-combatant"; readonly combatant: string }
  | {
      readonly op: "end";
      /** The winning side's id, or null for no winner. */
      readonly winner: string | null;
      readonly reason: string;
    };

export interface GmAnswer {
  readonly kind: "gm";
  readonly change: GmChange;
  /** The change as a person reads it ("the GM sets Tombril's stamina to 30 (was 37)"). */
  readonly label?: string;
}

export type Answer = RollAnswer | DecideAnswer | GmAnswer;

/** An answer as a person reads it: "Tombril's damage: [6!, 5, 3] = 14", "Tombril: attack ...". */
export function answerText(answer: Answer): string {
  switch (answer.kind) {
    case "roll":
      return `${answer.label}: ${answer.dice ?? answer.value}`;
    case "decide":
      return `${answer.prompt ?? `${answer.actor}, ${answer.question}:`} ${answer.label ?? JSON.stringify(answer.value)}`;
    case "gm":
      return answer.label ?? `the GM: ${answer.change.op}`;
  }
}

/** How a person reads a decision's value: its choice's label, else the value itself. */
export function valueLabel(options: Pick<DecisionOptions<Json>, "choices">, value: Json): string {
  const text = JSON.stringify(value);
  const listed = options.choices?.find(
    (c) => c.value === value || JSON.stringify(c.value) === text,
  );
  if (listed !== undefined) return listed.label;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  return text;
}

/** The player of `by` as an answer's field: `{player}`, or nothing for the GM. */
export const playerOf = (by: AnsweredBy): AnsweredBy =>
  by.player === undefined ? {} : { player: by.player };

/**
 * A decision's answer with its question's prompt and its choice's label, as the log keeps it,
 * and the player who chose it when one did.
 */
export function decideAnswer(
  actor: string,
  question: string,
  options: DecisionOptions<Json>,
  value: Json,
  by: AnsweredBy = {},
): DecideAnswer {
  return {
    kind: "decide",
    actor,
    question,
    value,
    prompt: options.prompt,
    label: valueLabel(options, value),
    ...(options.blow === undefined ? {} : { blow: options.blow }),
    ...playerOf(by),
  };
}
