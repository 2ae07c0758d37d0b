// A pending decision: its prompt and its options grouped (attack, move, defend, other; under
// headings when they fall in two groups or more), each numbered, the policy's pick marked and
// selected; number keys and the arrows select, Enter confirms, `/` filters a long list. When the
// choices cannot be listed, a JSON answer checked by the API against the decision's schema. Plain
// props: a player's screen can draw it too.
import { useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { usePageKeys } from "../use-page-keys.js";
import { useByTouch } from "../use-by-touch.js";
import { focusIsFree, isShortcut } from "../shortcuts.js";
import { CHOICE_GROUP_TITLES, shownGroups } from "../../../src/engine/choice.js";
import { filterChoices, numberChoices, type NumberedChoice } from "../choices.js";
import { sentence } from "../../../src/core/sentence.js";
import { numberAnswer } from "../number-answer.js";
import type { Answer, PendingDecision } from "../types.js";

/** More options than this get a filter box. */
const FILTER_FROM = 8;
/** A second digit within this long after the first makes a two-digit number. */
const DIGITS_MS = 1000;

export function DecisionPrompt({
  pending,
  busy,
  answer,
  byPolicy,
  claimFocus = false,
  fold,
  playKey,
}: {
  readonly pending: Pick<PendingDecision, "prompt" | "default" | "choices" | "schema">;
  readonly busy: boolean;
  readonly answer: (answer: Answer) => void;
  readonly byPolicy: () => void;
  /** Whether the prompt takes the keyboard's focus when it appears. */
  readonly claimFocus?: boolean;
  /**
   * On a phone: show the first `fold` options (and the tactics' pick) of a longer list until the
   * player asks for all, so that the prompt and the last result stay on the screen.
   */
  readonly fold?: number;
  /**
   * The key that decides by the tactics, shown on its button on a laptop: the GM's page's `n`
   * (next), as the list's first-time line says it. A player's screen has no keys: none shown.
   */
  readonly playKey?: string;
}) {
  const [typed, setTyped] = useState(JSON.stringify(pending.default));
  const [typo, setTypo] = useState<string | null>(null);
  const [filter, setFilter] = useState("");
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const filterBox = useRef<HTMLInputElement>(null);
  const typedBox = useRef<HTMLInputElement>(null);
  const digits = useRef({ text: "", time: 0 });
  /** A number asked for (a Charge's feet): a number box that leaves the letters to the page. */
  const number = pending.choices === null ? numberAnswer(pending.schema) : null;
  const [unfolded, setUnfolded] = useState(false);
  /** No keyboard to say `/` to (a phone or a tablet). */
  const byTouch = useByTouch();
  /** An option to focus once the whole list is drawn (a number key for one folded away). */
  const focusNext = useRef<number | undefined>(undefined);
  const numbered = numberChoices(pending.choices ?? [], pending.default);
  const matching = filterChoices(numbered, filter);
  const folded = fold !== undefined && !unfolded && filter === "" && matching.length > fold + 1;
  const shown = folded ? matching.filter((c) => c.n <= fold || c.policy) : matching;
  // Headings only when they tell options apart: a decision all of one group is just its list.
  const groups = shownGroups(numbered);
  const list = useRef<HTMLDivElement>(null);
  const focusOption = (n: number | undefined, inPlace = false) => {
    if (n === undefined) return;
    const button = buttons.current.get(n);
    if (button !== undefined) {
      if (inPlace) focusInPlace(button, list.current);
      else button.focus();
    } else if (folded) {
      focusNext.current = n;
      setUnfolded(true);
    }
  };

  // In the commit that draws the whole list, and only once the option is drawn: a passive effect
  // of the prompt's first render still waiting (a busy phone) ran when the key's unfolding
  // began, found no button 21 yet, forgot it, and "21" typed on arrival left option 2 selected.
  useLayoutEffect(() => {
    const button =
      focusNext.current === undefined ? undefined : buttons.current.get(focusNext.current);
    if (button === undefined) return;
    button.focus();
    focusNext.current = undefined;
  }, [unfolded]);
  const policyN = numbered.find((c) => c.policy)?.n ?? numbered[0]?.n;

  // In the commit that shows the prompt, as the keys' listener is attached: a key pressed as it
  // appears is not undone by the focus claimed after it.
  useLayoutEffect(() => {
    if (!claimFocus || !focusIsFree()) return;
    if (pending.choices === null) typedBox.current?.focus();
    else focusOption(policyN, true);
    // Only when the prompt appears: later renders keep the GM's own selection.
  }, []);

  usePageKeys((event) => {
    if (pending.choices === null || !isShortcut(event)) return;
    if (/^[0-9]$/.test(event.key)) {
      // When the key was pressed, not when this runs: on a busy phone the second digit's
      // handler can run well after the first's though the keys were pressed together.
      const now = event.timeStamp;
      const joined = digits.current.text + event.key;
      const within = now - digits.current.time < DIGITS_MS;
      const text = within && Number(joined) <= numbered.length ? joined : event.key;
      digits.current = { text, time: now };
      focusOption(Number(text));
      event.preventDefault();
    } else if (event.key === "/" && filterBox.current !== null) {
      filterBox.current.focus();
      event.preventDefault();
    }
  });

  /** The arrows move the selection among the options shown. */
  const onListKey = (event: ReactKeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const at = shown.findIndex((c) => buttons.current.get(c.n) === document.activeElement);
    const step = event.key === "ArrowDown" ? 1 : -1;
    const next = shown[Math.min(shown.length - 1, Math.max(0, at < 0 ? 0 : at + step))];
    focusOption(next?.n);
    event.preventDefault();
  };

  const sendTyped = () => {
    if (number !== null) {
      // An empty or half-typed box (a number box reads "1e" as ""): the server's words for it.
      if (typed.trim() === "") setTypo(`empty: ${number.words}`);
      else {
        answer({ choice: Number(typed) });
        setTypo(null);
      }
      return;
    }
    try {
      answer({ choice: JSON.parse(typed) as unknown });
      setTypo(null);
    } catch {
      setTypo("not JSON: a number, true/false, or a quoted string");
    }
  };

  const option = (c: NumberedChoice) => (
    <li key={c.n}>
      <button
        ref={(b) => {
          if (b === null) buttons.current.delete(c.n);
          else buttons.current.set(c.n, b);
        }}
        className={c.policy ? "choice policy" : "choice"}
        disabled={busy}
        onClick={() => answer({ choice: c.value })}
      >
        <kbd className="choice-n" aria-hidden="true">
          {c.n}
        </kbd>
        <span className="choice-label">{c.label}</span>
        {c.policy ? <span className="policy-mark">tactics' pick</span> : null}
      </button>
    </li>
  );

  return (
    <div className="decision">
      <p className="prompt" id="decision-prompt">
        {sentence(pending.prompt)}
      </p>
      {pending.choices === null ? (
        <div className="typed-answer">
          {number === null ? (
            <input
              ref={typedBox}
              aria-label="answer (JSON)"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") sendTyped();
              }}
            />
          ) : (
            // Letters are the page's (n decides by the tactics), as in the dice box: the
            // rehearsal's `n` typed "nnnn" into a text box here.
            <label className="number-answer">
              <input
                ref={typedBox}
                type="number"
                aria-label="answer"
                data-shortcuts="letters"
                aria-describedby="number-answer-words"
                min={number.min}
                max={number.max}
                step={number.whole ? 1 : "any"}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") sendTyped();
                }}
              />
              {number.unit === undefined ? null : <span className="unit"> {number.unit}</span>}
            </label>
          )}{" "}
          <button disabled={busy} onClick={sendTyped}>
            Answer
          </button>
          {typo === null ? null : <span className="error-inline">{typo}</span>}
          {/* Under the box, on a line of its own: beside it, it wrapped around the button. */}
          {number === null ? null : (
            <p className="muted number-words" id="number-answer-words">
              {sentence(number.words)}.
            </p>
          )}
        </div>
      ) : (
        <>
          {numbered.length > FILTER_FROM ? (
            <input
              ref={filterBox}
              className="choice-filter"
              type="search"
              aria-label="filter options"
              placeholder={`filter the ${numbered.length} options${byTouch ? "" : " ( / )"}`}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === "ArrowDown") {
                  focusOption(shown[0]?.n);
                  e.preventDefault();
                } else if (e.key === "Escape") {
                  setFilter("");
                  focusOption(policyN);
                }
              }}
            />
          ) : null}
          <div
            ref={list}
            className="choices"
            role="group"
            aria-labelledby="decision-prompt"
            onKeyDown={onListKey}
          >
            {groups.length > 0 ? (
              groups.map((g) => {
                const inGroup = shown.filter((c) => (c.group ?? "other") === g);
                return inGroup.length === 0 ? null : (
                  <div key={g} className="choice-group">
                    <h3>{CHOICE_GROUP_TITLES[g]}</h3>
                    <ol>{inGroup.map(option)}</ol>
                  </div>
                );
              })
            ) : (
              <ol>{shown.map(option)}</ol>
            )}
            {shown.length === 0 ? <p className="none-match">No option has these words.</p> : null}
          </div>
          {folded ? (
            <button className="unfold" onClick={() => setUnfolded(true)}>
              Show all {matching.length} options
            </button>
          ) : null}
        </>
      )}
      <button disabled={busy} onClick={byPolicy}>
        Decide by the tactics
        {playKey === undefined ? null : <kbd aria-hidden="true">{playKey}</kbd>}
      </button>
    </div>
  );
}

/**
 * Selects the tactics' pick as the prompt appears without moving the page: on a phone the page
 * would scroll to a pick low in the list and take the last result's outcome off the screen.
 * Only the option list scrolls, when it scrolls by itself (the GM's list at most half a screen).
 */
function focusInPlace(button: HTMLButtonElement, list: HTMLElement | null): void {
  button.focus({ preventScroll: true });
  if (list === null || list.scrollHeight <= list.clientHeight) return;
  const shown = list.getBoundingClientRect();
  const at = button.getBoundingClientRect();
  if (at.bottom > shown.bottom) list.scrollTop += at.bottom - shown.bottom;
  else if (at.top < shown.top) list.scrollTop -= shown.top - at.top;
}
