// Combatants standing on a line of positions (feet, spaces: the ruleset's unit), as the rulesets
// with positions keep them in their state's `combatants`: finding one, the distance between two,
// and the foes (those of another side) still fighting.

/** A combatant on the line: its side, its position, and "fighting" while it is in the fight. */
export interface OnLine {
  readonly id: string;
  readonly side: string;
  readonly pos: number;
  readonly status: string;
}

export function distance(a: OnLine, b: OnLine): number {
  const d = a.pos - b.pos;
  return d < 0 ? -d : d;
}

export function find<C extends OnLine>(
  state: { readonly combatants: readonly C[] },
  id: string,
): C | undefined {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) if (cs[i]!.id === id) return cs[i];
  return undefined;
}

/** True while any combatant hostile to `me` is still in the fight. */
export function anyFoeFighting<C extends OnLine>(
  state: { readonly combatants: readonly C[] },
  me: C,
): boolean {
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.side !== me.side && c.status === "fighting") return true;
  }
  return false;
}

/** The nearest foe of `me` still fighting (the first of those as near), or undefined. */
export function nearestFoe<C extends OnLine>(
  state: { readonly combatants: readonly C[] },
  me: C,
): C | undefined {
  let best: C | undefined;
  let bestD = Infinity;
  const cs = state.combatants;
  for (let i = 0; i < cs.length; i += 1) {
    const c = cs[i]!;
    if (c.side === me.side || c.status !== "fighting") continue;
    const d = distance(me, c);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

/**
 * A position as a GM reads a battle line: "space 3" or "30 ft" from the start line (position 0,
 * where the party stands at the start), and one behind it as "5 spaces behind the start line" or
 * "45 ft behind the start line", not "space -5" or "-45 ft". Neither chapter draws the line (Fray's
 * distance model: docs/rulesets/cartyrion.md "Distance", dungeons-of-olde.md "The field").
 */
export function spotOnLine(pos: number, unit: "ft" | "space"): string {
  if (pos >= 0) return unit === "ft" ? `${pos} ft` : `space ${pos}`;
  const back = -pos;
  const length = unit === "ft" ? `${back} ft` : `${back} ${back === 1 ? "space" : "spaces"}`;
  return `${length} behind the start line`;
}

/** `spotOnLine` after "at": "at space 3", but "5 spaces behind the start line". */
export function atOnLine(pos: number, unit: "ft" | "space"): string {
  const spot = spotOnLine(pos, unit);
  return pos >= 0 ? `at ${spot}` : spot;
}
