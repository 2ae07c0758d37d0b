// A decision's options as the prompt shows them: grouped (attack, move, defend, other) when the
// API gives their groups, numbered from 1 in the order shown, the policy's pick marked.
import type { ChoiceData, ChoiceGroup } from "./types.js";

export const GROUPS: readonly { readonly id: ChoiceGroup; readonly title: string }[] = [
  { id: "attack", title: "Attack" },
  { id: "move", title: "Move" },
  { id: "defend", title: "Defend" },
  { id: "other", title: "Other" },
];

export interface NumberedChoice extends ChoiceData {
  readonly n: number;
  readonly policy: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The options in the order shown (by group when they have groups), numbered from 1. */
export function numberChoices(choices: readonly ChoiceData[], policy: unknown): NumberedChoice[] {
  const grouped = choices.some((c) => c.group !== undefined);
  const ordered = grouped
    ? GROUPS.flatMap((g) => choices.filter((c) => (c.group ?? "other") === g.id))
    : choices;
  return ordered.map((c, i) => ({ ...c, n: i + 1, policy: same(c.value, policy) }));
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
