// What the fight waits for: the pending decision or roll, or the outcome once it is over (and the
// same fight again with new dice); and autoplay to the end of the round, or of the fight once the
// GM confirms it.
import type { ReactNode } from "react";
import { api } from "../api.js";
import { pendingKey } from "../freshest.js";
import { outcomeText } from "../outcome.js";
import type { Encounter } from "../types.js";
import { DecisionPrompt } from "./decision-prompt.js";
import { BlowSoFar } from "./result-card.js";
import { RollPrompt } from "./roll-prompt.js";

export function NextStep({
  encounter,
  busy,
  act,
  askingEnd,
  setAskingEnd,
  again,
  players,
  refused = null,
  lastRoll = null,
}: {
  readonly encounter: Encounter;
  readonly busy: boolean;
  readonly act: (change: () => Promise<Encounter>) => void;
  /** Whether the GM is asked to confirm playing to the end of the fight. */
  readonly askingEnd: boolean;
  readonly setAskingEnd: (asking: boolean) => void;
  /** Opens the same fight from its start as a new encounter, with new dice. */
  readonly again: () => void;
  /** The players' links not revoked, which move on to the fight fought again. */
  readonly players: number;
  /** The rules' refusal of the dice entered, shown under the dice box. */
  readonly refused?: Error | null;
  /** "Roll again" for the last roll when it is of the step under way, over the prompt. */
  readonly lastRoll?: ReactNode;
}) {
  const { id, version, answers, pending } = encounter;
  const autoplay = (until: "round" | "end") => act(() => api.autoplay(id, version, until));
  return (
    <section className="next-step" aria-label="next">
      <h2>Next</h2>
      {encounter.blowSoFar === null ? null : <BlowSoFar step={encounter.blowSoFar} />}
      {lastRoll}
      {pending === null ? (
        <>
          <p className="outcome">{outcomeText(encounter)}</p>
          <p className="again">
            <button disabled={busy} onClick={again}>
              Fight it again with new dice
            </button>{" "}
            <span>
              the same start as a new encounter; this one stays as it ended
              {players === 0 ? "" : "; the players' links move on to it, their screens follow"}
            </span>
          </p>
        </>
      ) : pending.kind === "decide" ? (
        <DecisionPrompt
          key={pendingKey(answers, pending)}
          pending={pending}
          busy={busy}
          claimFocus
          answer={(answer) => act(() => api.answer(id, version, answer))}
          byPolicy={() => act(() => api.policy(id, version))}
          playKey="n"
        />
      ) : (
        <RollPrompt
          key={pendingKey(answers, pending)}
          pending={pending}
          busy={busy}
          claimFocus
          refused={refused}
          answer={(answer) => act(() => api.answer(id, version, answer))}
          rollForMe={() => act(() => api.roll(id, version))}
          playKey="n"
        />
      )}
      {pending === null ? null : askingEnd ? (
        <div className="confirm" role="alertdialog" aria-labelledby="confirm-end">
          <p id="confirm-end">
            Play every choice left to the end of the fight, by the combatants&apos; tactics and
            Fray&apos;s dice? Undo takes it back.
          </p>
          <button
            disabled={busy}
            autoFocus
            onClick={() => {
              setAskingEnd(false);
              autoplay("end");
            }}
          >
            Play to the end
          </button>
          <button onClick={() => setAskingEnd(false)}>Cancel</button>
        </div>
      ) : (
        <div className="autoplay">
          <button disabled={busy} onClick={() => autoplay("round")}>
            Play to the end of the round <kbd aria-hidden="true">e</kbd>
          </button>
          <button disabled={busy} onClick={() => setAskingEnd(true)}>
            Play to the end of the fight… <kbd aria-hidden="true">E</kbd>
          </button>
        </div>
      )}
    </section>
  );
}
