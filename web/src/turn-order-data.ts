// The turn order strip's data: the encounter's `order` (initiative, counts, pairings, action
// points: whatever the ruleset has, as the API gives it) when the reply carries it; until then
// the combatants in the view's order, the one the pending choice waits for acting, those out
// of the fight out.
import type { Encounter, TurnOrderData } from "./types.js";

type OrderedEncounter = Encounter & { readonly order?: TurnOrderData };

/** The order, and whether its entries are in the order of play. */
export function turnOrderOf(encounter: Encounter): { order: TurnOrderData; ordered: boolean } {
  const given = (encounter as OrderedEncounter).order;
  if (given !== undefined) return { order: given, ordered: true };
  const acting = encounter.pending?.actor ?? null;
  const order: TurnOrderData = {
    round: encounter.status === "over" ? encounter.round : encounter.round + 1,
    entries: encounter.views.gm.map((c) => ({
      id: c.id,
      label: c.name,
      state: c.out ? "out" : c.id === acting ? "acting" : "waiting",
    })),
  };
  return { order, ordered: false };
}
