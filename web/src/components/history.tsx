// The log of the fight: undo and redo the last decision with its rolls (what was last done at the
// table) or any number of answers (the count goes back to 1 once used), branch a what-if after
// the first n answers, download the log (JSON lines).
import { useState } from "react";
import { api } from "../api.js";
import { actorName, lastStep, stepText } from "../log-steps.js";
import type { Encounter } from "../types.js";

/** Saves encounter `id`'s log as a file. */
export async function saveLog(id: number): Promise<void> {
  const url = URL.createObjectURL(await api.logFile(id));
  const a = document.createElement("a");
  a.href = url;
  a.download = `fray-encounter-${id}.jsonl`;
  a.click();
  URL.revokeObjectURL(url);
}

function Steps({
  label,
  max,
  value,
  onChange,
}: {
  readonly label: string;
  readonly max: number;
  readonly value: number;
  readonly onChange: (n: number) => void;
}) {
  return (
    <input
      type="number"
      aria-label={label}
      min={1}
      max={Math.max(1, max)}
      value={value}
      onChange={(e) => onChange(Math.max(1, Math.trunc(Number(e.target.value)) || 1))}
    />
  );
}

export function History({
  encounter,
  busy,
  act,
  branch,
}: {
  readonly encounter: Encounter;
  readonly busy: boolean;
  readonly act: (change: () => Promise<Encounter>) => void;
  /** Branches after the first `at` answers and opens the branch. */
  readonly branch: (at: number) => void;
}) {
  const { id, version, answers, canRedo, log } = encounter;
  const [undoSteps, setUndoSteps] = useState(1);
  const [redoSteps, setRedoSteps] = useState(1);
  const [branchAt, setBranchAt] = useState<number | null>(null);
  const at = Math.min(branchAt ?? answers, answers);
  const nameOf = (actor: string) => actorName(encounter, actor);
  const step = lastStep(log);
  return (
    <section className="history">
      <h2>Log</h2>
      <p>
        {answers} answer{answers === 1 ? "" : "s"} given, {canRedo} to redo
      </p>
      <div className="row">
        <button
          disabled={busy || answers === 0}
          onClick={() => act(() => api.undo(id, version, 1, "decision"))}
        >
          Undo the last decision <kbd aria-hidden="true">u</kbd>
        </button>
        <button
          disabled={busy || canRedo === 0}
          onClick={() => act(() => api.redo(id, version, 1, "decision"))}
        >
          Redo a decision <kbd aria-hidden="true">r</kbd>
        </button>
      </div>
      <p className="last-step">
        {step.length === 0 ? "Nothing to undo yet." : `Undo takes back: ${stepText(step, nameOf)}`}
      </p>
      <div className="row">
        <button
          disabled={busy || answers === 0}
          onClick={() => {
            act(() => api.undo(id, version, undoSteps));
            setUndoSteps(1);
          }}
        >
          Undo
        </button>
        <Steps label="undo steps" max={answers} value={undoSteps} onChange={setUndoSteps} />
        answers
      </div>
      <div className="row">
        <button
          disabled={busy || canRedo === 0}
          onClick={() => {
            act(() => api.redo(id, version, redoSteps));
            setRedoSteps(1);
          }}
        >
          Redo
        </button>
        <Steps label="redo steps" max={canRedo} value={redoSteps} onChange={setRedoSteps} />
        answers
      </div>
      <div className="row">
        <button disabled={busy} onClick={() => branch(at)}>
          Branch a what-if
        </button>
        after
        <input
          type="number"
          aria-label="branch after answers"
          min={0}
          max={answers}
          value={at}
          onChange={(e) => setBranchAt(Math.max(0, Math.trunc(Number(e.target.value)) || 0))}
        />
        answers
      </div>
      <div className="row">
        <a
          href={api.logUrl(id)}
          download={`fray-encounter-${id}.jsonl`}
          onClick={(e) => {
            // A plain link cannot send the GM's secret: fetch the log, then save it.
            e.preventDefault();
            void saveLog(id);
          }}
        >
          Download the log (JSON lines)
        </a>
      </div>
    </section>
  );
}
