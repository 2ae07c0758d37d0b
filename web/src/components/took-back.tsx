// What the last undo took back, over the prompt: a GM who pressed `u` sees what left the fight
// (a decision with its rolls, or every initiative roll of the round) and how to have it back,
// until the next change. Plain props.
import { useState } from "react";
import { answersText, tookBack, type LogAnswer } from "../log-steps.js";
import type { Encounter } from "../types.js";

/**
 * The answers the undo that brought the encounter shown took back, until another change: worked
 * out while rendering the new encounter (React's state from the previous render), so that the
 * page never shows a new encounter with the line of the one before.
 */
export function useTookBack(encounter: Encounter | null): readonly LogAnswer[] | null {
  const [shown, setShown] = useState<{
    readonly encounter: Encounter | null;
    readonly taken: readonly LogAnswer[] | null;
  }>({ encounter: null, taken: null });
  const before = shown.encounter;
  if (encounter === null || (encounter.id === before?.id && encounter.version === before.version))
    return shown.taken;
  const next = { encounter, taken: tookBack(before, encounter) };
  setShown(next);
  return next.taken;
}

export function TookBack({
  answers,
  nameOf,
}: {
  readonly answers: readonly LogAnswer[] | null;
  readonly nameOf: (id: string) => string;
}) {
  if (answers === null) return null;
  return (
    <p className="took-back" role="status">
      <strong>Took back:</strong> {answersText(answers, nameOf)}. Redo <kbd>r</kbd> gives it back.
    </p>
  );
}
