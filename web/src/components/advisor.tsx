// The advisor for the pending decision (GET .../advice): each option ranked best first with the
// damage it is expected to deal and take by the end of the round and each foe's chance of being
// taken out; ranked by the chance to win the whole fight when the GM asks (horizon=fight: exact
// within the console's state budget, else sampled, and the page says which). On demand: a large
// round is sampled, which takes a few seconds.
import { useState } from "react";
import { api } from "../api.js";
import { estimate } from "../format.js";
import { asError } from "../use-encounter.js";
import type { AdviceJson, Encounter } from "../types.js";
import { ErrorBox } from "./error-box.js";

const SAMPLES = 5000;

/**
 * The most distinct states the fight horizon may take before sampling whole fights instead: each
 * option leads to states of its own (the example duel's 21 options take 81,000).
 */
const FIGHT_MAX_STATES = 200_000;

/** How the chances over the whole fight were found, as the table's note says it. */
function fightMethod(fight: NonNullable<AdviceJson["fight"]>): string {
  return fight.method === "exact"
    ? `exact over the whole fight (${fight.states.toLocaleString("en-US")} states, unresolved ${fight.unresolved.toExponential(1)})`
    : `sampled over the whole fight (${fight.samples.toLocaleString("en-US")} fights an option, ± 95%)`;
}

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
  const [byFight, setByFight] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const ask = async () => {
    setThinking(true);
    try {
      const fight = byFight ? { maxStates: FIGHT_MAX_STATES } : undefined;
      setAdvice({
        version: encounter.version,
        advice: await api.advice(encounter.id, SAMPLES, fight),
      });
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
  const fight = current?.horizon === "fight";
  return (
    <section className="advisor">
      <h2>Advisor</h2>
      <div className="row">
        <button disabled={thinking || encounter.pending === null} onClick={() => void ask()}>
          {thinking ? "Thinking…" : "Advise the next decision"}
        </button>
        <label>
          <input type="checkbox" checked={byFight} onChange={(e) => setByFight(e.target.checked)} />{" "}
          rank by the chance to win the whole fight
        </label>
      </div>
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
          {current.fight === undefined ? null : (
            <p className="advice-fight" data-method={current.fight.method}>
              Ranked by the chance to win the fight: {fightMethod(current.fight)}; damage and the
              foes out are to the end of the round.
            </p>
          )}
          <p className="note">
            Every later decision of the round, the foes&apos; included, is taken by the
            combatants&apos; tactics: the figures are what each option leads to if everyone then
            plays by them, not against every answer the foes could give.
          </p>
          <table className="advice">
            <thead>
              <tr>
                <th>option</th>
                <th>damage dealt</th>
                <th>damage taken</th>
                {fight ? (
                  <>
                    <th>win the fight</th>
                    <th>lose the fight</th>
                  </>
                ) : null}
                {foes.map((f) => (
                  <th key={f.id}>{f.name} out</th>
                ))}
                {fight ? null : (
                  <>
                    <th>win this round</th>
                    <th>lose this round</th>
                  </>
                )}
                {answerable ? <th /> : null}
              </tr>
            </thead>
            <tbody>
              {current.options.map((option) => (
                <tr key={JSON.stringify(option.value)}>
                  <td>
                    {option.label}
                    {option.policy ? " (tactics' pick)" : ""}
                  </td>
                  <td>{estimate(option.dealt)}</td>
                  <td>{estimate(option.taken)}</td>
                  {fight ? (
                    <>
                      <td className="advice-win-fight">
                        <data value={option.win?.value}>{estimate(option.win, true)}</data>
                      </td>
                      <td>{estimate(option.lose, true)}</td>
                    </>
                  ) : null}
                  {foes.map((f) => (
                    <td key={f.id}>
                      {estimate(option.combatants.find((c) => c.id === f.id)?.out ?? null, true)}
                    </td>
                  ))}
                  {fight ? null : (
                    <>
                      <td>{estimate(option.win, true)}</td>
                      <td>{estimate(option.lose, true)}</td>
                    </>
                  )}
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
