// A pending roll: the API's sentence for it (the dice in words, with what may be typed), a box
// for the dice rolled at the table (or "=total"), and "Fray rolls" for the encounter's seeded
// dice. The box takes digits only, so the letters typed in it are the page's shortcuts (`n` or
// `f`: Fray rolls); a digit typed with the focus elsewhere on the page (a button) goes into the box.
// Plain props.
import { useEffect, useRef, useState } from "react";
import { usePageKeys } from "../use-page-keys.js";
import { diceBoxExample, readDice } from "../dice-input.js";
import { ErrorBox } from "./error-box.js";
import { focusIsFree, isShortcut } from "../shortcuts.js";
import type { Answer, PendingRoll } from "../types.js";

export function RollPrompt({
  pending,
  busy,
  answer,
  rollForMe,
  claimFocus = false,
  refused = null,
  initial = "",
  onTyped,
  note = null,
  playKey,
}: {
  readonly pending: Pick<PendingRoll, "prompt" | "eachDie" | "notation">;
  readonly busy: boolean;
  readonly answer: (answer: Answer) => void;
  readonly rollForMe: () => void;
  /** Whether the box takes the keyboard's focus when the roll appears. */
  readonly claimFocus?: boolean;
  /** The rules' refusal of the dice entered (a 7 on a d6), shown under the box. */
  readonly refused?: Error | null;
  /** What the box holds when the roll appears: dice typed for it before (a player's screen). */
  readonly initial?: string;
  /** Told each change the player makes to the box's text. */
  readonly onTyped?: (text: string) => void;
  /** Said under the prompt: whose other dice the roll holds (a player's screen). */
  readonly note?: string | null;
  /**
   * The key that has Fray roll, shown on the button on a laptop: the GM's page's `n` (next), as
   * the list's first-time line says it. A player's screen has no keys: none shown.
   */
  readonly playKey?: string;
}) {
  const [text, setTyped] = useState(initial);
  // The box's text as last set, which keys typed faster than the page draws add to.
  const latest = useRef(initial);
  const setText = (typed: string) => {
    latest.current = typed;
    setTyped(typed);
    onTyped?.(typed);
  };
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Only when the roll appears; without moving the page, whose last result stays in view.
    if (claimFocus && focusIsFree()) box.current?.focus({ preventScroll: true });
  }, []);
  // A die typed while the focus is elsewhere on the page (not in a box) goes into the dice box.
  usePageKeys((event) => {
    const input = box.current;
    if (input === null || event.target === input || !isShortcut(event)) return;
    if (!/^[0-9=]$/.test(event.key)) return;
    event.preventDefault();
    setText(latest.current + event.key);
    input.focus();
  });
  const submit = () => {
    const read = readDice(text);
    if (!read.ok) {
      setProblem(read.message);
      return;
    }
    setProblem(null);
    answer(read.answer); // kept if refused: the prompt starts afresh only once answered
  };
  return (
    <div className="roll">
      <p className="prompt">{pending.prompt}</p>
      {note === null ? null : <p className="roll-note">{note}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          ref={box}
          aria-label="dice rolled"
          data-shortcuts="letters"
          autoComplete="off"
          placeholder={diceBoxExample(pending.notation, pending.eachDie === true)}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          Enter dice
        </button>
        <button type="button" disabled={busy} onClick={rollForMe}>
          Fray rolls {playKey === undefined ? null : <kbd aria-hidden="true">{playKey}</kbd>}
        </button>
      </form>
      {/* The box's own reading of what is typed now, else the rules' refusal of the dice sent
          before: "abc" read '"abc" is not a die' over the refusal of the "3 4" sent before it. */}
      {problem === null ? (
        <ErrorBox error={refused} placed />
      ) : (
        <span className="error-inline">{problem}</span>
      )}
    </div>
  );
}
