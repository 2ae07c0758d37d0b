// How a side stands in a fight without looking ahead, for tactics deciding whether a fight is
// lost: Lanchester's square law. A side's strength is the hit points it has left times the damage
// it deals a round, each summed over its fighters; two sides trading blows to the end, the one
// with the larger strength wins, and the ratio says by how much. The ruleset says what a fighter's
// hit points and damage a round are (its own estimates of a blow); this file only adds them up.

/** A fighter as the square law sees it: its side, and its numbers now. */
export interface StrengthOf<C> {
  /** Does `c` still fight (not out, fled, nor leaving)? */
  readonly fighting: (c: C) => boolean;
  /** Is `c` on the side the question is asked for? */
  readonly mine: (c: C) => boolean;
  /** What keeps `c` in the fight: its hit points left. */
  readonly hp: (c: C) => number;
  /** The damage `c` is expected to deal a round to the other side. */
  readonly dealt: (c: C) => number;
}

/**
 * How outmatched a side is: its foes' strength over its own (hit points left times damage a
 * round, each summed over a side's fighters still fighting). 1 is an even fight, 2 a side whose
 * foes need half the rounds it does; Infinity a side that can hurt nobody, 0 one with no foe left.
 */
export function outmatched<C>(all: readonly C[], by: StrengthOf<C>): number {
  let myHp = 0;
  let myDealt = 0;
  let theirHp = 0;
  let theirDealt = 0;
  let theirs = 0;
  for (let i = 0; i < all.length; i += 1) {
    const c = all[i]!;
    if (!by.fighting(c)) continue;
    if (by.mine(c)) {
      myHp += by.hp(c);
      myDealt += by.dealt(c);
    } else {
      theirHp += by.hp(c);
      theirDealt += by.dealt(c);
      theirs += 1;
    }
  }
  if (theirs === 0) return 0;
  const mine = myHp * myDealt;
  return mine > 0 ? (theirHp * theirDealt) / mine : Infinity;
}

/**
 * Has the fight told on `me`'s side: is a friend of `me` (not `me`) out of it? One on one there
 * is no friend to lose.
 */
export function friendOut<C>(all: readonly C[], me: C, by: StrengthOf<C>): boolean {
  for (let i = 0; i < all.length; i += 1) {
    const c = all[i]!;
    if (c !== me && by.mine(c) && !by.fighting(c)) return true;
  }
  return false;
}

/**
 * The mean of `value` over the fighters of `all` that `keep` keeps (0 if none): a fighter's blow
 * on average over the foes still fighting, which each ruleset's strength estimate asks for.
 */
export function meanOver<C>(
  all: readonly C[],
  keep: (c: C) => boolean,
  value: (c: C) => number,
): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < all.length; i += 1) {
    const c = all[i]!;
    if (!keep(c)) continue;
    sum += value(c);
    n += 1;
  }
  return n === 0 ? 0 : sum / n;
}
