// The GM's page of one encounter: every combatant as the GM sees it, the pending choice, the log
// (undo, redo, branch, download), the explanations, the advisor and a simulation.
import { api } from "../api.js";
import { routeHref } from "../route.js";
import { useEncounter } from "../use-encounter.js";
import { Advisor } from "./advisor.js";
import { Combatants } from "./combatants.js";
import { ErrorBox } from "./error-box.js";
import { Explanations } from "./explanations.js";
import { History } from "./history.js";
import { NextStep } from "./next-step.js";
import { Simulation } from "./simulation.js";

/** How often the page asks whether the encounter changed elsewhere (another tab, the API). */
const POLL_MS = 1500;

export function EncounterPage({ id }: { readonly id: number }) {
  const { encounter, error, busy, elsewhere, act } = useEncounter(id, POLL_MS);
  if (encounter === null) {
    return (
      <main>
        <ErrorBox error={error} />
      </main>
    );
  }
  const { version } = encounter;
  const branch = (at: number) =>
    act(async () => {
      const branched = await api.branch(id, at);
      window.location.hash = routeHref({ page: "encounter", id: branched.id });
      return branched;
    });
  return (
    <main className="encounter" data-version={version}>
      <h1>
        {encounter.title} <small>#{encounter.id}</small>
      </h1>
      <p className="summary">
        {encounter.ruleset}, seed {encounter.seed},{" "}
        {encounter.status === "over"
          ? `over after ${encounter.round} rounds`
          : `round ${encounter.round + 1}`}
        {encounter.branchOf === null
          ? ""
          : `; a what-if of #${encounter.branchOf.id} after ${encounter.branchOf.at} answers`}
      </p>
      <Combatants combatants={encounter.views.gm} sides={encounter.sides} />
      <p className="elsewhere" role="status">
        {elsewhere === null
          ? ""
          : `Changed elsewhere (another tab or the API): now ${encounter.answers} answer${encounter.answers === 1 ? "" : "s"}, version ${elsewhere.to}.`}
      </p>
      <ErrorBox error={error} />
      <div className="columns">
        <div>
          <NextStep encounter={encounter} busy={busy} act={(change) => void act(change)} />
          <History
            encounter={encounter}
            busy={busy}
            act={(change) => void act(change)}
            branch={(at) => void branch(at)}
          />
          <Explanations explanations={encounter.explanations} />
        </div>
        <div>
          <Advisor
            encounter={encounter}
            busy={busy}
            choose={(choice) => void act(() => api.answer(id, version, { choice }))}
          />
          <Simulation encounter={encounter} />
        </div>
      </div>
    </main>
  );
}
