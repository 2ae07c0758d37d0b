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
