// A combatant's card from the API's view of it: the ruleset's labelled fields (`health`,
// `conditions`, `details`, `place`), each written as a player would say it.
import type { CardData, CombatantView } from "./types.js";

export function cardOf(view: CombatantView): CardData {
  return {
    id: view.id,
    name: view.name,
    side: view.side,
    status: view.status,
    out: view.out,
    health: view.health,
    conditions: view.conditions,
    details: view.details,
    place: view.place ?? null,
  };
}
