// Shield-wall: fighters who lock shields shoulder to shoulder (on Fray's line: at the same spot,
// each with a shield, listed next to each other in `options.shieldWalls`) get their neighbours'
// shields too (+1 for each: +2 on the flanks, +3 in the centre, their own included) against
// frontal attacks, and no DEX bonus (a low-DEX penalty stays); from the flank or rear (an attack
// from behind) they lose the shield bonus as well.
import type { SwState, Fighter } from "../state.js";
import { find } from "./field.js";

function locked(a: Fighter, b: Fighter): boolean {
  return (
    a.status === "fighting" && b.status === "fighting" && b.sheet.shieldAc > 0 && a.pos === b.pos
  );
}

/** Neighbours in a formed wall (0, 1 or 2), or -1 when `f` is not in a wall. */
export function wallNeighbours(state: SwState, f: Fighter): number {
  if (state.walls.length === 0 || f.sheet.shieldAc <= 0) return -1;
  for (const wall of state.walls) {
    const i = wall.indexOf(f.id);
    if (i < 0) continue;
    let n = 0;
    for (const j of [i - 1, i + 1]) {
      // The nearest member still standing on that side closes the gap.
      for (let k = j; k >= 0 && k < wall.length; k += j < i ? -1 : 1) {
        const g = find(state, wall[k]!);
        if (g === undefined || g.status !== "fighting") continue;
        if (locked(f, g)) n += 1;
        break;
      }
    }
    return n > 0 ? n : -1;
  }
  return -1;
}

/** Is `f` listed in a shield-wall (whether or not it is formed right now)? */
export function inWallList(state: SwState, f: Fighter): boolean {
  for (const wall of state.walls) if (wall.includes(f.id)) return true;
  return false;
}
