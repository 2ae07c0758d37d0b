// Undo and redo of the last decision over the prompt, for a phone: there the GM has no `u` and
// `r`, and the log's buttons are under every card (styles.css shows these on a narrow screen
// only; a laptop has the keys and the log beside the story). Plain props.
import { api } from "../api.js";
import type { ChangeControl } from "../use-encounter.js";

export function QuickUndo({ encounter, busy, act }: ChangeControl) {
  const { id, version, answers, canRedo } = encounter;
  if (answers === 0 && canRedo === 0) return null;
  return (
    <p className="quick-undo">
      <button
        disabled={busy || answers === 0}
        onClick={() => act(() => api.undo(id, version, 1, "decision"))}
      >
        Undo last decision
      </button>
      <button
        disabled={busy || canRedo === 0}
        onClick={() => act(() => api.redo(id, version, 1, "decision"))}
      >
        Redo last decision
      </button>
    </p>
  );
}
