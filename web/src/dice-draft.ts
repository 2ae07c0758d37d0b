// Dice a player typed for a roll, when the roll changes under them: the GM undid it, or answered
// it on the GM's page, before the player sent them. Kept (the same roll asked again fills the
// box with them), or said to be not sent: dice never vanish without a word.
import type { PlayerState } from "./types.js";

/** What was typed in the dice box of roll `label`, and whether it was sent since. */
export interface DiceDraft {
  readonly label: string;
  readonly text: string;
  readonly sent: boolean;
}

/** What becomes of `draft` once the pending choice is `pending`. */
export type DraftAfter =
  /** Nothing to say: nothing typed, or sent (the reply, or its refusal, says what came of it). */
  | { readonly kind: "none" }
  /** The same roll is asked (again): its box holds what was typed. */
  | { readonly kind: "keep"; readonly text: string }
  /** The roll is no longer asked: the dice were not sent, in the player's words. */
  | { readonly kind: "lost"; readonly message: string };

export function draftAfter(draft: DiceDraft | null, pending: PlayerState["pending"]): DraftAfter {
  if (draft === null || draft.text.trim() === "") return { kind: "none" };
  if (pending?.kind === "roll" && pending.label === draft.label)
    return { kind: "keep", text: draft.text };
  if (draft.sent) return { kind: "none" };
  return {
    kind: "lost",
    message: `Not sent: the fight changed while you were typing (the GM undid or answered it): ${draft.label} is no longer asked, so your dice (${draft.text.trim()}) went nowhere. They come back in the box if it is asked again.`,
  };
}
