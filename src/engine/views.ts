// What every ruleset's views share (the Ruleset contract's `view`): the GM and a combatant's own
// side see its full view, any other side its view as a foe, which shows its gear and how hurt it
// looks, never its numbers.
import type { CombatantView, Viewer } from "./ruleset.js";

interface Combatant {
  readonly id: string;
  readonly name: string;
  readonly side: string;
}

/**
 * Each combatant as `viewer` may see it: `full` for the GM and its own side, else `foe`. A foe
 * out of the fight says how, as its full view does (`outAs`: "fled", "dead", "left the fight"):
 * the table sees a foe run or fall, and a player's screen said "healthy" of one that had left.
 */
export function viewsBySide<C extends Combatant>(
  combatants: readonly C[],
  viewer: Viewer,
  full: (c: C) => CombatantView,
  foe: (c: C) => CombatantView,
): readonly CombatantView[] {
  return combatants.map((c) => {
    if (viewer.kind === "gm" || viewer.side === c.side) return full(c);
    const seen = foe(c);
    if (!seen.out || seen.outAs !== undefined) return seen;
    const outAs = full(c).outAs;
    return outAs === undefined ? seen : { ...seen, outAs };
  });
}

/** How hurt a fighter still standing looks: unhurt, wounded (over half its hit points left), or badly. */
export function hurtLooks(hp: number, maxHp: number): string {
  if (hp >= maxHp) return "unhurt";
  return hp * 2 > maxHp ? "wounded" : "badly wounded";
}

/**
 * A foe as the other side sees it: how it looks (its status), no health bars (its numbers stay
 * hidden), and what is plain to see: its conditions, its gear and the like, its place.
 */
export function foeView(
  c: Combatant,
  out: boolean,
  looks: string,
  plain: Pick<CombatantView, "conditions" | "details" | "place">,
): CombatantView {
  return { id: c.id, name: c.name, side: c.side, status: looks, out, health: [], ...plain };
}

/** A foe hidden from the other side (concealed, undetected): its name, and nothing else seen. */
export function unseenFoe(c: Combatant): CombatantView {
  return foeView(c, false, "unseen", { conditions: [], details: [] });
}
