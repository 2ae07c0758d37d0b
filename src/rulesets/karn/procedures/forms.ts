// The ways a full action can be used in step 2 (Splitting Actions: a full action, two halves,
// four quarters, or a half and two quarters; 2. Winner Chooses Attack(s): "some of their actions"
// saved for defence at +5, a whole action or any part of one, the rest struck), as the answers of
// the "action-<n>" decisions.
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
  "half-quarter-and-save",
  "three-quarters-and-save",
  "half-and-save",
  "two-quarters-and-save",
  "quarter-and-save",
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
  "half-quarter-and-save": [s(2), s(1), saved(1)],
  "three-quarters-and-save": [s(1), s(1), s(1), saved(1)],
  "half-and-save": [s(2), saved(2)],
  "two-quarters-and-save": [s(1), s(1), saved(2)],
  "quarter-and-save": [s(1), saved(2), saved(1)],
  save: [saved(4)],
};

export const FORM_LABELS: Record<StrikeForm, string> = {
  strike: "one full strike",
  "two-halves": "two half-action strikes",
  "half-and-quarters": "a half and two quarter strikes",
  "four-quarters": "four quarter strikes",
  "half-quarter-and-save":
    "a half and a quarter strike, and save a quarter action for defence (+5)",
  "three-quarters-and-save": "three quarter strikes, and save a quarter action for defence (+5)",
  "half-and-save": "a half strike, and save a half action for defence (+5)",
  "two-quarters-and-save": "two quarter strikes, and save a half action for defence (+5)",
  "quarter-and-save": "a quarter strike, and save three quarters of the action for defence (+5)",
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
