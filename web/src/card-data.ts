// A combatant's card from the API's view of it: the ruleset's labelled fields (`health`,
// `conditions`, `details`, `place`), each written as a player would say it.
import type { CardData, CombatantView } from "./types.js";

/**
 * The status line less the conditions the card shows as badges: a ruleset's status names them
 * for a screen with no badges (`fray play`: "22/22 SP, 0/12 injuries, surprised"), which on a
 * card said "surprised" twice, beside its badge; and less how it is out of the fight, which its
 * out badge says ("out: fled"; a foe's "dead" leaves no status).
 */
function statusBesideBadges(view: CombatantView): string {
  const badges = new Set(view.conditions.map((c) => c.label));
  const parts = view.status.split(", ");
  const kept = parts.filter((p, i) => p !== view.outAs && (i === 0 || !badges.has(p)));
  return kept.join(", ");
}

export function cardOf(view: CombatantView): CardData {
  return {
    id: view.id,
    name: view.name,
    side: view.side,
    status: statusBesideBadges(view),
    out: view.out,
    outAs: view.out ? (view.outAs ?? null) : null,
    health: view.health,
    conditions: view.conditions,
    details: view.details,
    place: view.place ?? null,
  };
}
