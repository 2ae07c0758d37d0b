// A decision's options as the prompt shows them: grouped (attack, move, defend, other) when the
// API gives them two groups or more, numbered from 1 in the order shown (the engine's order,
// src/engine/choice.ts, which `fray play` numbers by too), the policy's pick marked.
import { inShownOrder } from "../../src/engine/choice.js";
import type { ChoiceData } from "./types.js";

export interface NumberedChoice extends ChoiceData {
  readonly n: number;
  readonly policy: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The options in the order shown (by group when they fall in two or more), numbered from 1. */
export function numberChoices(choices: readonly ChoiceData[], policy: unknown): NumberedChoice[] {
  return inShownOrder(choices).map((c, i) => ({ ...c, n: i + 1, policy: same(c.value, policy) }));
}

/** The options whose label has the words typed (all of them for none). */
export function filterChoices(choices: readonly NumberedChoice[], typed: string): NumberedChoice[] {
  const words = typed
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== "");
  return choices.filter((c) => words.every((w) => c.label.toLowerCase().includes(w)));
}
