// The first page: every stored encounter (the demo among them) to open, the way to the encounter
// builder, and a new one to create from its file.
import { useCallback, useEffect, useState } from "react";
import { api } from "../api.js";
import { routeHref } from "../route.js";
import type { EncounterSummary } from "../types.js";
import { asError } from "../use-encounter.js";
import { CreateEncounter } from "./create-encounter.js";
import { ErrorBox } from "./error-box.js";

export function ListPage() {
  const [encounters, setEncounters] = useState<EncounterSummary[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const load = useCallback(
    () =>
      api
        .list()
        .then((list) => setEncounters(list.encounters))
        .catch((thrown: unknown) => setError(asError(thrown))),
    [],
  );
  useEffect(() => void load(), [load]);
  const remove = async (e: EncounterSummary) => {
    if (!window.confirm(`Delete encounter #${e.id}, "${e.title}"? Its what-ifs stay.`)) return;
    try {
      await api.remove(e.id);
      setError(null);
    } catch (thrown) {
      setError(asError(thrown));
    }
    await load();
  };
  return (
    <main>
      <h1>Encounters</h1>
      <p className="list-actions">
        <a className="button" href={routeHref({ page: "build" })}>
          Build an encounter
        </a>{" "}
        <span>pick a ruleset and combatants from your rosters or the examples, no YAML</span>
      </p>
      <ErrorBox error={error} />
      {encounters === null ? null : (
        <table className="encounters">
          <thead>
            <tr>
              <th>#</th>
              <th>title</th>
              <th>ruleset</th>
              <th>round</th>
              <th>status</th>
              <th>answers</th>
              <th>branched from</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {encounters.map((e) => (
              <tr key={e.id} data-encounter={e.id}>
                <td>{e.id}</td>
                <td>
                  <a href={routeHref({ page: "encounter", id: e.id })}>{e.title}</a>
                </td>
                <td>{e.ruleset}</td>
                <td className="round">
                  <span className="cell-label">round </span>
                  {e.status === "over" ? `${e.round} played` : `${e.round + 1}`}
                </td>
                <td>{e.status === "over" ? `over: ${e.outcome?.reason ?? ""}` : "in play"}</td>
                <td>
                  {e.answers}
                  <span className="cell-label"> answers</span>
                </td>
                <td>
                  {e.branchOf === null ? (
                    ""
                  ) : (
                    <>
                      <span className="cell-label">a what-if of </span>#{e.branchOf.id} after{" "}
                      {e.branchOf.at}
                    </>
                  )}
                </td>
                <td>
                  <button aria-label={`delete #${e.id}`} onClick={() => void remove(e)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreateEncounter
        created={(e) => {
          window.location.hash = routeHref({ page: "encounter", id: e.id });
        }}
      />
    </main>
  );
}
