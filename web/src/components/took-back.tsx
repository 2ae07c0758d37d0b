// What the last undo took back, over the prompt: a GM who pressed `u` sees what left the fight
// (a decision with its rolls, or every initiative roll of the round) and how to have it back,
// until the next change. Plain props.
import { useEffect, useRef, useState } from "react";
import { answersText, tookBack, type LogAnswer } from "../log-steps.js";
import type { Encounter } from "../types.js";

/** The answers the undo that brought the encounter shown took back, until another change. */
export function useTookBack(encounter: Encounter | null): readonly LogAnswer[] | null {
  const [taken, setTaken] = useState<readonly LogAnswer[] | null>(null);
  const before = useRef<Encounter | null>(null);
  useEffect(() => {
    if (encounter === null || encounter.version === before.current?.version) return;
    setTaken(tookBack(before.current, encounter));
    before.current = encounter;
  }, [encounter]);
  return taken;
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
