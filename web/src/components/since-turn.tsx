// What happened since a player's last turn, on their screen under the last result: the results
// before it (the server's sinceTurn, each as the side may see it), oldest first ending at the
// newest, as a player reads back at the table. A line each: the action's heading and what it did.
// On a phone the older ones fold behind "Show N more", the newest three shown, numbered as in the
// whole list; once the fight is over, none.
import { useState } from "react";
import { sentence } from "../../../src/core/sentence.js";
import type { PlayerState } from "../types.js";

/** Results shown before "Show N more" on a phone: the newest, nearest the last result. */
export const SINCE_SHOWN = 3;

type Told = PlayerState["sinceTurn"][number];

/** A result as one line: "Grub: attack Ann — Grub hits Ann with the scimitar: -4 HP (to 6/10 HP)". */
export function sinceLine(result: Told): string {
  // What it did, then what it changed besides, as the GM's last result says them: a bar that got
  // worse is in the outcome's line, a condition is not ("Fletch hits Corwin: no damage; Fletch
  // lands a legendary hit on Corwin: lasting blindness" left out "Corwin: now blind").
  const besides =
    result.outcome.length > 0 ? result.changes.filter((c) => c.worse !== true) : result.changes;
  const did = [...result.outcome, ...besides.map((c) => c.text)];
  // The player's own combatant's decision, made by the GM (the phone was away): said so.
  const heading = `${sentence(result.heading)}${result.gmChose === true ? " (the GM chose)" : ""}`;
  return did.length === 0 ? heading : `${heading} — ${did.join("; ")}`;
}

/**
 * The list, numbered from its oldest whether folded or not (a phone showed "Show 1 more" over a
 * list numbered from 1, the fold's hidden items uncounted); none once the fight is over (`over`),
 * where the outcome says it all.
 */
export function SinceTurn({
  results,
  over,
}: {
  readonly results: readonly Told[];
  readonly over: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (results.length === 0 || over) return null;
  const hidden = open ? 0 : Math.max(0, results.length - SINCE_SHOWN);
  return (
    <section className={`since-turn${hidden > 0 ? " folded" : ""}`} aria-label="since your turn">
      <h2>Since your turn</h2>
      {hidden > 0 ? (
        <button type="button" className="since-more" onClick={() => setOpen(true)}>
          Show {hidden} more
        </button>
      ) : null}
      <ol>
        {results.map((r, i) => (
          <li key={r.at} value={i + 1} className={i < hidden ? "since-older" : undefined}>
            {sinceLine(r)}
          </li>
        ))}
      </ol>
    </section>
  );
}
