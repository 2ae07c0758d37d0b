// A combatant's tactics on the GM's card, and a side's over its cards: what auto-play, the
// policy's answers, the advisor and the fight's odds play, changed at once for the rest of the
// fight (PUT /encounters/:id/tactics). Tactics are the encounter's definition, not its state: the answers
// given stay, and undo takes back answers, not tactics (docs/console.md, "Tactics").
import { useEffect, useState } from "react";
import { api } from "../api.js";
import { commonProfile, DEFAULT_PROFILE, type RulesetTacticsJson } from "../tactics.js";
import type { Encounter } from "../types.js";
import { ProfileOptions, TacticsPicker } from "./tactics-picker.js";

/** A ruleset's tactics (GET /rulesets/:id), once its id is known; null until they come. */
export function useRulesetTactics(ruleset: string | undefined): RulesetTacticsJson | null {
  const [tactics, setTactics] = useState<RulesetTacticsJson | null>(null);
  useEffect(() => {
    if (ruleset === undefined) return;
    let live = true;
    // Without them the cards show no tactics; the page's other errors say what is wrong.
    api.ruleset(ruleset).then(
      (r) => live && setTactics(r.tactics),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ruleset]);
  return tactics;
}

export function CardTactics({
  encounter,
  tactics,
  combatant,
  name,
  busy,
  act,
}: {
  readonly encounter: Encounter;
  readonly tactics: RulesetTacticsJson | null;
  readonly combatant: string;
  readonly name: string;
  readonly busy: boolean;
  readonly act: (change: () => Promise<Encounter>) => void;
}) {
  // Every combatant in the fight, late arrivals too, has its tactics in the encounter's.
  if (tactics === null || !(combatant in encounter.tactics)) return null;
  const { id, version } = encounter;
  return (
    <TacticsPicker
      tactics={tactics}
      name={name}
      value={encounter.tactics[combatant]}
      disabled={busy}
      described={false}
      set={(choice) =>
        act(() => api.setTactics(id, version, { [combatant]: choice ?? DEFAULT_PROFILE }))
      }
    />
  );
}

/**
 * A side's tactics on the GM's page: one select for every combatant of the side in the fight,
 * late arrivals included ("what if the goblins fight to the death?"), showing their common
 * profile, or "mixed" when they differ.
 */
export function SideTactics({
  encounter,
  tactics,
  side,
  busy,
  act,
}: {
  readonly encounter: Encounter;
  readonly tactics: RulesetTacticsJson | null;
  readonly side: Encounter["sides"][number];
  readonly busy: boolean;
  readonly act: (change: () => Promise<Encounter>) => void;
}) {
  const ids = encounter.views.gm
    .filter((c) => c.side === side.id && c.id in encounter.tactics)
    .map((c) => c.id);
  if (tactics === null || ids.length < 2) return null;
  const common = commonProfile(encounter.tactics, ids);
  const { id, version } = encounter;
  return (
    <label className="side-tactics">
      <span className="tactics-label">Tactics of all</span>{" "}
      <select
        aria-label={`Tactics of all ${side.name}`}
        value={common}
        disabled={busy}
        onChange={(e) =>
          e.target.value !== "" &&
          act(() => api.setTactics(id, version, { [side.id]: e.target.value }))
        }
      >
        {common === "" ? <option value="">mixed</option> : null}
        <ProfileOptions tactics={tactics} current={common} />
      </select>
    </label>
  );
}
