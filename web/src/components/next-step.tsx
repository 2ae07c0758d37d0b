// What the fight waits for: the pending decision or roll, or the outcome once it is over; and
// autoplay to the end of the round or of the fight.
import { api } from "../api.js";
import { pendingKey } from "../freshest.js";
import { outcomeText } from "../outcome.js";
import type { Encounter } from "../types.js";
import { DecisionPrompt } from "./decision-prompt.js";
import { RollPrompt } from "./roll-prompt.js";

export function NextStep({
  encounter,
  busy,
  act,
}: {
  readonly encounter: Encounter;
  readonly busy: boolean;
  readonly act: (change: () => Promise<Encounter>) => void;
}) {
  const { id, version, answers, pending } = encounter;
  const autoplay = (until: "round" | "end") => act(() => api.autoplay(id, version, until));
  return (
    <section className="next-step">
      <h2>Next</h2>
      {pending === null ? (
        <p className="outcome">{outcomeText(encounter)}</p>
      ) : pending.kind === "decide" ? (
        <DecisionPrompt
          key={pendingKey(answers, pending)}
          pending={pending}
          busy={busy}
          answer={(answer) => act(() => api.answer(id, version, answer))}
          byPolicy={() => act(() => api.policy(id, version))}
        />
      ) : (
        <RollPrompt
          key={pendingKey(answers, pending)}
          pending={pending}
          busy={busy}
          answer={(answer) => act(() => api.answer(id, version, answer))}
          rollForMe={() => act(() => api.roll(id, version))}
        />
      )}
      {pending === null ? null : (
        <div className="autoplay">
          <button disabled={busy} onClick={() => autoplay("round")}>
            Play to the end of the round
          </button>
          <button disabled={busy} onClick={() => autoplay("end")}>
            Play to the end of the fight
          </button>
        </div>
      )}
    </section>
  );
}
