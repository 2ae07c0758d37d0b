// A pending decision: its prompt and one button per choice (the policy's marked), or, when the
// choices cannot be listed, a JSON answer checked by the API against the decision's schema.
import { useState } from "react";
import type { Answer, PendingDecision } from "../types.js";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function DecisionPrompt({
  pending,
  busy,
  answer,
  byPolicy,
}: {
  readonly pending: PendingDecision;
  readonly busy: boolean;
  readonly answer: (answer: Answer) => void;
  readonly byPolicy: () => void;
}) {
  const [typed, setTyped] = useState(JSON.stringify(pending.default));
  const [typo, setTypo] = useState<string | null>(null);
  const sendTyped = () => {
    try {
      answer({ choice: JSON.parse(typed) as unknown });
      setTypo(null);
    } catch {
      setTypo("not JSON: a number, true/false, or a quoted string");
    }
  };
  return (
    <div className="decision">
      <p className="prompt">{pending.prompt}</p>
      {pending.choices === null ? (
        <div className="typed-answer">
          <input
            aria-label="answer (JSON)"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button disabled={busy} onClick={sendTyped}>
            Answer
          </button>
          {typo === null ? null : <span className="error-inline">{typo}</span>}
        </div>
      ) : (
        <div className="choices">
          {pending.choices.map((choice) => (
            <button
              key={JSON.stringify(choice.value)}
              className={same(choice.value, pending.default) ? "choice policy" : "choice"}
              disabled={busy}
              onClick={() => answer({ choice: choice.value })}
            >
              {choice.label}
              {same(choice.value, pending.default) ? " (policy)" : ""}
            </button>
          ))}
        </div>
      )}
      <button disabled={busy} onClick={byPolicy}>
        Let the policy decide
      </button>
    </div>
  );
}
