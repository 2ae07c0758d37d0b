// What the players of one side may see, for a second screen: the API's player view of the
// combatants (no explanations, no pending choice: they can tell what the GM keeps hidden),
// refreshed every second.
import { outcomeText } from "../outcome.js";
import { routeHref } from "../route.js";
import { useEncounter } from "../use-encounter.js";
import { Combatants } from "./combatants.js";
import { ErrorBox } from "./error-box.js";

const POLL_MS = 1000;

export function PlayerPage({ id, side }: { readonly id: number; readonly side: string }) {
  const { encounter, error } = useEncounter(id, POLL_MS);
  const seen = encounter?.views.sides[side];
  const sideName = encounter?.sides.find((s) => s.id === side)?.name ?? side;
  return (
    <main className="player">
      <ErrorBox error={error} />
      {encounter === null ? null : seen === undefined ? (
        <div className="error" role="alert">
          <div className="error-message">This encounter has no side "{side}".</div>
          <div className="error-hint">
            hint: open the view of one of its sides:
            {encounter.sides.map((s) => (
              <a
                key={s.id}
                className="side-link"
                href={routeHref({ page: "player", id, side: s.id })}
              >
                {s.name}
              </a>
            ))}
          </div>
        </div>
      ) : (
        <>
          <h1>
            {encounter.title}: {sideName}
          </h1>
          <p className="summary">
            {encounter.status === "over" ? outcomeText(encounter) : `Round ${encounter.round + 1}`}
          </p>
          <Combatants combatants={seen} sides={encounter.sides} />
        </>
      )}
    </main>
  );
}
