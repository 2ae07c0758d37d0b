// The ways a full action can be used in step 2 (Splitting Actions: a full action, two halves,
// four quarters, or a half and two quarters; 2. Winner Chooses Attack(s): actions saved for
// defence at +5, split or not), as the answers of the "action-<n>" decisions.
import type { Size } from "./melee-types.js";

export interface Slot {
  readonly size: Size;
  /** Saved for defence rather than a strike. */
  readonly save: boolean;
}

export const STRIKE_FORMS = [
  "strike",
  "two-halves",
  "half-and-quarters",
  "four-quarters",
  "half-and-save",
  "save",
] as const;
export type StrikeForm = (typeof STRIKE_FORMS)[number];

const s = (size: Size): Slot => ({ size, save: false });
const saved = (size: Size): Slot => ({ size, save: true });

export const FORM_SLOTS: Record<StrikeForm, readonly Slot[]> = {
  strike: [s(4)],
  "two-halves": [s(2), s(2)],
  "half-and-quarters": [s(2), s(1), s(1)],
  "four-quarters": [s(1), s(1), s(1), s(1)],
  "half-and-save": [s(2), saved(2)],
  save: [saved(4)],
};

export const FORM_LABELS: Record<StrikeForm, string> = {
  strike: "one full strike",
  "two-halves": "two half-action strikes",
  "half-and-quarters": "a half and two quarter strikes",
  "four-quarters": "four quarter strikes",
  "half-and-save": "a half strike, and save a half action for defence (+5)",
  save: "save the action for defence (+5)",
};

/** Every multiset of `n` forms, in canonical order (strikes first, saves last). */
export function formPlans(n: number, forms: readonly StrikeForm[] = STRIKE_FORMS): StrikeForm[][] {
  const out: StrikeForm[][] = [];
  const walk = (from: number, acc: StrikeForm[]) => {
    if (acc.length === n) {
      out.push([...acc]);
      return;
    }
    for (let i = from; i < forms.length; i += 1) {
      acc.push(forms[i]!);
      walk(i, acc);
      acc.pop();
    }
  };
  walk(0, []);
  return out;
}
