// A combatant card's way into the rosters: its stat block (as the encounter's file lists it, or
// as the GM brought it in as a late arrival) saved to the ruleset's party or bestiary
// (POST /rosters), to build later encounters with.
import { useState } from "react";
import { ROSTER_KINDS } from "../../../src/server/roster-store.js";
import { api } from "../api.js";
import type { Encounter, RosterKind } from "../types.js";
import { asError } from "../use-encounter.js";

/** The stat block combatant `id` came in with: a late arrival's, else its file's; no side. */
async function statBlockOf(encounter: Encounter, id: string): Promise<Record<string, unknown>> {
  const arrived = encounter.log
    .flatMap((a) =>
      a.kind === "gm" && a.change.op === "add-combatant" ? [a.change.combatant] : [],
    )
    .find((c) => typeof c === "object" && c !== null && (c as { id?: unknown }).id === id);
  const block =
    (arrived as Record<string, unknown> | undefined) ??
    (await api.gm(encounter.id)).roster.find((c) => c.id === id);
  if (block === undefined) throw new Error(`no stat block of ${id} in this encounter`);
  return Object.fromEntries(Object.entries(block).filter(([key]) => key !== "side"));
}

export function SaveToRoster({
  encounter,
  combatant,
  name,
}: {
  readonly encounter: Encounter;
  readonly combatant: string;
  readonly name: string;
}) {
  const [said, setSaid] = useState("");
  const save = async (roster: RosterKind) => {
    try {
      await api.addToRoster(encounter.ruleset, roster, await statBlockOf(encounter, combatant));
      setSaid(`saved to the ${roster}`);
    } catch (thrown) {
      setSaid(asError(thrown).message);
    }
  };
  return (
    <p className="card-save">
      <span className="card-save-label">Save to</span>
      {ROSTER_KINDS.map((roster) => (
        <button
          key={roster}
          type="button"
          className="small"
          aria-label={`Save ${name} to the ${roster}`}
          onClick={() => void save(roster)}
        >
          {roster}
        </button>
      ))}
      <span aria-live="polite">{said}</span>
    </p>
  );
}
