// What the last undo took back, or the last redo gave back, over the prompt: a GM who pressed
// `u` sees what left the fight (a decision with its rolls, or every initiative roll of the round)
// and how to have it back (by `r` on a laptop, by the button on a phone), and after `r` what came
// back, until the next change; after several steps played at once (`e`, "Play to the end of
// the fight"), what they did to everyone (played.ts). Plain props.
import { useState } from "react";
import { answersText, gaveBack, tookBack, type LogAnswer } from "../log-steps.js";
import { playedBetween, type Played } from "../played.js";
import type { Encounter } from "../types.js";

/** The last undo's or redo's answers, with which it was; or what several steps played did. */
export type UndoLine =
  | { readonly kind: "took" | "gave"; readonly answers: readonly LogAnswer[] }
  | { readonly kind: "played"; readonly played: Played };

interface Seen {
  readonly encounter: Encounter | null;
  readonly line: UndoLine | null;
  /** What the undos seen here took back and no redo gave back yet, the next to redo first. */
  readonly undone: readonly LogAnswer[];
}

/** The line and what is left undone after the change from `before` to `encounter`. */
function next(before: Seen, encounter: Encounter): Seen {
  const taken = tookBack(before.encounter, encounter);
  if (taken !== null) {
    const undone = [...taken, ...before.undone].slice(0, encounter.canRedo);
    return { encounter, line: { kind: "took", answers: taken }, undone };
  }
  const given = gaveBack(before.encounter, encounter, before.undone);
  if (given !== null) {
    const undone = before.undone.slice(given.length);
    return { encounter, line: { kind: "gave", answers: given }, undone };
  }
  const played = playedBetween(before.encounter, encounter);
  const line = played === null ? null : { kind: "played" as const, played };
  return { encounter, line, undone: encounter.canRedo === 0 ? [] : before.undone };
}

/**
 * What the undo or redo that brought the encounter shown took or gave back, until another
 * change: worked out while rendering the new encounter (React's state from the previous render),
 * so that the page never shows a new encounter with the line of the one before.
 */
export function useUndoLine(encounter: Encounter | null): UndoLine | null {
  const [seen, setSeen] = useState<Seen>({ encounter: null, line: null, undone: [] });
  const before = seen.encounter;
  if (encounter === null || (encounter.id === before?.id && encounter.version === before.version))
    return seen.line;
  const now = next(seen, encounter);
  setSeen(now);
  return now.line;
}

export function UndoLineText({
  line,
  nameOf,
}: {
  readonly line: UndoLine | null;
  readonly nameOf: (id: string) => string;
}) {
  if (line === null) return null;
  if (line.kind === "played") return <PlayedLine played={line.played} />;
  // Its rolls in words, each by what it was for and its total ("Hill Giant's damage (42, typed
  // at the table)"), where its dice in boxes made the GM count ten dice to tell which roll went.
  const text = answersText(line.answers, nameOf);
  // How to have it back in the words of the screen: a laptop's key, a phone's button over the
  // prompt (quick-undo.tsx; a phone has no r to press). Both written, styles.css shows one.
  return line.kind === "took" ? (
    <p className="took-back" role="status">
      <strong>Took back:</strong> {text}.{" "}
      <span className="by-keys">
        Redo <kbd>r</kbd> gives it back.
      </span>
      <span className="by-touch">“Redo last decision” gives it back.</span>
    </p>
  ) : (
    <p className="gave-back" role="status">
      <strong>Gave back:</strong> {text}.{" "}
      <span className="by-keys">
        Undo <kbd>u</kbd> takes it back.
      </span>
      <span className="by-touch">“Undo last decision” takes it back.</span>
    </p>
  );
}

/**
 * "Played to round 2 (34 answers): Hild: -1 HP (to 19/20 HP); Cutter: -22 HP (to -4/18 HP),
 * taken out". Over the prompt, as an undo's line; each combatant on a line of its own.
 */
function PlayedLine({ played }: { readonly played: Played }) {
  const { answers, to, changes, allInLast } = played;
  const none = allInLast ? ": as the last result says." : ": no one hurt.";
  return (
    <div className="played-line" role="status">
      <p>
        <strong>Played to {to ?? "the fight's end"}</strong> ({answers} answers)
        {changes.length === 0 ? none : ":"}
      </p>
      {changes.length === 0 ? null : (
        // A stop for the keyboard: on a phone its lines scroll in it.
        <ul tabIndex={0} aria-label="what they did">
          {changes.map((change, i) => (
            <li key={i}>{change}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
