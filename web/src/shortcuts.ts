// The GM's keyboard: every shortcut of each page (the encounter's, the list's, the builder's), as
// the help overlay (`?`) and docs/console.md list them, and which keystrokes are the page's rather
// than a text box's.

export interface Shortcut {
  readonly keys: readonly string[];
  readonly what: string;
}

/** A page's keys as its help overlay lists them: where they work, and what the other pages have. */
export interface PageKeys {
  readonly where: string;
  readonly shortcuts: readonly Shortcut[];
  /** The other pages' keys, in a line under the table. */
  readonly elsewhere: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ["1", "…", "9"], what: "select an option of the decision (type 1 then 2 for the 12th)" },
  { keys: ["↑", "↓"], what: "select the option above or below" },
  { keys: ["Enter"], what: "confirm: answer with the selected option, or enter the dice typed" },
  { keys: ["/"], what: "filter the options by their words" },
  { keys: ["n"], what: "next: the tactics' option for a decision, Fray's dice for a roll" },
  { keys: ["f"], what: "Fray rolls the pending roll" },
  { keys: ["a"], what: "roll the last roll again (Fray's dice, logged as a reroll)" },
  { keys: ["u"], what: "undo the last decision with its rolls" },
  { keys: ["Shift", "U"], what: "undo one answer (a roll or a decision)" },
  { keys: ["r"], what: "redo a decision with its rolls" },
  { keys: ["Shift", "R"], what: "redo one answer" },
  { keys: ["e"], what: "play to the end of the round" },
  { keys: ["Shift", "E"], what: "play to the end of the fight (asks first)" },
  { keys: ["?"], what: "show or hide these shortcuts" },
  { keys: ["Esc"], what: "close this list, or a question" },
];

/** The fight's keys, on an encounter's page. */
export const FIGHT_KEYS: PageKeys = {
  where:
    "On an encounter's page, wherever the focus is but a text box (the dice box and a number box leave the letters and ? to the page):",
  shortcuts: SHORTCUTS,
  elsewhere:
    "The list of encounters has keys of its own (/ finds an encounter, b builds one): press ? there.",
};

const HELP_KEYS: readonly Shortcut[] = [
  { keys: ["?"], what: "show or hide these keys" },
  { keys: ["Esc"], what: "close this list" },
];

/** The list of encounters' keys. */
export const LIST_KEYS: PageKeys = {
  where: "On the list of encounters, when not typing in a box:",
  shortcuts: [
    { keys: ["/"], what: "find an encounter: the cursor in the find box (once the list is long)" },
    { keys: ["b"], what: "build an encounter" },
    { keys: ["Tab"], what: "the next link or button: a title opens its fight, Copy, Export" },
    ...HELP_KEYS,
  ],
  elsewhere:
    "The fight's keys (n next, u undo, r redo, e end of the round ...) work on an encounter's page: open one and press ? there.",
};

/** The builder's keys: its boxes are the browser's, the page's own only `?`. */
export const BUILDER_KEYS: PageKeys = {
  where: "In the builder, whose boxes take every key typed in them:",
  shortcuts: [
    { keys: ["Tab"], what: "the next box or button (Shift+Tab the one before)" },
    { keys: ["Enter"], what: "press the button the focus is on (Add, Edit, Create the encounter)" },
    { keys: ["↑", "↓"], what: "in a list (the ruleset, a weapon): the value above or below" },
    { keys: ["?"], what: "show or hide these keys (with the focus on no box)" },
    { keys: ["Esc"], what: "close this list" },
  ],
  elsewhere:
    "The fight's keys (n next, u undo, r redo, e end of the round ...) work on an encounter's page, once it is created: press ? there.",
};

/**
 * Whether a keystroke belongs to the page's shortcuts rather than to the element it was typed
 * in: not with Ctrl, Alt or Meta; not in a text box, except the dice box, which takes only
 * dice and so leaves letters and `?` to the page.
 */
export function isShortcut(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return false;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return true;
  if (target.dataset["shortcuts"] === "letters") return /^[a-zA-Z?]$/.test(event.key);
  return !(
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement &&
      !["button", "checkbox", "radio"].includes(target.type)) ||
    target.isContentEditable
  );
}

/**
 * Whether a prompt that appears may take the focus: yes, unless the GM is typing in a box
 * elsewhere on the page (the runs of a simulation, say). A prompt answered is gone, and so is
 * the focus it had, which leaves the page's body focused.
 */
export function focusIsFree(): boolean {
  const active = document.activeElement;
  return !(
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLInputElement && !["button", "checkbox", "radio"].includes(active.type))
  );
}
