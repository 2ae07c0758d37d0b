// The advisor for the pending decision (GET .../advice): each option ranked best first with the
// damage it is expected to deal and take by the end of the round and each foe's chance of being
// taken out. On demand: a large round is sampled, which takes a few seconds.
import { useState } from "react";
import { api } from "../api.js";
import { estimate } from "../format.js";
import { asError } from "../use-encounter.js";
import type { AdviceJson, Encounter } from "../types.js";
import { ErrorBox } from "./error-box.js";

const SAMPLES = 5000;

export function Advisor({
  encounter,
  busy,
  choose,
}: {
  readonly encounter: Encounter;
  readonly busy: boolean;
  readonly choose: (value: unknown) => void;
}) {
  const [advice, setAdvice] = useState<{ version: number; advice: AdviceJson } | null>(null);
  const [thinking, setThinking] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const ask = async () => {
    setThinking(true);
    try {
      setAdvice({ version: encounter.version, advice: await api.advice(encounter.id, SAMPLES) });
      setError(null);
    } catch (thrown) {
      setError(asError(thrown));
    } finally {
      setThinking(false);
    }
  };
  // Advice is about one moment of the fight: any change makes it stale.
  const current = advice?.version === encounter.version ? advice.advice : null;
  const answerable =
    current !== null &&
    current.rolled.length === 0 &&
    encounter.pending?.kind === "decide" &&
    encounter.pending.actor === current.actor;
  const foes = (current?.options[0]?.combatants ?? []).filter((c) => c.side !== current?.side);
  return (
    <section className="advisor">
      <h2>Advisor</h2>
      <button disabled={thinking || encounter.pending === null} onClick={() => void ask()}>
        {thinking ? "Thinking…" : "Advise the next decision"}
      </button>
      <ErrorBox error={error} />
      {current === null ? null : (
        <>
          <p>
            {current.prompt} (round {current.round}, {current.method}
            {current.method === "sampled" ? `, ${current.runs} samples an option, ± 95%` : ""})
            {current.rolled.length === 0
              ? ""
              : `; rolled first from the seed: ${current.rolled.join("; ")}`}
          </p>
          <p className="note">
            Every later decision of the round, the foes&apos; included, is taken by its policy: the
            figures are what each option leads to if everyone then acts as Fray&apos;s policies
            would, not against every answer the foes could give.
          </p>
          <table className="advice">
            <thead>
              <tr>
                <th>option</th>
                <th>damage dealt</th>
                <th>damage taken</th>
                {foes.map((f) => (
                  <th key={f.id}>{f.name} out</th>
                ))}
                <th>win this round</th>
                <th>lose this round</th>
                {answerable ? <th /> : null}
              </tr>
            </thead>
            <tbody>
              {current.options.map((option) => (
                <tr key={JSON.stringify(option.value)}>
                  <td>
                    {option.label}
                    {option.policy ? " (policy)" : ""}
                  </td>
                  <td>{estimate(option.dealt)}</td>
                  <td>{estimate(option.taken)}</td>
                  {foes.map((f) => (
                    <td key={f.id}>
                      {estimate(option.combatants.find((c) => c.id === f.id)?.out ?? null, true)}
                    </td>
                  ))}
                  <td>{estimate(option.win, true)}</td>
                  <td>{estimate(option.lose, true)}</td>
                  {answerable ? (
                    <td>
                      <button disabled={busy} onClick={() => choose(option.value)}>
                        Choose
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
