// One Dungeons of Olde die of a given rank (Dice, core rules; RULES-NOTES.md 004). A stat's die
// rank equals the stat: Brawn 9 rolls "a d9". An even rank is an ordinary die. An odd rank rolls
// the next larger die and counts that die's top face as the median (a d9 is a d10 whose 10 counts
// as 5; a d5 is a d6 whose 6 counts as 3), and it explodes on its own named value (the d9 on a 9).
// An exploding die rerolls and adds on that value, again and again.
//
// The dice core's notation has no "d10 counting 10 as 5", so the distributions are built here and
// the table rolls the physical die (`2d10!9`: explode on exactly 9); `faceValue` reads each face.
import { Dist } from "../../../core/dist.js";
import { said } from "../../../core/dice/words.js";

/** The smallest rank a die can have: a d1 would explode on every face. */
export const MIN_RANK = 2;
/** Explosions are followed until the chance of yet another one is below this (as the dice core does). */
export const EXPLOSION_CUTOFF = 1e-12;

/** A rank after modifications, never below a d2. */
export function clampRank(rank: number): number {
  return rank < MIN_RANK ? MIN_RANK : rank;
}

/** The die the table picks up: the rank itself when even, one size larger when odd. */
export function physicalSides(rank: number): number {
  return rank % 2 === 0 ? rank : rank + 1;
}

/** What a face of the physical die counts for: an odd rank's extra top face is the median. */
export function faceValue(rank: number, face: number): number {
  return rank % 2 === 1 && face === rank + 1 ? (rank + 1) / 2 : face;
}

/** Table notation for `count` dice of this rank: `2d8!`, `2d10!9` (explode on 9), `d10`. */
export function dieNotation(rank: number, count: number, explode: boolean): string {
  const n = count === 1 ? "" : String(count);
  const sides = physicalSides(rank);
  if (!explode) return `${n}d${sides}`;
  return rank % 2 === 0 ? `${n}d${sides}!` : `${n}d${sides}!${rank}`;
}

/**
 * The faces of one die of `rank` as the table types them: "1 to 10, a 9 explodes, a 10 counts
 * as 5" (a d9, exploding), "1 to 8" (a d8).
 */
export function facesText(rank: number, explode: boolean): string {
  const sides = physicalSides(rank);
  const notes = [`1 to ${sides}`];
  if (explode) notes.push(`${said(rank)} explodes`);
  if (rank % 2 === 1) notes.push(`${said(sides)} counts as ${sides / 2}`);
  return notes.join(", ");
}

/** "d9 (a d10 whose 10 counts as 5)" or "d8": how a rank reads in an explanation. */
export function rankName(rank: number): string {
  return rank % 2 === 0
    ? `d${rank}`
    : `d${rank} (d${rank + 1}, ${rank + 1} counts as ${(rank + 1) / 2})`;
}

const singles = new Map<number, Dist>();

/** The distribution of one die of `rank`, exploding or not. */
export function singleDie(rank: number, explode: boolean): Dist {
  const key = rank * 2 + (explode ? 1 : 0);
  let d = singles.get(key);
  if (d === undefined) {
    d = build(rank, explode);
    singles.set(key, d);
  }
  return d;
}

function build(rank: number, explode: boolean): Dist {
  const sides = physicalSides(rank);
  const q = 1 / sides;
  // What one roll stops at (faces that do not explode), by value.
  const stop = new Float64Array(rank + 1);
  for (let face = 1; face <= sides; face += 1) {
    if (explode && face === rank) continue;
    const v = faceValue(rank, face);
    stop[v] = (stop[v] as number) + q;
  }
  if (!explode) return Dist.fromDense(0, stop);
  // k explosions add k * rank before the stopping face: P = q^k * stop[v].
  let depth = 0;
  let reach = 1;
  while (reach * q >= EXPLOSION_CUTOFF) {
    reach *= q;
    depth += 1;
  }
  const probs = new Float64Array(depth * rank + rank + 1);
  let weight = 1;
  for (let k = 0; k <= depth; k += 1) {
    for (let v = 1; v <= rank; v += 1) {
      const p = stop[v] as number;
      if (p > 0) probs[k * rank + v] = (probs[k * rank + v] as number) + weight * p;
    }
    weight *= q;
  }
  // Still exploding after `depth` explosions: the mass the distribution leaves out.
  return Dist.fromDense(0, probs, weight);
}

const pairs = new Map<number, Dist>();

/** Advantage and disadvantage (Dice): roll two full sets and keep the better or the worse total. */
export type DiceMode = 0 | 1 | 2;
export const NORMAL: DiceMode = 0;
export const ADVANTAGE: DiceMode = 1;
export const DISADVANTAGE: DiceMode = 2;

/** The total of a check's two exploding dice of `rank`, under advantage or disadvantage. */
export function checkTotal(rank: number, mode: DiceMode): Dist {
  const key = rank * 4 + mode;
  let d = pairs.get(key);
  if (d === undefined) {
    const one = singleDie(rank, true);
    const two = one.add(one);
    d =
      mode === NORMAL
        ? two
        : two.combine(
            two,
            mode === ADVANTAGE ? (a, b) => (a > b ? a : b) : (a, b) => (a < b ? a : b),
          );
    pairs.set(key, d);
  }
  return d;
}

/** Advantage and disadvantage cancel; several of one kind count once. */
export function modeOf(advantage: boolean, disadvantage: boolean): DiceMode {
  if (advantage === disadvantage) return NORMAL;
  return advantage ? ADVANTAGE : DISADVANTAGE;
}

export function modeName(mode: DiceMode): string {
  return mode === ADVANTAGE ? " with advantage" : mode === DISADVANTAGE ? " with disadvantage" : "";
}
