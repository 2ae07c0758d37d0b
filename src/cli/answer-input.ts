// Turns what a person types at a pending choice into an answer: dice (or "=total") for a roll,
// an option's number for a decision. Commands (undo, redo, state, help, quit) are recognised first.
import type { Answer } from "../engine/answers.js";
import type { PendingChoiceData } from "../engine/drivers/pending.js";
import { tableRoll, tableTotal } from "../engine/drivers/live.js";
import { AnswerError } from "../engine/drivers/validate.js";
import { inShownOrder } from "../engine/choice.js";
import type { Json } from "../engine/json.js";
import { orList } from "../engine/or-list.js";

export type Typed =
  | { readonly kind: "answer"; readonly answer: Answer }
  | { readonly kind: "undo" | "redo"; readonly steps: number }
  | { readonly kind: "state" | "help" | "quit" };

/**
 * The numbers of `count` options as a person reads them: "1 or 2", "1, 2 or 3", "1 to 10". Every
 * option is numbered from 1 in the order shown, whatever its value (a count of dice, yes/no), as
 * the console numbers them: "3" is the third option listed, never 3 dice.
 */
export function numbersText(count: number): string {
  if (count > 3) return `1 to ${count}`;
  return orList(Array.from({ length: count }, (_, i) => String(i + 1)));
}

function command(text: string): Typed | null {
  const m = /^(undo|redo)(?:\s+(\d+))?$/i.exec(text);
  if (m) return { kind: m[1]!.toLowerCase() as "undo" | "redo", steps: m[2] ? Number(m[2]) : 1 };
  if (/^(state|help|quit)$/i.test(text))
    return { kind: text.toLowerCase() as "state" | "help" | "quit" };
  return null;
}

export function readTyped(
  choice: PendingChoiceData,
  raw: string,
  defaultValue: Json | undefined,
): Typed {
  const text = raw.trim();
  const cmd = command(text);
  if (cmd) return cmd;
  if (choice.kind === "roll") {
    // "=17": the result alone, as the table added it up (the rules check that the dice can give it).
    const total = /^=\s*(-?\d+)$/.exec(text);
    if (total !== null) return { kind: "answer", answer: tableTotal(choice, Number(total[1])) };
    const parts = text.split(/[\s,]+/).filter((p) => p !== "");
    if (parts.length === 0 || parts.some((p) => !/^-?\d+$/.test(p))) {
      throw new AnswerError(
        `${choice.label}: type the dice rolled as whole numbers, e.g. "5 3 4"`,
        choice.label,
        "or the result alone, e.g. '=17'; or 'undo', 'state', 'help', 'quit'",
      );
    }
    return { kind: "answer", answer: tableRoll(choice, parts.map(Number)) };
  }
  const base = { kind: "decide" as const, actor: choice.actor, question: choice.question };
  if (text === "") {
    if (defaultValue === undefined) throw new AnswerError("there is no default: type an answer");
    return { kind: "answer", answer: { ...base, value: defaultValue } };
  }
  // Numbered from 1 in the order they are listed (by group, as the console numbers them).
  const choices = choice.options.choices && inShownOrder(choice.options.choices);
  if (choices) {
    const typed = text.toLowerCase();
    const found = /^\d+$/.test(text)
      ? choices[Number(text) - 1]
      : choices.find(
          (c) =>
            (typeof c.value === "string" && c.value.toLowerCase() === typed) ||
            c.label.toLowerCase() === typed,
        );
    if (found) return { kind: "answer", answer: { ...base, value: found.value } };
    // A choice whose value is a record may be typed as JSON; anything else is mistyped.
    if (!/^[[{]/.test(text)) {
      throw new AnswerError(
        `"${text}" is not one of the options listed`,
        `${choice.actor}: ${choice.question}`,
        `type the number beside one, ${numbersText(choices.length)}; or 'undo', 'state', 'help', 'quit'`,
      );
    }
  }
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    value = text;
  }
  return { kind: "answer", answer: { ...base, value } };
}
