// Turns what a person types at a pending choice into an answer: dice for a roll, a choice for
// a decision. Commands (undo, redo, state, help, quit) are recognised first.
import type { Answer } from "../engine/answers.js";
import type { PendingChoiceData } from "../engine/drivers/pending.js";
import { tableRoll } from "../engine/drivers/live.js";
import { AnswerError } from "../engine/drivers/validate.js";
import { inShownOrder, type Choice } from "../engine/choice.js";
import type { Json } from "../engine/json.js";

export type Typed =
  | { readonly kind: "answer"; readonly answer: Answer }
  | { readonly kind: "undo" | "redo"; readonly steps: number }
  | { readonly kind: "state" | "help" | "quit" };

/**
 * The key a person types for a choice: the value itself when every choice is a number or a
 * boolean (a count of dice, yes/no), else its position from 1 in the order shown (inShownOrder). The value or the label typed out
 * in full is accepted too.
 */
export function choiceKey(choices: readonly Choice<Json>[], index: number): string {
  const primitive = choices.every(
    (c) => typeof c.value === "number" || typeof c.value === "boolean",
  );
  return primitive ? String(choices[index]!.value) : String(index + 1);
}

/** The keys of the choices as a person reads them: "1 to 10", "true or false", "1, 2 or 3". */
function keysText(choices: readonly Choice<Json>[]): string {
  const keys = choices.map((_, i) => choiceKey(choices, i));
  if (keys.length > 3 && keys.every((k, i) => k === String(i + 1))) return `1 to ${keys.length}`;
  return keys.length === 1 ? keys[0]! : `${keys.slice(0, -1).join(", ")} or ${keys.at(-1)!}`;
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
    const parts = text.split(/[\s,]+/).filter((p) => p !== "");
    if (parts.length === 0 || parts.some((p) => !/^-?\d+$/.test(p))) {
      throw new AnswerError(
        `${choice.label}: type the dice rolled as whole numbers, e.g. "5 3 4"`,
        choice.label,
        "or 'undo', 'state', 'help', 'quit'",
      );
    }
    return { kind: "answer", answer: tableRoll(choice, parts.map(Number)) };
  }
  const base = { kind: "decide" as const, actor: choice.actor, question: choice.question };
  if (text === "") {
    if (defaultValue === undefined) throw new AnswerError("there is no default: type an answer");
    return { kind: "answer", answer: { ...base, value: defaultValue } };
  }
  // Numbered in the order they are listed (by group, as the console numbers them).
  const choices = choice.options.choices && inShownOrder(choice.options.choices);
  if (choices) {
    const typed = text.toLowerCase();
    const found = choices.find(
      (c, i) =>
        choiceKey(choices, i) === typed ||
        (typeof c.value === "string" && c.value.toLowerCase() === typed) ||
        c.label.toLowerCase() === typed,
    );
    if (found) return { kind: "answer", answer: { ...base, value: found.value } };
    // A choice whose value is a record may be typed as JSON; anything else is a mistyped key.
    if (!/^[[{]/.test(text)) {
      throw new AnswerError(
        `${choice.actor}: ${choice.question}: "${text}" is not one of the choices`,
        `${choice.actor}: ${choice.question}`,
        `type ${keysText(choices)}, or 'undo', 'state', 'help', 'quit'`,
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
