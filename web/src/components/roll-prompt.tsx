// A pending roll: the dice to roll, a box for the dice rolled at the table (or "=total"), and
// "Fray rolls" for the encounter's seeded dice.
import { useState } from "react";
import { readDice } from "../dice-input.js";
import { rollRange } from "../format.js";
import type { Answer, PendingRoll } from "../types.js";

export function RollPrompt({
  pending,
  busy,
  answer,
  rollForMe,
}: {
  readonly pending: PendingRoll;
  readonly busy: boolean;
  readonly answer: (answer: Answer) => void;
  readonly rollForMe: () => void;
}) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
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
      <p className="prompt">
        Roll <strong className="notation">{pending.notation}</strong> for {pending.label} (
        {rollRange(pending)})
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          // The GM types the table's dice one roll after another: each prompt takes the keys.
          autoFocus
          aria-label="dice rolled"
          placeholder="dice as rolled, e.g. 5 3 4, or =17"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          Enter dice
        </button>
        <button type="button" disabled={busy} onClick={rollForMe}>
          Fray rolls
        </button>
      </form>
      {problem === null ? null : <span className="error-inline">{problem}</span>}
    </div>
  );
}
