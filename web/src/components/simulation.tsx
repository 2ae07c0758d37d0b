// A small simulation of the encounter (POST /simulations): the fight played from its start many
// times under the policies, with each side's chance of winning, its 95% interval and a chart.
import { useState } from "react";
import { api } from "../api.js";
import { interval, percent } from "../format.js";
import { asError } from "../use-encounter.js";
import type { Encounter, SimulationJson } from "../types.js";
import { ErrorBox } from "./error-box.js";
import { WinChart } from "./win-chart.js";

export function Simulation({ encounter }: { readonly encounter: Encounter }) {
  const [runs, setRuns] = useState(2000);
  const [result, setResult] = useState<SimulationJson | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const simulate = async () => {
    setRunning(true);
    try {
      setResult(await api.simulate(encounter.id, encounter.seed, runs));
      setError(null);
    } catch (thrown) {
      setError(asError(thrown));
    } finally {
      setRunning(false);
    }
  };
  return (
    <section className="simulation">
      <h2>Simulation</h2>
      <p>The fight from its start, played by the policies with seed {encounter.seed}.</p>
      <div className="row">
        <input
          type="number"
          aria-label="runs"
          min={1}
          max={100_000}
          value={runs}
          onChange={(e) => setRuns(Math.max(1, Math.trunc(Number(e.target.value)) || 1))}
        />
        fights
        <button disabled={running} onClick={() => void simulate()}>
          {running ? "Simulating…" : "Simulate"}
        </button>
      </div>
      <ErrorBox error={error} />
      {result === null ? null : (
        <>
          <table className="sim-result">
            <thead>
              <tr>
                <th>outcome</th>
                <th>chance</th>
                <th>95% interval</th>
              </tr>
            </thead>
            <tbody>
              {result.sides.map((side) => (
                <tr key={side.id} data-side={side.id}>
                  <td>{side.name} wins</td>
                  <td>{percent(side.win.p)}</td>
                  <td>{interval(side.win)}</td>
                </tr>
              ))}
              {[
                { name: "draw", p: result.draw },
                { name: "mutual kill", p: result.mutualKill },
              ].map(({ name, p }) => (
                <tr key={name}>
                  <td>{name}</td>
                  <td>{percent(p.p)}</td>
                  <td>{interval(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {result.runs.toLocaleString("en-US")} fights; rounds: mean{" "}
            {result.rounds.mean.toFixed(2)}, median {result.rounds.median}, 90% by{" "}
            {result.rounds.p90}
          </p>
          <WinChart summary={result} />
        </>
      )}
    </section>
  );
}
